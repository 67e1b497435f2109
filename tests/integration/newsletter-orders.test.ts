// A campaign's orders: those paid within 7 days after a reader followed a link of its letter, found by
// the reader's address (the buyer's account or the address given at checkout), with what they paid.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type PocketBase from "pocketbase";
import { startServer, signedInUser, ADMIN_DOMAIN, type TestServer } from "../support/server";

let server: TestServer;
let admin: PocketBase;

beforeAll(async () => {
  server = await startServer();
  admin = await signedInUser(server, `studio@${ADMIN_DOMAIN}`, { is_admin: true });
}, 60000);

afterAll(async () => {
  await server?.stop();
});

const DAY = 86400000;

it("counts the orders paid within 7 days after a click in the letter, and their revenue", async () => {
  const su = server.su;
  const key = (await su.collection("newsletter_settings").getFirstListItem("")).signing_key as string;
  const campaign = (await su.collection("campaigns").create({ subject: "Winter prints", lists: ["news"], state: "sent", links: ["https://lanternwood.example/shop"] })).id;
  const other = (await su.collection("campaigns").create({ subject: "Another letter", lists: ["news"], state: "sent", links: ["https://lanternwood.example/"] })).id;
  // Readers as the sender leaves them once their letter went out (the sending has its own tests).
  const reader = async (email: string) => {
    const m = await su.collection("newsletter_subscribers").create({ email, first_name: "R", last_name: "Reader", state: "confirmed", lists: ["news"] });
    for (const c of [campaign, other]) await su.collection("campaign_sends").create({ campaign: c, subscriber: m.id, email, state: "sent", sent_at: new Date().toISOString() });
    return m.id as string + "." + createHmac("sha256", key).update("letters:" + m.id).digest("hex").slice(0, 32);
  };
  const [guest, account, late, early] = await Promise.all(["guest@example.com", "account@example.com", "late@example.com", "early@example.com", "noclick@example.com"].map(reader));
  const click = (token: string, c = campaign) => fetch(`${server.url}/letters/click/${c}/0/${token}`, { redirect: "manual" });
  // A mail scanner and the reader following the same link count as one click.
  expect((await Promise.all([click(guest), click(guest), click(account), click(late), click(early)])).map((r) => r.status)).toEqual([302, 302, 302, 302, 302]);

  const buyer = await signedInUser(server, "Account@Example.com");
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  let n = 0;
  const order = async (amount: number, paidAt: string, by: { email?: string; user?: string }, status = "paid") => {
    const id = `cs_test_${++n}`;
    await su.collection("checkout_sessions").create({ provider: "demo", provider_session_id: id, status, amount_total: amount, user: by.user ?? "", fulfilled_at: paidAt });
    await su.collection("purchases").create({ product_title: "Print", amount: amount / 100, quantity: 1, status: "completed", payment_id: id, metadata: { customer_details: { email: by.email ?? "" } } });
  };
  await order(4500, at(2 * DAY), { email: "Guest@Example.com" }); // at checkout, within 7 days
  await order(1200, at(DAY / 24), { user: buyer.authStore.record!.id }); // with the account
  await order(9900, at(8 * DAY), { email: "late@example.com" }); // too late
  await order(7700, at(-DAY), { email: "early@example.com" }); // before the click
  await order(3300, at(DAY), { email: "noclick@example.com" }); // sent the letter, never clicked
  await order(5000, at(DAY), { email: "guest@example.com" }, "open"); // never paid

  const { campaigns } = await admin.send("/api/studio/letters", { method: "GET" });
  const figures = campaigns.find((c: { id: string }) => c.id === campaign);
  expect([figures.orders, figures.revenue_cents]).toEqual([2, 5700]);
  expect([campaigns.find((c: { id: string }) => c.id === other).orders]).toEqual([0]);
});
