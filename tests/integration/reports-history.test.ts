// A shop that ran before the reports: at the first start with them, the money it was paid (and gave
// back) shows on the days it moved, once, however often the server starts again.
import { afterAll, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PocketBase from "pocketbase";
// @ts-expect-error plain ESM helpers shared with the scripts
import { freePort } from "../../scripts/lib/project.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { launchServer } from "../../scripts/lib/server.mjs";

const dataDir = mkdtempSync(join(tmpdir(), "studio-pb-history-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = async (): Promise<{ url: string; superuser: { email: string; password: string }; stop(): Promise<void> }> => launchServer({ http: `127.0.0.1:${await freePort()}`, dataDir, env: { STUDIO_ADMIN_DOMAIN: "lanternwood.example", STRIPE_SECRET_KEY: "", STUDIO_DNS_SERVER: "127.0.0.1:9" } });

async function marchAndApril(url: string) {
  const pb = new PocketBase(url);
  await pb.collection("users").authWithPassword("owner@lanternwood.example", "correct-horse-42");
  const report = await pb.send("/api/studio/reports/money", { query: { from: "2025-03-01", to: "2025-04-30" } });
  return Object.fromEntries(report.tables[0].rows.filter((r: Record<string, number>) => r["2025-03"] || r["2025-04"]).map((r: Record<string, string | number>) => [r.kind, [r["2025-03"], r["2025-04"]]]));
}

it("counts the orders paid before the reports existed on their days, with their refunds, once", async () => {
  const first = await start();
  const su = new PocketBase(first.url);
  await su.collection("_superusers").authWithPassword(first.superuser.email, first.superuser.password);
  await su.collection("users").create({ email: "owner@lanternwood.example", password: "correct-horse-42", passwordConfirm: "correct-horse-42", verified: true, first_name: "Owner", last_name: "Tester" });
  await first.stop();

  // As an earlier version left them: two prints and a book paid in March, the book refunded in April, no tallies.
  const lines = JSON.stringify([
    { item_id: "p00000000000001", item_type: "painting", collection: "paintings", variant: "print", quantity: 2, unit_amount: 3500, title: "Cove (Print)" },
    { item_id: "b00000000000001", item_type: "book", collection: "books", variant: "autographed", quantity: 1, unit_amount: 3799, title: "Tales (Autographed)" },
  ]);
  const refund = JSON.stringify({ refund: { id: "demo_refund_1", amount_cents: 3799, shipping: false, at: "2025-04-02T09:00:00.000Z" }, variant: "autographed" });
  execFileSync("sqlite3", [
    join(dataDir, "data.db"),
    ".timeout 5000",
    // This version, with the reports, was installed on June 1st, after the orders below.
    "DELETE FROM report_days",
    `INSERT INTO report_days (metric, day, dim, n, cents) VALUES ('counting_since', '2025-06-01', '2025-06-01T00:00:00.000Z', 0, 0)`,
    `INSERT INTO checkout_sessions (id, provider, provider_session_id, status, line_items, amount_total, subtotal_cents, shipping_cents, fulfilled_at) VALUES ('old000000000001', 'demo', 'demo_old_1', 'paid', '${lines}', 11599, 10799, 800, '2025-03-10 10:00:00.000Z')`,
    `INSERT INTO purchases (id, product_id, product_title, amount, quantity, status, payment_id, metadata) VALUES ('pur000000000001', 'b00000000000001', 'Tales (Autographed)', 37.99, 1, 'refunded', 'demo_old_1', '${refund}')`,
  ]);

  for (let i = 0; i < 2; i++) {
    const server = await start();
    try {
      expect(await marchAndApril(server.url)).toEqual({ Prints: [7000, 0], Books: [3799, 0], Refunds: [0, -3799] });
    } finally {
      await server.stop();
    }
  }
});
