// The shipments migration on a shop that already took orders: every paid order gets its key and a
// fulfilment state from its purchases (refunded where every line was). The shop is first run on
// the hooks and migrations of the commit before the migration, then on today's.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import PocketBase from "pocketbase";
import { form, pngFile } from "../support/files";
// @ts-expect-error plain ESM helpers shared with the scripts
import { freePort, root } from "../../scripts/lib/project.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { launchServer } from "../../scripts/lib/server.mjs";

const dataDir = mkdtempSync(join(tmpdir(), "studio-pb-"));
const before = mkdtempSync(join(tmpdir(), "studio-before-shipments-"));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(before, { recursive: true, force: true });
});

async function start(studioRoot: string) {
  const server = await launchServer({ http: `127.0.0.1:${await freePort()}`, dataDir, env: { STUDIO_ROOT: studioRoot, STUDIO_PAYMENTS: "demo", STRIPE_SECRET_KEY: "" } });
  const su = new PocketBase(server.url);
  su.autoCancellation(false);
  await su.collection("_superusers").authWithPassword(server.superuser.email, server.superuser.password);
  return { server, su };
}

const post = async (url: string, path: string, body: unknown) => (await fetch(url + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).json();
const details = { customer: { name: "Ada", email: "ada@example.com" }, shipping: { address: { line1: "1 Harbor Rd", city: "Pebble Cove", postal_code: "04101", country: "US" } } };

it("gives the orders paid before it a key each, unfulfilled or refunded as their purchases say", async () => {
  const added = execFileSync("git", ["log", "--diff-filter=A", "--format=%H", "--", "pb_migrations/1763805000_shipments.js"], { cwd: root, encoding: "utf8" }).trim().split("\n").at(-1)!;
  execFileSync("sh", ["-c", `git archive ${added}~1 pb_hooks pb_migrations | tar -x -C "${before}"`], { cwd: root });

  const old = await start(before);
  const book = await old.su.collection("books").create(form({ title: "Tales", price: 24.99, website_cart_available: true }, { image: pngFile() }));
  const kept = await post(old.server.url, "/api/studio/checkout", { items: [{ id: book.id, type: "book", quantity: 1 }] });
  await post(old.server.url, `/api/studio/checkout/${kept.session_id}/pay`, details);
  const piece = await old.su.collection("paintings").create(form({ title: "Owl Light", tags: ["Original - For Sale"], tag_prices: { "Original - For Sale": 300 } }, { image: pngFile() }));
  const lost = await post(old.server.url, "/api/studio/checkout", { items: [{ id: piece.id, type: "painting", variant: "original", quantity: 1 }] });
  await old.su.collection("paintings").update(piece.id, { tags: ["Original - Sold Out"] });
  await post(old.server.url, `/api/studio/checkout/${lost.session_id}/pay`, details);
  const open = await post(old.server.url, "/api/studio/checkout", { items: [{ id: book.id, type: "book", quantity: 1 }] });
  await old.server.stop();

  const now = await start(root);
  try {
    const rows = await now.su.collection("checkout_sessions").getFullList({ sort: "created" });
    const by = (id: string) => rows.find((r) => r.provider_session_id === id)!;
    expect(by(kept.session_id)).toMatchObject({ status: "paid", fulfilment: "unfulfilled" });
    expect(by(kept.session_id).order_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(by(lost.session_id)).toMatchObject({ status: "paid", fulfilment: "refunded" });
    expect(by(lost.session_id).order_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(by(lost.session_id).order_key).not.toBe(by(kept.session_id).order_key);
    expect(by(open.session_id)).toMatchObject({ status: "open", fulfilment: "", order_key: "" });
  } finally {
    await now.server.stop();
  }
});
