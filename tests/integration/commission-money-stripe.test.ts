// Commission payments through Stripe Checkout (stripe-mock for the API, locally signed webhook
// events, since stripe-mock sends none and keeps no state).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import type PocketBase from "pocketbase";
import { startServer, signedInUser, ADMIN_DOMAIN, type TestServer } from "../support/server";
import { countingProxy, startStripeMock } from "../support/stripe-mock";

const WEBHOOK_SECRET = "whsec_test_secret";

describe("commission payments through Stripe (stripe-mock)", () => {
  let server: TestServer;
  let mock: { url: string; stop(): Promise<void> };
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  let ada: PocketBase;
  let admin: PocketBase;
  const stripe = new Stripe("sk_test_123");
  const sign = (payload: string) => stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const event = (type: string, object: Record<string, unknown>) => JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, type, data: { object } });

  async function call(pb: PocketBase | null, path: string, body: unknown = {}, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { "Content-Type": "application/json", ...headers };
    if (pb?.authStore.token) h.Authorization = pb.authStore.token;
    const res = await fetch(server.url + path, { method: "POST", headers: h, body: typeof body === "string" ? body : JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  }
  const webhook = (payload: string) => call(null, "/api/studio/stripe/webhook", payload, { "Stripe-Signature": sign(payload) });

  async function quoted(total = 24000) {
    const commission = (await ada.collection("commissions").create({ type: "watercolor-portrait", description: "A fox by a lantern", contact_email: "x@example.com" })).id;
    const q = await call(admin, `/api/studio/commissions/${commission}/quotes`, { total_cents: total });
    expect(q.status).toBe(200);
    return { commission, quote: q.body.id as string };
  }

  async function startDeposit(quote: string) {
    const res = await call(ada, `/api/studio/commission-quotes/${quote}/pay`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const payment = await admin.collection("commission_payments").getFirstListItem(`provider_session_id = "${res.body.session_id}"`);
    return { session: res.body.session_id as string, payment };
  }

  const paid = (id: string, amount: number, paymentId: string) => ({
    id,
    object: "checkout.session",
    payment_status: "paid",
    amount_total: amount,
    currency: "usd",
    livemode: false,
    payment_intent: "pi_commission_1",
    metadata: { commission_payment_id: paymentId },
  });

  beforeAll(async () => {
    mock = await startStripeMock();
    proxy = await countingProxy(mock.url);
    server = await startServer({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_API_BASE: proxy.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    ada = await signedInUser(server, "ada@example.com", { first_name: "Ada" });
    admin = await signedInUser(server, `owner@${ADMIN_DOMAIN}`);
  });
  afterAll(async () => {
    await server?.stop();
    proxy?.close();
    await mock?.stop();
  });

  it("opens a payment-mode Checkout Session priced from the quote, naming the commission and the payment", async () => {
    const { commission, quote } = await quoted();
    const { session, payment } = await startDeposit(quote);
    expect(session).toMatch(/^cs_/);
    const sent = proxy.sent().filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").at(-1)!;
    const params = Object.fromEntries(sent.params);
    expect(params).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "12000",
      "metadata[commission_id]": commission,
      "metadata[commission_payment_id]": payment.id,
      "payment_intent_data[metadata][commission_payment_id]": payment.id,
      customer_email: "ada@example.com",
    });
    const ahead = Number(params.expires_at) - sent.at / 1000;
    expect(ahead).toBeGreaterThanOrEqual(30 * 60 + 120);
    expect(ahead).toBeLessThanOrEqual(24 * 3600 - 120);
    // A second click hands back the same open page rather than a second one.
    expect((await call(ada, `/api/studio/commission-quotes/${quote}/pay`)).body.session_id).toBe(session);
  });

  it("opens one Stripe page for presses of Pay that arrive together, and hands it to each", async () => {
    const { quote } = await quoted();
    const created = () => proxy.sent().filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").length;
    const before = created();
    const presses = await Promise.all(Array.from({ length: 6 }, () => call(ada, `/api/studio/commission-quotes/${quote}/pay`)));
    expect(presses.map((p) => p.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(presses.map((p) => p.body.session_id)).size).toBe(1);
    expect(presses[0].body.session_id).toMatch(/^cs_/);
    expect(created() - before).toBe(1);
    const rows = await admin.collection("commission_payments").getFullList({ filter: `quote = "${quote}"` });
    expect(rows.map((r) => [r.status, r.provider_session_id])).toEqual([["open", presses[0].body.session_id]]);
  });

  it("lets the studio refund a second payment for what was already paid, through Stripe", async () => {
    const { commission, quote } = await quoted();
    const { session, payment } = await startDeposit(quote);
    // A second page for the same deposit, as two presses of Pay could open before each had one.
    const second = await server.su.collection("commission_payments").create({
      commission, quote, user: payment.user, kind: "deposit", amount_cents: 12000, status: "open", provider: "stripe",
      provider_session_id: `cs_test_second_${quote}`, url: "https://checkout.stripe.com/c/pay/second", expires_at: payment.expires_at, refunded_cents: 0, refunds: [],
    });
    expect((await webhook(event("checkout.session.completed", paid(session, 12000, payment.id)))).body.outcome).toBe("recorded");
    const twice = await webhook(event("checkout.session.completed", { ...paid(second.provider_session_id, 12000, second.id), payment_intent: "pi_second_charge" }));
    expect(twice.body.outcome).toBe("mismatch");
    expect(await ada.collection("commissions").getOne(commission)).toMatchObject({ amount_paid: 120, payment_status: "Deposit paid" });

    const refund = (pb: PocketBase, body: Record<string, unknown>) => call(pb, `/api/studio/commission-payments/${second.id}/refund`, body);
    expect((await refund(ada, { key: "not-the-studio-1" })).status).toBe(403);
    expect(await refund(admin, { key: "second-back-01", amount_cents: 12001 })).toMatchObject({ status: 400, body: { message: "At most $120.00 of this payment is left to refund." } });
    const before = proxy.sent().filter((r) => r.path === "/v1/refunds").length;
    const back = await refund(admin, { key: "second-back-01" });
    expect(back, JSON.stringify(back.body)).toMatchObject({ status: 200, body: { repeated: false, refund: { amount_cents: 12000 } } });
    const sent = proxy.sent().filter((r) => r.path === "/v1/refunds").slice(before);
    expect(sent.map((r) => Object.fromEntries(r.params))).toEqual([expect.objectContaining({ payment_intent: "pi_second_charge", amount: "12000" })]);
    expect(await refund(admin, { key: "second-back-02" })).toMatchObject({ status: 400, body: { message: "This payment is already refunded in full." } });
    expect(await admin.collection("commission_payments").getOne(second.id)).toMatchObject({ status: "amount_mismatch", refunded_cents: 12000 });
    // The deposit that counts is untouched.
    expect(await ada.collection("commissions").getOne(commission)).toMatchObject({ amount_paid: 120, payment_status: "Deposit paid" });
  });

  it("will not record a Stripe payment from the demo page's Pay, whoever sends it", async () => {
    const { commission, quote } = await quoted();
    const { session, payment } = await startDeposit(quote);
    for (const caller of [null, ada]) {
      const res = await call(caller, `/api/studio/checkout/${session}/pay`, { name: "Ada", email: "x@example.com" });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("This session is paid through Stripe, not the demo page.");
    }
    expect((await admin.collection("commission_payments").getOne(payment.id)).status).toBe("open");
    expect(await ada.collection("commissions").getOne(commission)).toMatchObject({ amount_paid: 0, payment_status: "Unpaid" });
  });

  it("records the same paid event once, even sent twice at once, and moves the money", async () => {
    const { commission, quote } = await quoted();
    const { session, payment } = await startDeposit(quote);
    const payload = event("checkout.session.completed", paid(session, 12000, payment.id));
    const results = await Promise.all([0, 1].map(() => webhook(payload)));
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.body.outcome).sort()).toEqual(["already", "recorded"]);
    expect(await ada.collection("commissions").getOne(commission)).toMatchObject({ amount_paid: 120, payment_status: "Deposit paid" });
    const receipts = await ada.collection("commission_messages").getFullList({ filter: `commission = "${commission}" && card.type = "receipt"` });
    expect(receipts).toHaveLength(1);
    const status = await (await fetch(`${server.url}/api/studio/checkout/${session}`)).json();
    expect(status).toMatchObject({ status: "paid", amount_total: 12000 });
  });

  it("keeps a paid event whose amount differs from the quote for the studio, and moves nothing", async () => {
    const { commission, quote } = await quoted();
    const { session, payment } = await startDeposit(quote);
    const res = await webhook(event("checkout.session.completed", paid(session, 100, payment.id)));
    expect(res).toMatchObject({ status: 200, body: { outcome: "mismatch" } });
    expect(await ada.collection("commissions").getOne(commission)).toMatchObject({ amount_paid: 0, payment_status: "Unpaid" });
    const stored = await admin.collection("commission_payments").getOne(payment.id);
    expect(stored).toMatchObject({ status: "amount_mismatch", paid_at: "", mismatch: { reported: { amount_total: 100 } } });
    expect((await ada.collection("commission_quotes").getOne(quote)).status).toBe("open");
  });

  it("waits for a delayed payment, then records it on async_payment_succeeded", async () => {
    const { commission, quote } = await quoted();
    const { session, payment } = await startDeposit(quote);
    await webhook(event("checkout.session.completed", { ...paid(session, 12000, payment.id), payment_status: "unpaid" }));
    expect((await ada.collection("commissions").getOne(commission)).payment_status).toBe("Unpaid");
    await webhook(event("checkout.session.async_payment_succeeded", paid(session, 12000, payment.id)));
    expect((await ada.collection("commissions").getOne(commission)).payment_status).toBe("Deposit paid");
  });

  it("closes the open Stripe page of a revised quote, and a late payment on it moves nothing", async () => {
    const { commission, quote } = await quoted();
    const { session, payment } = await startDeposit(quote);
    const revised = await call(admin, `/api/studio/commissions/${commission}/quotes`, { total_cents: 20000 });
    expect(revised.status).toBe(200);
    expect(proxy.sent().some((r) => r.method === "POST" && r.path === `/v1/checkout/sessions/${session}/expire`)).toBe(true);
    expect((await admin.collection("commission_payments").getOne(payment.id)).status).toBe("canceled");
    const late = await webhook(event("checkout.session.completed", paid(session, 12000, payment.id)));
    expect(late.body.outcome).toBe("mismatch");
    expect(await ada.collection("commissions").getOne(commission)).toMatchObject({ amount_paid: 0, payment_status: "Unpaid", total_price: 200 });
    const fresh = await call(ada, `/api/studio/commission-quotes/${revised.body.id}/pay`);
    expect(fresh.body).toMatchObject({ kind: "deposit", amount_cents: 10000 });
  });

  it("marks a failed or expired page and records nothing for it", async () => {
    const { commission, quote } = await quoted();
    const failed = await startDeposit(quote);
    await webhook(event("checkout.session.async_payment_failed", { id: failed.session, object: "checkout.session", payment_status: "unpaid" }));
    expect((await admin.collection("commission_payments").getOne(failed.payment.id)).status).toBe("failed");
    const expired = await startDeposit(quote);
    expect(expired.session).not.toBe(failed.session);
    await webhook(event("checkout.session.expired", { id: expired.session, object: "checkout.session", payment_status: "unpaid" }));
    expect((await admin.collection("commission_payments").getOne(expired.payment.id)).status).toBe("expired");
    expect((await ada.collection("commissions").getOne(commission)).payment_status).toBe("Unpaid");
  });

  it("refunds through Stripe's refunds API once, however often the studio sends the same refund", async () => {
    const { commission, quote } = await quoted(20000);
    const { session, payment } = await startDeposit(quote);
    await webhook(event("checkout.session.completed", paid(session, 10000, payment.id)));
    const before = proxy.sent().filter((r) => r.path === "/v1/refunds").length;
    const results = await Promise.all([0, 1].map(() => call(admin, `/api/studio/commission-payments/${payment.id}/refund`, { key: "refund-key-0001", amount_cents: 4000 })));
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const again = await call(admin, `/api/studio/commission-payments/${payment.id}/refund`, { key: "refund-key-0001", amount_cents: 4000 });
    expect(again.body.repeated).toBe(true);
    const refunds = proxy.sent().filter((r) => r.path === "/v1/refunds").slice(before);
    expect(new Set(refunds.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(Object.fromEntries(refunds[0].params)).toMatchObject({ payment_intent: "pi_commission_1", amount: "4000" });
    expect((await admin.collection("commission_payments").getOne(payment.id)).refunded_cents).toBe(4000);
    expect(await ada.collection("commissions").getOne(commission)).toMatchObject({ amount_paid: 60, payment_status: "Partly refunded" });
  });
});
