// Discount codes (issue 36): the server decides what a code takes off, holds a capped code's uses
// like originals, sends Stripe an amount it charges to the cent, and gives a refunded use back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { startServer, signedInUser, type TestServer } from "../support/server";
import { countingProxy, startStripeMock } from "../support/stripe-mock";
import { form, pngFile } from "../support/files";

const PRINT = "Print - For Sale";
const ORIGINAL = "Original - For Sale";
const WEBHOOK_SECRET = "whsec_test_secret";
const stripe = new Stripe("sk_test_123");
const sign = (payload: string) => stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
const event = (type: string, object: Record<string, unknown>) => JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, type, data: { object } });

let server: TestServer;
let mock: { url: string; stop(): Promise<void> };
let proxy: Awaited<ReturnType<typeof countingProxy>>;
let painting: string;
let book: string;

async function post(path: string, body: unknown, from = "198.51.100.10", headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": from, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const print = () => ({ id: painting, type: "painting", variant: "print", quantity: 1 });
const original = () => ({ id: painting, type: "painting", variant: "original", quantity: 1 });
const signed = () => ({ id: `${book}-autographed`, type: "book", quantity: 1 });

async function makeCode(fields: Record<string, unknown>) {
  return server.su.collection("discount_codes").create({ active: true, ...fields });
}

function paid(sessionId: string, amountTotal: number, paymentIntent: string, email = "cleo@example.com") {
  return event("checkout.session.completed", {
    id: sessionId,
    object: "checkout.session",
    payment_status: "paid",
    amount_total: amountTotal,
    currency: "usd",
    livemode: false,
    payment_intent: paymentIntent,
    customer_details: { name: "Cleo Marsh", email, phone: "" },
    shipping_details: { name: "Cleo Marsh", address: { line1: "9 Pine Way", city: "Hollow Pines", postal_code: "04000", country: "US" } },
  });
}

async function pay(sessionId: string, amountTotal: number, paymentIntent: string, email?: string) {
  const payload = paid(sessionId, amountTotal, paymentIntent, email);
  expect((await post("/api/studio/stripe/webhook", payload, "127.0.0.1", { "Stripe-Signature": sign(payload) })).status).toBe(200);
}

beforeAll(async () => {
  mock = await startStripeMock();
  proxy = await countingProxy(mock.url);
  server = await startServer({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_API_BASE: proxy.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STUDIO_TRUSTED_PROXY_HEADERS: "X-Forwarded-For" });
  painting = (await server.su.collection("paintings").create(form({ title: "Cove", tags: [PRINT, ORIGINAL], tag_prices: { [PRINT]: 35, [ORIGINAL]: 480 } }, { image: pngFile() }))).id;
  book = (await server.su.collection("books").create(form({ title: "Tales", price: 24.99, website_cart_available: true }, { image: pngFile() }))).id;
});
afterAll(async () => {
  await server?.stop();
  proxy?.close();
  await mock?.stop();
});

describe("a 10 % code for prints", () => {
  it("takes 10 % off the print only, in the preview, in the session Stripe receives and in the order", async () => {
    await makeCode({ code: "PRINTS10", kind: "percent", percent: 10, applies_to: ["prints"] });
    const items = [print(), original()];
    const preview = await post("/api/studio/cart/price", { items, code: "prints10" }, "198.51.100.11");
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ subtotal: 3500 + 48000, discount: 350, shipping: 495, total: 3500 + 48000 + 495 - 350, discount_code: "PRINTS10", code_error: "" });
    expect(preview.body.lines.map((l: { discount_cents: number }) => l.discount_cents)).toEqual([350, 0]);
    // The line it leaves out is named, so "−$3.50" on a $480 original does not read as a broken code.
    expect(preview.body.lines.map((l: { code_excluded: boolean }) => l.code_excluded)).toEqual([false, true]);

    const sentBefore = proxy.sent().length;
    const res = await post("/api/studio/checkout", { items, code: "Prints10" }, "198.51.100.11");
    expect(res.status).toBe(200);
    expect(res.body.amount_total).toBe(3500 + 48000 + 495 - 350);
    const sent = proxy.sent().slice(sentBefore);
    const coupon = sent.find((r) => r.path === "/v1/coupons");
    expect(Object.fromEntries(coupon!.params)).toMatchObject({ amount_off: "350", currency: "usd", duration: "once", name: "PRINTS10" });
    const session = sent.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(session.params.get("discounts[0][coupon]")).toBeTruthy();
    expect(session.params.has("allow_promotion_codes")).toBe(false);
    expect(session.params.get("custom_text[submit][message]")).toBe("PRINTS10 does not cover Cove (Original).");
    // What Stripe charges: the lines less the coupon, plus the one shipping option, the shop's total to the cent.
    let lineSum = 0;
    for (let i = 0; session.params.has(`line_items[${i}][quantity]`); i++) lineSum += Number(session.params.get(`line_items[${i}][price_data][unit_amount]`)) * Number(session.params.get(`line_items[${i}][quantity]`));
    const shipping = Number(session.params.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]"));
    expect(shipping).toBe(495);
    expect(lineSum - Number(coupon!.params.get("amount_off")) + shipping).toBe(res.body.amount_total);

    await pay(res.body.session_id, res.body.amount_total, "pi_prints10");
    const order = await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${res.body.session_id}"`);
    expect(order).toMatchObject({ status: "paid", discount_code: "PRINTS10", discount_cents: 350 });
    const page = await (await fetch(`${server.url}/api/studio/orders/${order.id}?key=${order.order_key}`)).json();
    expect(page.lines.map((l: { title: string; code_excluded: boolean }) => [l.title, l.code_excluded])).toEqual([
      ["Cove (Print)", false],
      ["Cove (Original)", true],
    ]);
    const purchases = await server.su.collection("purchases").getFullList({ filter: `payment_id = "${res.body.session_id}"`, sort: "product_title" });
    expect(purchases.map((p) => [p.product_title, p.amount, p.metadata.discount_cents])).toEqual([
      ["Cove (Original)", 480, 0],
      ["Cove (Print)", 31.5, 350],
    ]);

    // The same code and amount again: Stripe's coupon is reused, not made again.
    const again = proxy.sent().length;
    expect((await post("/api/studio/checkout", { items: [print()], code: "PRINTS10" }, "198.51.100.12")).status).toBe(200);
    expect(proxy.sent().slice(again).filter((r) => r.path === "/v1/coupons")).toHaveLength(0);
  });

  it("never takes a discount or an amount from the browser", async () => {
    const res = await post("/api/studio/checkout", { items: [{ ...print(), price: 0.01, discount_cents: 3400 }], code: "", discount: 3400, discount_cents: 3400, amount_total: 50, total: 50 }, "198.51.100.13");
    expect(res.status).toBe(200);
    expect(res.body.amount_total).toBe(3500 + 495);
    const order = await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${res.body.session_id}"`);
    expect(order).toMatchObject({ amount_total: 3500 + 495, discount_code: "", discount_cents: 0 });
    const preview = await post("/api/studio/cart/price", { items: [print()], discount: 3400 }, "198.51.100.13");
    expect(preview.body).toMatchObject({ discount: 0, total: 3500 + 495 });
  });
});

describe("a capped code", () => {
  it("gives 50 sessions and 10 clear refusals to 60 buyers racing for a 50-use code", async () => {
    await makeCode({ code: "FAIR50", kind: "fixed", amount_cents: 500, max_uses: 50 });
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => post("/api/studio/checkout", { items: [print()], code: "FAIR50" }, `203.0.113.${i + 1}`)));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(50);
    expect(refused.map((r) => [r.status, r.body.message])).toEqual(Array.from({ length: 10 }, () => [400, "This code has been used up."]));
    expect((await server.su.collection("checkout_sessions").getList(1, 1, { filter: 'discount_code = "FAIR50"' })).totalItems).toBe(50);
    expect(ok.every((r) => r.body.amount_total === 3500 - 500 + 495)).toBe(true);
  });

  it("counts one buyer's unpaid checkouts as one use, and caps how many a buyer and a network keep open", async () => {
    await makeCode({ code: "THREEUSE", kind: "fixed", amount_cents: 300, max_uses: 3 });
    const from = "198.51.100.40";
    const mine = await Promise.all([1, 2, 3].map((n) => post("/api/studio/checkout", { items: [print()], code: "THREEUSE", cart_session_id: `hoarder-cart-${n}` }, from)));
    expect(mine.map((r) => r.status)).toEqual([200, 200, 200]);
    // The code is still there for everyone else: the three unpaid checkouts are one buyer's one use.
    const other = await post("/api/studio/cart/price", { items: [print()], code: "THREEUSE" }, "198.51.100.41");
    expect(other.body).toMatchObject({ discount: 300, code_error: "" });
    const fourth = await post("/api/studio/checkout", { items: [print()], code: "THREEUSE", cart_session_id: "hoarder-cart-4" }, from);
    expect(fourth).toMatchObject({ status: 429, body: { message: "You have 3 open checkouts with a code. Please finish or cancel one first." } });
    // Accounts are free to make: one network's open code checkouts have a ceiling too.
    await makeCode({ code: "MANYUSE", kind: "fixed", amount_cents: 300, max_uses: 100 });
    const network = "198.51.100.42";
    const accounts = await Promise.all(Array.from({ length: 11 }, (_, i) => signedInUser(server, `sharer${i}@example.com`)));
    const held = [];
    for (const pb of accounts) held.push(await post("/api/studio/checkout", { items: [print()], code: "MANYUSE" }, network, { Authorization: pb.authStore.token }));
    expect(held.slice(0, 10).map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(held[10]).toMatchObject({ status: 429, body: { message: "Checkouts from your network already hold 10 codes. Please finish or cancel one first." } });
  });

  it("gives a use back when the order is refunded in full", async () => {
    await makeCode({ code: "ONLYONE", kind: "percent", percent: 20, max_uses: 1 });
    const first = await post("/api/studio/checkout", { items: [signed()], code: "ONLYONE" }, "198.51.100.20");
    expect(first.status).toBe(200);
    await pay(first.body.session_id, first.body.amount_total, "pi_onlyone");
    const refused = await post("/api/studio/cart/price", { items: [signed()], code: "ONLYONE" }, "198.51.100.21");
    expect(refused.body.code_error).toBe("This code has been used up.");

    const refund = event("charge.refunded", { id: "ch_onlyone", object: "charge", payment_intent: "pi_onlyone", refunded: true, amount: first.body.amount_total, amount_refunded: first.body.amount_total });
    const answer = await post("/api/studio/stripe/webhook", refund, "127.0.0.1", { "Stripe-Signature": sign(refund) });
    expect(answer.body).toMatchObject({ received: true, returned: true });
    const preview = await post("/api/studio/cart/price", { items: [signed()], code: "ONLYONE" }, "198.51.100.21");
    expect(preview.body).toMatchObject({ code_error: "", discount: 760 });
    expect((await post("/api/studio/checkout", { items: [signed()], code: "ONLYONE" }, "198.51.100.21")).status).toBe(200);
  });
});

describe("what a code does to an order", () => {
  it("gives free shipping: none in the preview, no shipping line at Stripe, none in the order", async () => {
    await makeCode({ code: "SHIPFREE", kind: "free_shipping" });
    const preview = await post("/api/studio/cart/price", { items: [print()], code: "shipfree" }, "198.51.100.50");
    expect(preview.body).toMatchObject({ shipping: 0, discount: 0, free_shipping: true, total: 3500, discount_code: "SHIPFREE" });
    const before = proxy.sent().length;
    const res = await post("/api/studio/checkout", { items: [print()], code: "SHIPFREE" }, "198.51.100.50");
    expect(res.body.amount_total).toBe(3500);
    const session = proxy.sent().slice(before).find((r) => r.path === "/v1/checkout/sessions")!;
    expect([...session.params.values()]).not.toContain("Shipping");
    expect(session.params.has("discounts[0][coupon]")).toBe(false);
    await pay(res.body.session_id, 3500, "pi_shipfree");
    const summary = await (await fetch(`${server.url}/api/studio/checkout/${res.body.session_id}`)).json();
    expect(summary).toMatchObject({ shipping: 0, amount_total: 3500, discount_code: "SHIPFREE" });
  });

  it("gives the use back when nothing of a paid order could be delivered and all of it was refunded", async () => {
    const piece = await server.su.collection("paintings").create(form({ title: "Heron", tags: [PRINT, ORIGINAL], tag_prices: { [PRINT]: 35, [ORIGINAL]: 480 } }, { image: pngFile() }));
    await makeCode({ code: "ORIGINAL5", kind: "fixed", amount_cents: 500, applies_to: ["originals"], max_uses: 1 });
    const res = await post("/api/studio/checkout", { items: [{ id: piece.id, type: "painting", variant: "original", quantity: 1 }], code: "ORIGINAL5" }, "198.51.100.51");
    expect(res.status).toBe(200);
    // Sold in the studio while this buyer was on Stripe's page.
    await server.su.collection("paintings").update(piece.id, { tags: [PRINT, "Original - Sold Out"] });
    await pay(res.body.session_id, 48000 - 500 + 495, "pi_heron");
    const [purchase] = await server.su.collection("purchases").getFullList({ filter: `payment_id = "${res.body.session_id}"` });
    expect(purchase.status).toBe("refunded");
    // What was paid comes back: the original less its discount, and the shipping.
    expect(purchase.metadata.refund.amount_cents).toBe(48000 - 500 + 495);
    const order = await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${res.body.session_id}"`);
    expect(order.discount_returned).toBe(true);
  });

  it("flags a guest's second paid order with a once-per-buyer code, found by the e-mail given at payment", async () => {
    await makeCode({ code: "NEWSONCE", kind: "percent", percent: 10, once_per_buyer: true });
    const orders = [];
    for (const from of ["198.51.100.60", "198.51.100.61"]) {
      const res = await post("/api/studio/checkout", { items: [print()], code: "NEWSONCE" }, from);
      expect(res.status).toBe(200);
      await pay(res.body.session_id, res.body.amount_total, `pi_news_${from}`, "Reader@Example.com");
      orders.push(await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${res.body.session_id}"`));
    }
    expect(orders.map((o) => o.discount_flag)).toEqual(["", "reader@example.com had already used NEWSONCE on another order."]);
  });
});

describe("refusals a buyer can act on", () => {
  const dayAgo = () => new Date(Date.now() - 86400000).toISOString().replace("T", " ");
  const tomorrow = () => new Date(Date.now() + 86400000).toISOString().replace("T", " ");

  it("names why a known code cannot be used, and says one plain thing for an unknown or paused one", async () => {
    await makeCode({ code: "ENDED", kind: "percent", percent: 10, ends_at: dayAgo() });
    await makeCode({ code: "LATER", kind: "percent", percent: 10, starts_at: tomorrow() });
    await makeCode({ code: "BIGSPEND", kind: "percent", percent: 10, min_subtotal_cents: 10000 });
    await makeCode({ code: "MERCH5", kind: "fixed", amount_cents: 500, applies_to: ["merchandise"] });
    await makeCode({ code: "PAUSED", kind: "percent", percent: 10, active: false });
    const ask = async (code: string) => (await post("/api/studio/cart/price", { items: [print()], code }, "198.51.100.30")).body.code_error;
    expect(await ask("ended")).toBe(`This code ended on ${dayAgo().slice(0, 10)}.`);
    expect(await ask("LATER")).toBe(`This code starts on ${tomorrow().slice(0, 10)}. Please come back then.`);
    expect(await ask("BIGSPEND")).toBe("This code needs an order of at least $100.00; your cart comes to $35.00.");
    expect(await ask("MERCH5")).toBe("Nothing in your cart is covered by this code: it is for merchandise.");
    expect(await ask("PAUSED")).toBe("This code isn't valid");
    expect(await ask("NOSUCHCODE")).toBe("This code isn't valid");
    const checkout = await post("/api/studio/checkout", { items: [print()], code: "ENDED" }, "198.51.100.30");
    expect(checkout.status).toBe(400);
    expect(checkout.body.message).toBe(`This code ended on ${dayAgo().slice(0, 10)}.`);
  });

  it("refuses a code of 10,000 characters plainly, and caps a fixed amount at the goods it covers", async () => {
    const long = await post("/api/studio/cart/price", { items: [print()], code: "A".repeat(10000) }, "198.51.100.31");
    expect(long.status).toBe(200);
    expect(long.body).toMatchObject({ code_error: "This code isn't valid", discount: 0 });
    await makeCode({ code: "HUGE", kind: "fixed", amount_cents: 1000000, applies_to: ["prints"] });
    const preview = await post("/api/studio/cart/price", { items: [print(), signed()], code: "HUGE" }, "198.51.100.31");
    expect(preview.body).toMatchObject({ discount: 3500, total: 3799 + 495 });
  });

  it("refuses a once-per-buyer code to an account that used it", async () => {
    await makeCode({ code: "THANKS", kind: "percent", percent: 15, once_per_buyer: true });
    const customer = await signedInUser(server, "once@example.com");
    const auth = { Authorization: customer.authStore.token };
    const first = await post("/api/studio/checkout", { items: [print()], code: "THANKS" }, "198.51.100.40", auth);
    expect(first.status).toBe(200);
    await pay(first.body.session_id, first.body.amount_total, "pi_thanks");
    const second = await post("/api/studio/cart/price", { items: [print()], code: "THANKS" }, "198.51.100.41", auth);
    expect(second.body.code_error).toBe("You have already used this code.");
  });

  it("keeps the studio's codes sane: a percent over 100 and a used code's deletion are refused", async () => {
    await expect(makeCode({ code: "TOOMUCH", kind: "percent", percent: 150 })).rejects.toMatchObject({ status: 400 });
    await expect(makeCode({ code: "prints10", kind: "percent", percent: 5 })).rejects.toMatchObject({ status: 400 });
    const used = await server.su.collection("discount_codes").getFirstListItem('code = "PRINTS10"');
    await expect(server.su.collection("discount_codes").delete(used.id)).rejects.toMatchObject({ status: 400, message: "This code has been used, so it stays with its orders. Pause it instead." });
    const report = await server.su.send("/api/studio/discounts/report", { method: "GET" });
    const row = report.codes.find((c: { code: string }) => c.code === "PRINTS10");
    expect(row).toMatchObject({ uses: 1, discount_cents: 350, revenue_cents: 3500 + 48000 + 495 - 350 });
    expect(row.orders).toHaveLength(1);
    // The books: the orders CSV names the code beside the amount it took off.
    const today = new Date().toISOString().slice(0, 10);
    const csv = await (await fetch(`${server.url}/api/studio/orders.csv?from=${today}&to=${today}`, { headers: { Authorization: server.su.authStore.token } })).text();
    const [header, ...rows] = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
    const columns = header.split(",");
    const withCode = rows.filter((r) => r.includes(",PRINTS10,"));
    expect(withCode).toHaveLength(1);
    expect(withCode[0].split(",")[columns.indexOf("Discounts")]).toBe("3.50");
  });
});

describe("what a browser may do with codes", () => {
  it("cannot list, make, change or delete a code, and a code of another type is just not valid", async () => {
    const customer = await signedInUser(server, "curious@example.com");
    const visitor = server.client();
    expect((await visitor.collection("discount_codes").getList(1, 50)).totalItems).toBe(0);
    expect((await customer.collection("discount_codes").getList(1, 50)).totalItems).toBe(0);
    await expect(customer.collection("discount_codes").create({ code: "MINE100", kind: "percent", percent: 100, active: true })).rejects.toBeTruthy();
    const real = await server.su.collection("discount_codes").getFirstListItem('code = "PRINTS10"');
    await expect(customer.collection("discount_codes").update(real.id, { percent: 100 })).rejects.toBeTruthy();
    await expect(visitor.collection("discount_codes").delete(real.id)).rejects.toBeTruthy();
    expect((await server.su.collection("discount_codes").getOne(real.id)).percent).toBe(10);
    expect((await server.su.collection("discount_codes").getList(1, 1, { filter: 'code = "MINE100"' })).totalItems).toBe(0);
    for (const code of [123, ["PRINTS10"], { code: "PRINTS10" }, true, "PRINTS10' OR 1=1", " PRINTS10 x"]) {
      const res = await post("/api/studio/cart/price", { items: [print()], code }, "198.51.100.70");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ discount: 0, code_error: "This code isn't valid" });
    }
  });
});

describe("guessing", () => {
  it("stops a network after ten wrong codes, even for a real one, and leaves other networks alone", async () => {
    await makeCode({ code: "REALCODE", kind: "percent", percent: 10 });
    const from = "192.0.2.50";
    for (let i = 0; i < 10; i++) {
      expect((await post("/api/studio/cart/price", { items: [print()], code: `GUESS${i}` }, from)).body.code_error).toBe("This code isn't valid");
    }
    // The same wrong code again is not another try.
    expect((await post("/api/studio/cart/price", { items: [print()], code: "GUESS0" }, from)).body.code_error).toBe("This code isn't valid");
    const blocked = await post("/api/studio/cart/price", { items: [print()], code: "REALCODE" }, from);
    expect(blocked.body).toMatchObject({ discount: 0, code_error: "Too many codes that don't exist were tried from here. Please try again in an hour." });
    const checkout = await post("/api/studio/checkout", { items: [print()], code: "REALCODE" }, from);
    expect(checkout.status).toBe(429);
    expect((await post("/api/studio/cart/price", { items: [print()], code: "REALCODE" }, "192.0.2.51")).body.discount).toBe(350);
  });

  it("counts fifty-five wrong codes sent at once as fifty-five: ten answered, the rest refused", async () => {
    const from = "192.0.2.60";
    const burst = await Promise.all(Array.from({ length: 55 }, (_, i) => post("/api/studio/cart/price", { items: [print()], code: `RUSH${i}` }, from)));
    const answers = burst.map((r) => r.body.code_error);
    expect(answers.filter((a) => a === "This code isn't valid")).toHaveLength(10);
    expect(answers.filter((a) => /^Too many codes/.test(a))).toHaveLength(45);
    expect((await post("/api/studio/cart/price", { items: [print()], code: "REALCODE" }, from)).body.code_error).toMatch(/^Too many codes/);
  });

  it("counts a customer's wrong codes by account, from any network", async () => {
    const customer = await signedInUser(server, "guesser@example.com");
    const auth = { Authorization: customer.authStore.token };
    for (let i = 0; i < 10; i++) await post("/api/studio/cart/price", { items: [print()], code: `TRY${i}` }, `198.18.0.${i + 1}`, auth);
    const blocked = await post("/api/studio/cart/price", { items: [print()], code: "REALCODE" }, "198.18.1.1", auth);
    expect(blocked.body.code_error).toMatch(/^Too many codes/);
  });
});
