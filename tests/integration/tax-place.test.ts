// Tax for the place the parcel goes, and filed there (docs/decisions/030). The payment page keeps
// the country (and on the demo page the US state) the cart was priced for; Stripe's page cannot
// hold a US state, so an address paid in another place is taxed again at the webhook and the tax
// not due there is refunded. The tax report files tax only where it was charged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser, startServer, type TestServer } from "../support/server";
import { countingProxy, startStripeMock } from "../support/stripe-mock";
import { arrangeShop, bracketed, payByWebhook, post, TWO_ZONES, WEBHOOK_SECRET } from "../support/shop";

// DE 19 %, New York 8.875 %; none for California or France.
const RATES = {
  prices_include_tax: false,
  rates: [
    { country: "DE", region: "", percent: 19, class_percent: {} },
    { country: "US", region: "NY", percent: 8.875, class_percent: {} },
  ],
  home_country: "DE",
  tax_behavior: "exclusive",
};
const NY = { country: "US", region: "NY" };
const DE = { country: "DE" };
type Place = { country: string; region?: string };

async function shopWith(env: Record<string, string>) {
  const server = await startServer({ STUDIO_TAX: "manual", ...env });
  const shop = await arrangeShop(server);
  for (const [key, value] of [["shipping", TWO_ZONES], ["tax", RATES]] as const) {
    const record = await server.su.collection("shop_settings").getFirstListItem(`key = "${key}"`);
    await server.su.collection("shop_settings").update(record.id, { value });
  }
  return { server, shop };
}

/** Today's report by place, as the studio downloads it. */
async function reportRows(server: TestServer) {
  const today = new Date().toISOString().slice(0, 10);
  const res = await fetch(`${server.url}/api/studio/admin/tax-report?from=${today}&to=${today}`, { headers: { Authorization: server.su.authStore.token } });
  const report = await res.json();
  return Object.fromEntries((report.rows as { country: string; region: string; tax: number; total: number; orders: number }[]).map((r) => [`${r.country}|${r.region}`, r]));
}

const order = (server: TestServer, id: string) => server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${id}"`);

describe("Stripe mode", () => {
  let server: TestServer;
  let shop: Awaited<ReturnType<typeof arrangeShop>>;
  let mock: { url: string; stop(): Promise<void> };
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  beforeAll(async () => {
    mock = await startStripeMock();
    proxy = await countingProxy(mock.url);
    ({ server, shop } = await shopWith({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_API_BASE: proxy.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }));
  });
  afterAll(async () => {
    await server?.stop();
    proxy?.close();
    await mock?.stop();
  });

  const paid = (id: string, amount: number, address: Record<string, string>) => payByWebhook(server, id, amount, { state: "", ...address }, { payment_intent: `pi_${id.slice(-12)}` });

  async function checkout(place: Place) {
    const preview = await post(server, "/api/studio/cart/price", { items: [shop.line("print", 1)], ...place });
    expect(preview.body.tax).toBeGreaterThan(0);
    const opened = await post(server, "/api/studio/checkout", { items: [shop.line("print", 1)], ...place });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const sent = proxy.sent().filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").at(-1)!.params;
    return { preview: preview.body, id: opened.body.session_id as string, allowed: bracketed(sent, "shipping_address_collection[allowed_countries]") };
  }

  const refundsFor = (pi: string) => proxy.sent().filter((r) => r.method === "POST" && r.path === "/v1/refunds" && r.params.get("payment_intent") === pi);

  it("refunds New York's tax to a cart priced for New York and paid with a California address, and files none for CA", async () => {
    const { preview, id, allowed } = await checkout(NY);
    // Stripe's page keeps the country; it cannot keep a state.
    expect(allowed).toEqual(["US"]);
    expect((await paid(id, preview.total, { country: "US", state: "CA" })).status).toBe(200);
    // A repeat of the event refunds nothing more.
    expect((await paid(id, preview.total, { country: "US", state: "CA" })).status).toBe(200);
    const refunds = refundsFor(`pi_${id.slice(-12)}`);
    expect(refunds.map((r) => r.params.get("amount"))).toEqual([String(preview.tax)]);
    const o = await order(server, id);
    expect(o).toMatchObject({ tax_cents: 0, address_mismatch: { reported: { country: "US", state: "CA" }, refund: { cents: preview.tax }, settled: true } });
    expect(o.address_mismatch.refund.id).toMatch(/^re_/);
    const summary = await (await fetch(`${server.url}/api/studio/checkout/${id}`)).json();
    expect(summary).toMatchObject({ tax: 0, amount_total: preview.total - preview.tax });

    const rows = await reportRows(server);
    expect(rows["US|CA"]).toMatchObject({ orders: 1, tax: 0, total: preview.total - preview.tax });
    expect(rows["US|NY"]).toBeUndefined();
  });

  it("keeps a cart priced for Germany to Germany on Stripe's page, and refunds Germany's tax if France is reported", async () => {
    const { preview, id, allowed } = await checkout(DE);
    expect(allowed).toEqual(["DE"]);
    expect((await paid(id, preview.total, { country: "FR" })).status).toBe(200);
    expect(refundsFor(`pi_${id.slice(-12)}`).map((r) => r.params.get("amount"))).toEqual([String(preview.tax)]);
    const o = await order(server, id);
    expect(o).toMatchObject({ tax_cents: 0, address_mismatch: { reported: { country: "FR" }, settled: true } });
    const purchase = await server.su.collection("purchases").getFirstListItem(`payment_id = "${id}"`);
    expect(purchase.metadata.line_items.some((l: { description: string }) => l.description.startsWith("Tax"))).toBe(false);

    const rows = await reportRows(server);
    expect(rows["FR|"]).toMatchObject({ orders: 1, tax: 0, total: preview.total - preview.tax });
    expect(rows["DE|"]).toBeUndefined();
  });

  it("names the tax a cheaper place's price left uncharged for the studio, and files what was charged", async () => {
    const other = await post(server, "/api/studio/checkout", { items: [shop.line("tee", 1)], country: "US", region: "CA" });
    expect((await paid(other.body.session_id, other.body.amount_total, { country: "US", state: "NY" })).status).toBe(200);
    const o = await order(server, other.body.session_id);
    expect(o.tax_cents).toBe(0);
    expect(o.address_mismatch).toMatchObject({ settled: false, refund: null });
    expect(o.address_mismatch.owed_cents).toBeGreaterThan(0);
    expect(o.address_mismatch.reason).toMatch(/^Shipped to US-NY, but tax was priced for US-CA: \$\d+\.\d\d of tax for US-NY was not charged\.$/);

    // Only the studio clears the flag, with a note of what it did; a repeat keeps the first note.
    const path = `/api/studio/orders/${o.id}/address-checked`;
    const customer = await signedInUser(server, "bo@example.com");
    for (const [who, headers] of [["a visitor", {}], ["a customer", { Authorization: customer.authStore.token }]] as const) {
      expect(await post(server, path, { note: "Nothing to see" }, headers), who).toMatchObject({ status: 403, body: { message: "Only the studio can do this." } });
    }
    const studio = { Authorization: server.su.authStore.token };
    expect(await post(server, `/api/studio/orders/nope/address-checked`, { note: "x" }, studio)).toMatchObject({ status: 404 });
    expect(await post(server, path, { note: "  " }, studio)).toMatchObject({ status: 400, body: { message: "Please say in a few words what was done about the address." } });
    expect(await post(server, path, { note: 5 }, studio)).toMatchObject({ status: 400, body: { message: "The note must be text." } });
    expect(await post(server, path, { note: "x".repeat(501) }, studio)).toMatchObject({ status: 400, body: { message: "The note has at most 500 characters." } });
    expect((await order(server, other.body.session_id)).address_mismatch.settled).toBe(false);
    const [first, again] = await Promise.all([post(server, path, { note: " Collected the difference by invoice " }, studio), post(server, path, { note: "Bore it" }, studio)]);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    const checked = (await order(server, other.body.session_id)).address_mismatch;
    expect(checked).toMatchObject({ settled: true, owed_cents: o.address_mismatch.owed_cents, checked: first.body.checked });
    expect(checked.checked.note === "Collected the difference by invoice" || checked.checked.note === "Bore it").toBe(true);
    expect(Date.parse(checked.checked.at)).not.toBeNaN();
    const purchase = await server.su.collection("purchases").getFirstListItem(`payment_id = "${other.body.session_id}"`);
    expect(purchase.metadata).toMatchObject({ address_mismatch: o.address_mismatch.reason, address_to_check: false, address_checked: checked.checked });
    expect(await post(server, path, { note: "Later" }, studio)).toMatchObject({ status: 200, body: { checked: checked.checked } });
    // An order with nothing to check cannot be marked.
    const { preview, id } = await checkout(NY);
    expect((await paid(id, preview.total, { country: "US", state: "NY" })).status).toBe(200);
    const fine = await order(server, id);
    expect(await post(server, `/api/studio/orders/${fine.id}/address-checked`, { note: "x" }, studio)).toMatchObject({ status: 400, body: { message: "This order has no address to check." } });
  });
});

describe("demo mode", () => {
  let server: TestServer;
  let shop: Awaited<ReturnType<typeof arrangeShop>>;
  beforeAll(async () => {
    ({ server, shop } = await shopWith({ STUDIO_PAYMENTS: "demo" }));
  });
  afterAll(() => server?.stop());

  const buyer = (address: Record<string, string>) => ({ customer: { name: "Rosa Vale", email: "rosa@example.com" }, shipping: { address: { line1: "1 Main St", city: "Somewhere", postal_code: "10001", state: "", ...address } } });

  async function checkout(place: Place) {
    const opened = await post(server, "/api/studio/checkout", { items: [shop.line("print", 1)], ...place });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    return opened.body as { session_id: string; amount_total: number };
  }

  it("keeps a cart priced for New York to New York, and one priced for California pays and files no tax", async () => {
    const ny = await checkout(NY);
    const summary = await (await fetch(`${server.url}/api/studio/checkout/${ny.session_id}`)).json();
    expect(summary).toMatchObject({ allowed_countries: ["US"], ship_region: "NY" });
    const refused = await post(server, `/api/studio/checkout/${ny.session_id}/pay`, buyer({ country: "US", state: "CA" }));
    expect(refused).toMatchObject({ status: 400, body: { message: "This order was priced for shipping to NY, whose sales tax it charges: to ship elsewhere, go back to the cart and choose the place there, so shipping and tax are worked out for it." } });
    expect((await order(server, ny.session_id)).status).toBe("open");
    await post(server, `/api/studio/checkout/${ny.session_id}/cancel`, {});

    const ca = await checkout({ country: "US", region: "CA" });
    expect((await post(server, `/api/studio/checkout/${ca.session_id}/pay`, buyer({ country: "US", state: "ca" }))).body).toMatchObject({ status: "paid", tax: 0 });
    const rows = await reportRows(server);
    expect(rows["US|CA"]).toMatchObject({ orders: 1, tax: 0, total: ca.amount_total });
    expect(rows["US|NY"]).toBeUndefined();
  });

  it("offers a cart priced for Germany only Germany, refuses France, and files Germany's tax under DE", async () => {
    const de = await checkout(DE);
    const summary = await (await fetch(`${server.url}/api/studio/checkout/${de.session_id}`)).json();
    expect(summary.allowed_countries).toEqual(["DE"]);
    expect(summary.tax).toBeGreaterThan(0);
    const refused = await post(server, `/api/studio/checkout/${de.session_id}/pay`, buyer({ country: "FR" }));
    expect(refused).toMatchObject({ status: 400, body: { message: "This order was priced for shipping to DE: to ship elsewhere, go back to the cart and choose the place there, so shipping and tax are worked out for it." } });
    expect((await post(server, `/api/studio/checkout/${de.session_id}/pay`, buyer({ country: "DE" }))).body).toMatchObject({ status: "paid", tax: summary.tax });
    const rows = await reportRows(server);
    expect(rows["DE|"]).toMatchObject({ orders: 1, tax: summary.tax, total: de.amount_total });
    expect(rows["FR|"]).toBeUndefined();
  });
});
