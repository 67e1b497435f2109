// Tax per STUDIO_TAX: "manual" shows one amount in the cart's preview, the Checkout Session
// stripe-mock receives and the order; "stripe" asks Stripe Tax, with a tax code on every line,
// and keeps the tax Stripe computed on the order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { ADMIN_DOMAIN, signedInUser, startServer, type TestServer } from "../support/server";
import { countingProxy, startStripeMock, type SentToStripe } from "../support/stripe-mock";
import { parseCsv } from "../support/csv";
import { arrangeShop, payByWebhook, post, TWO_ZONES, WEBHOOK_SECRET } from "../support/shop";

const stripe = new Stripe("sk_test_123");
let mock: { url: string; stop(): Promise<void> };
let proxy: Awaited<ReturnType<typeof countingProxy>>;

beforeAll(async () => {
  mock = await startStripeMock();
  proxy = await countingProxy(mock.url);
});
afterAll(async () => {
  proxy?.close();
  await mock?.stop();
});

const lastSession = (): SentToStripe => proxy.sent().filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").at(-1)!;

async function shopWith(tax: string) {
  const server = await startServer({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_API_BASE: proxy.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STUDIO_TAX: tax });
  const shop = await arrangeShop(server);
  await setting(server, "shipping", TWO_ZONES);
  return { server, shop };
}

async function setting(server: TestServer, key: string, value: unknown) {
  const record = await server.su.collection("shop_settings").getFirstListItem(`key = "${key}"`);
  await server.su.collection("shop_settings").update(record.id, { value });
}

const pay = payByWebhook;

function stripeTotal(sent: URLSearchParams) {
  let total = Number(sent.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]"));
  for (let i = 0; sent.has(`line_items[${i}][quantity]`); i++) total += Number(sent.get(`line_items[${i}][quantity]`)) * Number(sent.get(`line_items[${i}][price_data][unit_amount]`));
  return total;
}

const MANUAL = {
  prices_include_tax: false,
  rates: [
    { country: "DE", region: "", percent: 19, class_percent: { print: 7 } },
    { country: "US", region: "CA", percent: 7.25, class_percent: {} },
  ],
  home_country: "DE",
  tax_behavior: "exclusive",
};

describe("STUDIO_TAX=manual", () => {
  let server: TestServer;
  let shop: Awaited<ReturnType<typeof arrangeShop>>;
  beforeAll(async () => {
    ({ server, shop } = await shopWith("manual"));
    await setting(server, "tax", MANUAL);
  });
  afterAll(() => server?.stop());

  // Prints at 7 %, the original, the tees and the shipping (3600) at 19 %, each rounded.
  const TAX = 490 + 9120 + 1064 + 684;

  it("shows the same tax in the preview, the Checkout Session and the order", async () => {
    const preview = await post(server, "/api/studio/cart/price", { items: shop.cart(), country: "DE" });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ shipping: 3600, tax: TAX, tax_label: "Tax (DE, 19%)", total: 7000 + 48000 + 5600 + 3600 + TAX });

    const res = await post(server, "/api/studio/checkout", { items: shop.cart(), country: "DE" });
    expect(res.body.amount_total).toBe(preview.body.total);
    const sent = lastSession().params;
    expect(sent.get("line_items[3][price_data][product_data][name]")).toBe("Tax (DE, 19%)");
    expect(sent.get("line_items[3][price_data][unit_amount]")).toBe(String(TAX));
    expect(sent.has("automatic_tax[enabled]")).toBe(false);
    expect(stripeTotal(sent)).toBe(preview.body.total);

    expect((await pay(server, res.body.session_id, preview.body.total, { country: "DE" })).status).toBe(200);
    const order = await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${res.body.session_id}"`);
    expect(order).toMatchObject({ status: "paid", tax_cents: TAX, tax_mode: "manual", amount_total: preview.body.total });
    const purchase = await server.su.collection("purchases").getFirstListItem(`payment_id = "${res.body.session_id}"`);
    expect(purchase.metadata.line_items).toContainEqual({ description: "Tax (DE, 19%)", quantity: 1, amount_total: TAX });
    const summary = await (await fetch(`${server.url}/api/studio/checkout/${res.body.session_id}`)).json();
    expect(summary).toMatchObject({ tax: TAX, shipping: 3600, amount_total: preview.body.total });
  });

  it("asks a US order for its state when sales tax is set per state, and prices the state's rate", async () => {
    const line = [shop.line("tee", 1)];
    const none = await post(server, "/api/studio/cart/price", { items: line, country: "US" });
    expect(none).toMatchObject({ status: 400, body: { message: "Please choose the state to ship to: sales tax depends on it." } });
    const bad = await post(server, "/api/studio/cart/price", { items: line, country: "US", region: "XX" });
    expect(bad).toMatchObject({ status: 400, body: { message: '"XX" is not a US state.' } });
    const ca = await post(server, "/api/studio/cart/price", { items: line, country: "US", region: "ca" });
    // 2800 + 1200 shipping, at 7.25 %: 203 + 87.
    expect(ca.body).toMatchObject({ ship_region: "CA", tax: 203 + 87, total: 2800 + 1200 + 290 });
    const ny = await post(server, "/api/studio/cart/price", { items: line, country: "US", region: "NY" });
    expect(ny.body).toMatchObject({ tax: 0, total: 2800 + 1200 });
  });

  it("writes a state a buyer typed into the tax report and the orders CSV as text, never as a formula or a row", async () => {
    const line = [shop.line("tee", 1)];
    const orders0DE = (await server.su.collection("checkout_sessions").getFullList({ filter: "status = 'paid' && ship_country = 'DE'" })).length;
    const res = await post(server, "/api/studio/checkout", { items: line, country: "US", region: "CA" });
    const forged = '=HYPERLINK("http://evil.example","x")\r\nDE,40,0,0,0,0,0,99999.00';
    expect((await pay(server, res.body.session_id, res.body.amount_total, { country: "US", state: forged })).status).toBe(200);
    const order = await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${res.body.session_id}"`);
    expect(order.address_mismatch).toMatchObject({ reported: { country: "US", state: "" }, settled: false });
    expect(order.address_mismatch.reason).toMatch(/^Shipped to US \(no state\), but tax was priced for US-CA/);

    const today = new Date().toISOString().slice(0, 10);
    const headers = { Authorization: server.su.authStore.token };
    const report = parseCsv((await (await fetch(`${server.url}/api/studio/admin/tax-report?from=${today}&to=${today}&format=csv`, { headers })).text()).replace(/^\uFEFF/, ""));
    // One row per place the orders went, each with the heading's cells, and no made-up one.
    expect(report.map((r) => r.length)).toEqual(report.map(() => 9));
    expect(report.filter((r) => r[0] === "DE").every((r) => r[2] === String(orders0DE))).toBe(true);
    for (const r of report) for (const c of r) expect(c).not.toMatch(/^[=+@]|HYPERLINK/);
    const orders = parseCsv((await (await fetch(`${server.url}/api/studio/orders.csv?from=${today}&to=${today}`, { headers })).text()).replace(/^\uFEFF/, ""));
    const row = orders.find((r) => r[0] === order.id)!;
    expect(row[orders[0].indexOf("State")]).toBe("'" + forged);
    for (const r of orders) expect(r).toHaveLength(orders[0].length);
  });

  it("shows tax the prices include without adding it, and tells Stripe's page", async () => {
    await setting(server, "tax", { ...MANUAL, prices_include_tax: true });
    try {
      const preview = await post(server, "/api/studio/cart/price", { items: [shop.line("tee", 1)], country: "DE" });
      // 2800 × 19/119 = 447, 500 shipping × 19/119 = 80.
      expect(preview.body).toMatchObject({ tax: 0, tax_included: 447 + 80, total: 2800 + 500 });
      const res = await post(server, "/api/studio/checkout", { items: [shop.line("tee", 1)], country: "DE" });
      const sent = lastSession().params;
      expect(sent.get("custom_text[submit][message]")).toBe("Prices include $5.27 tax.");
      expect(stripeTotal(sent)).toBe(preview.body.total);
      await post(server, `/api/studio/checkout/${res.body.session_id}/cancel`, {});
    } finally {
      await setting(server, "tax", MANUAL);
    }
  });

  it.each([
    ["a rate over 100", { rates: [{ country: "DE", region: "", percent: 190 }] }, "The tax rate for DE must be a number from 0 to 100."],
    ["a rate in words", { rates: [{ country: "DE", region: "", percent: "19%" }] }, "The tax rate for DE must be a number from 0 to 100."],
    ["an unknown country", { rates: [{ country: "EU", region: "", percent: 20 }] }, '"EU" is not an ISO country code.'],
    ["a region outside the US", { rates: [{ country: "DE", region: "BY", percent: 19 }] }, '"BY" is not a US state: a rate per region is for US states.'],
    ["a class that does not exist", { rates: [{ country: "DE", region: "", percent: 19, class_percent: { castle: 0 } }] }, 'The tax rate for DE names a shipping class that does not exist ("castle").'],
  ])("refuses %s and keeps the settings", async (_name, bad, message) => {
    const record = await server.su.collection("shop_settings").getFirstListItem('key = "tax"');
    const res = await fetch(`${server.url}/api/collections/shop_settings/records/${record.id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Authorization: server.su.authStore.token },
      body: JSON.stringify({ value: { ...MANUAL, ...bad } }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
    expect((await server.su.collection("shop_settings").getOne(record.id)).value).toEqual(record.value);
  });
});

describe("STUDIO_TAX=stripe", () => {
  let server: TestServer;
  let shop: Awaited<ReturnType<typeof arrangeShop>>;
  beforeAll(async () => {
    ({ server, shop } = await shopWith("stripe"));
  });
  afterAll(() => server?.stop());

  it("sends automatic_tax and a tax code on every line, and keeps the tax Stripe computed on the order", async () => {
    const preview = await post(server, "/api/studio/cart/price", { items: shop.cart(), country: "FR" });
    expect(preview.body).toMatchObject({ tax: 0, tax_mode: "stripe", total: 7000 + 48000 + 5600 + 3600 });
    const res = await post(server, "/api/studio/checkout", { items: shop.cart(), country: "FR" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = lastSession().params;
    expect(sent.get("automatic_tax[enabled]")).toBe("true");
    let lines = 0;
    for (; sent.has(`line_items[${lines}][quantity]`); lines++) {
      expect(sent.get(`line_items[${lines}][price_data][product_data][tax_code]`)).toMatch(/^txcd_\d{8}$/);
      expect(sent.get(`line_items[${lines}][price_data][tax_behavior]`)).toBe("exclusive");
    }
    expect(lines).toBe(3);
    expect(sent.get("shipping_options[0][shipping_rate_data][tax_code]")).toBe("txcd_92010001");
    expect(sent.get("shipping_options[0][shipping_rate_data][tax_behavior]")).toBe("exclusive");

    // Stripe adds its tax to the shop's total; the rest must still be the shop's.
    const wrong = await pay(server, res.body.session_id, preview.body.total + 900, { country: "FR" }, { total_details: { amount_tax: 800 } });
    expect(wrong.status).toBe(400);
    expect((await pay(server, res.body.session_id, preview.body.total + 800, { country: "FR" }, { total_details: { amount_tax: 800 } })).status).toBe(200);
    const order = await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${res.body.session_id}"`);
    expect(order).toMatchObject({ status: "paid", tax_mode: "stripe", tax_cents: 800 });
    const summary = await (await fetch(`${server.url}/api/studio/checkout/${res.body.session_id}`)).json();
    expect(summary).toMatchObject({ tax: 800, amount_total: preview.body.total + 800 });
  });

  it("asks Stripe Tax on a commission payment as a service, and records the payment net of the tax Stripe added", async () => {
    const ada = await signedInUser(server, "ada@example.com", { first_name: "Ada" });
    const admin = await signedInUser(server, `owner@${ADMIN_DOMAIN}`);
    const as = (pb: typeof ada) => ({ "Content-Type": "application/json", Authorization: pb.authStore.token });
    const commission = (await ada.collection("commissions").create({ type: "watercolor-portrait", description: "A fox by a lantern", contact_email: "x@example.com" })).id;
    const quote = await (await fetch(`${server.url}/api/studio/commissions/${commission}/quotes`, { method: "POST", headers: as(admin), body: JSON.stringify({ total_cents: 24000 }) })).json();
    const opened = await (await fetch(`${server.url}/api/studio/commission-quotes/${quote.id}/pay`, { method: "POST", headers: as(ada), body: "{}" })).json();
    const sent = lastSession().params;
    expect(sent.get("automatic_tax[enabled]")).toBe("true");
    expect(sent.get("line_items[0][price_data][product_data][tax_code]")).toBe("txcd_20030000");
    expect(sent.get("billing_address_collection")).toBe("required");
    const payment = await admin.collection("commission_payments").getFirstListItem(`provider_session_id = "${opened.session_id}"`);
    const object = { id: opened.session_id, object: "checkout.session", payment_status: "paid", amount_total: payment.amount_cents + 1500, total_details: { amount_tax: 1500 }, currency: "usd", livemode: false, payment_intent: "pi_tax_1", metadata: { commission_payment_id: payment.id } };
    const payload = JSON.stringify({ id: "evt_tax_commission", type: "checkout.session.completed", data: { object } });
    await post(server, "/api/studio/stripe/webhook", payload, { "Stripe-Signature": stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) });
    expect((await admin.collection("commission_payments").getOne(payment.id)).status).toBe("paid");
  });
});
