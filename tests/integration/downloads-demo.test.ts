// The demo studio sells one of each download, so a newcomer sees the whole path with the demo
// payment provider: the seeded e-book is a real multi-page PDF, stamped for whoever buys it, and
// the colouring page a picture to print. Neither asks for an address.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";
// @ts-expect-error plain ESM helpers shared with the scripts
import { seedDownloads } from "../../scripts/lib/seed.mjs";

let server: TestServer;
const dir = mkdtempSync(join(tmpdir(), "downloads-demo-"));

async function json(path: string, body: unknown) {
  const res = await fetch(server.url + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  server = await startServer({ STUDIO_PAYMENTS: "demo" });
  // The catalogue's downloads alone, as seedCatalog makes them (the whole catalogue's pictures take long).
  await seedDownloads(server.su);
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it("sells the seeded e-book through the demo page with no address, stamped for its buyer on every page", async () => {
  const items = await server.client().collection("digital_items").getFullList({ sort: "price" });
  expect(items.map((i) => [i.kind, i.world])).toEqual([
    ["colouring page", "cryptid"],
    ["e-book", "pebblewick"],
  ]);
  const ebook = items[1];
  const open = await json("/api/studio/checkout", { items: [{ id: ebook.id, type: "digital", quantity: 1 }], country: "US" });
  expect(open.status, JSON.stringify(open.body)).toBe(200);
  const summary = await (await fetch(`${server.url}/api/studio/checkout/${open.body.session_id}`)).json();
  expect(summary.ships).toBe(false);
  const paid = await json(`/api/studio/checkout/${open.body.session_id}/pay`, { customer: { name: "Nell Newcomer", email: "nell@example.com" } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);

  const session = await server.su.collection("checkout_sessions").getFirstListItem(server.su.filter("provider_session_id = {:id}", { id: open.body.session_id }));
  const order = await (await fetch(`${server.url}/api/studio/orders/${session.id}?key=${encodeURIComponent(session.order_key)}`)).json();
  expect(order).toMatchObject({ ship_to: null, ships: false, status: "delivered", status_label: "Delivered" });
  const file = await fetch(server.url + order.lines[0].files[0].download);
  expect(file.status).toBe(200);
  const path = join(dir, "book.pdf");
  writeFileSync(path, Buffer.from(await file.arrayBuffer()));
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [path]).toString())![1]);
  expect(pages).toBe(7);
  for (let n = 1; n <= pages; n++) {
    expect(execFileSync("pdftotext", ["-f", String(n), "-l", String(n), path, "-"]).toString(), `page ${n}`).toContain("Licensed to Nell Newcomer · nell@example.com · order");
  }
});
