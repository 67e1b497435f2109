// Shipping zones, classes and rates: the cart's preview, the Checkout Session stripe-mock receives
// and the order all carry one price; an address outside the priced zone is flagged; the studio's
// bad settings are refused whole; the tax and sales report adds up to its orders.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser, startServer, type TestServer } from "../support/server";
import { countingProxy, startStripeMock, type SentToStripe } from "../support/stripe-mock";
import { arrangeShop, bracketed, payByWebhook, post, TWO_ZONES, WEBHOOK_SECRET } from "../support/shop";

let server: TestServer;
let mock: { url: string; stop(): Promise<void> };
let proxy: Awaited<ReturnType<typeof countingProxy>>;
let shop: Awaited<ReturnType<typeof arrangeShop>>;

beforeAll(async () => {
  mock = await startStripeMock();
  proxy = await countingProxy(mock.url);
  server = await startServer({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_API_BASE: proxy.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  shop = await arrangeShop(server);
});
afterAll(async () => {
  await server?.stop();
  proxy?.close();
  await mock?.stop();
});

const lastSession = (): SentToStripe => proxy.sent().filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").at(-1)!;

const paid = (id: string, amount: number, country: string, extra: Record<string, unknown> = {}) => payByWebhook(server, id, amount, { line2: null, state: "", country }, extra);

describe("the seeded shop", () => {
  it("charges exactly 495 for shipping, whatever the cart and the country", async () => {
    for (const [items, country] of [[shop.cart(), "DE"], [[shop.line("tee", 1)], "US"], [[shop.line("book", 3)], undefined]] as const) {
      const preview = await post(server, "/api/studio/cart/price", { items, country });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.shipping).toBe(495);
      expect(preview.body.total).toBe(preview.body.subtotal + 495);
    }
    const res = await post(server, "/api/studio/checkout", { items: shop.cart(), country: "DE" });
    expect(res.status).toBe(200);
    const sent = lastSession().params;
    expect(sent.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]")).toBe("495");
    expect([...sent.keys()].some((k) => k.startsWith("line_items") && sent.get(k) === "Shipping")).toBe(false);
    expect(bracketed(sent, "shipping_address_collection[allowed_countries]")).toContain("DE");
    expect(bracketed(sent, "shipping_address_collection[allowed_countries]")).not.toContain("CU");
    await post(server, `/api/studio/checkout/${res.body.session_id}/cancel`, {});
  });
});

describe("two zones and three classes", () => {
  beforeAll(async () => {
    const settings = await server.su.collection("shop_settings").getFirstListItem('key = "shipping"');
    await server.su.collection("shop_settings").update(settings.id, { value: TWO_ZONES });
  });

  // 2 prints, 1 original, 2 tees: the original's 3000 is the largest first item; then
  // 2 × 200 (prints) + 2 × 100 (tees) each additional.
  const GERMANY = 3000 + 2 * 200 + 2 * 100;

  it("prices a cart for Germany the same in the preview, the Checkout Session and the order", async () => {
    const preview = await post(server, "/api/studio/cart/price", { items: shop.cart(), country: "de" });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ shipping: GERMANY, ship_country: "DE", shipping_zone_name: "Europe", delivery_estimate: { min_days: 5, max_days: 10 } });
    const subtotal = 2 * 3500 + 48000 + 2 * 2800;
    expect(preview.body.total).toBe(subtotal + GERMANY);

    const res = await post(server, "/api/studio/checkout", { items: shop.cart(), country: "DE", cart_session_id: "zones-cart-1" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.amount_total).toBe(preview.body.total);
    const sent = lastSession().params;
    expect(bracketed(sent, "shipping_address_collection[allowed_countries]").sort()).toEqual(["AT", "DE", "FR"]);
    const options = new Set([...sent.keys()].filter((k) => k.startsWith("shipping_options[")).map((k) => k.split("]")[0]));
    expect(options.size).toBeGreaterThanOrEqual(1);
    expect(options.size).toBeLessThanOrEqual(5);
    expect(sent.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]")).toBe(String(GERMANY));
    expect(sent.get("shipping_options[0][shipping_rate_data][display_name]")).toBe("Shipping to Europe");
    expect(sent.get("shipping_options[0][shipping_rate_data][delivery_estimate][maximum][value]")).toBe("10");
    let stripeTotal = GERMANY;
    for (let i = 0; sent.has(`line_items[${i}][quantity]`); i++) stripeTotal += Number(sent.get(`line_items[${i}][quantity]`)) * Number(sent.get(`line_items[${i}][price_data][unit_amount]`));
    expect(stripeTotal).toBe(preview.body.total);

    expect((await paid(res.body.session_id, preview.body.total, "DE")).status).toBe(200);
    const order = await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${res.body.session_id}"`);
    expect(order).toMatchObject({ status: "paid", shipping_cents: GERMANY, ship_country: "DE", shipping_zone: "europe", amount_total: preview.body.total, address_mismatch: null });
    const purchase = await server.su.collection("purchases").getFirstListItem(`payment_id = "${res.body.session_id}"`);
    expect(purchase.metadata.line_items).toContainEqual({ description: "Shipping", quantity: 1, amount_total: GERMANY });
    expect(purchase.metadata.address_mismatch).toBe("");
  });

  it("prices the rest of the world by its own rates, and allows it every country no other zone has", async () => {
    const preview = await post(server, "/api/studio/cart/price", { items: [shop.line("tee", 3)], country: "JP" });
    expect(preview.body).toMatchObject({ shipping: 1200 + 2 * 400, shipping_zone_name: "Rest of the world" });
    const res = await post(server, "/api/studio/checkout", { items: [shop.line("tee", 3)], country: "JP" });
    const allowed = bracketed(lastSession().params, "shipping_address_collection[allowed_countries]");
    expect(allowed).toContain("JP");
    expect(allowed).not.toContain("DE");
    for (const refused of ["CU", "IR", "KP", "SY", "VI", "AS"]) expect(allowed).not.toContain(refused);
    await post(server, `/api/studio/checkout/${res.body.session_id}/cancel`, {});
  });

  it("flags a paid session whose address lies outside the zone priced, and records it", async () => {
    const res = await post(server, "/api/studio/checkout", { items: [shop.line("tee", 1)], country: "DE" });
    const amount = res.body.amount_total;
    expect((await paid(res.body.session_id, amount, "US")).status).toBe(200);
    const order = await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${res.body.session_id}"`);
    expect(order.status).toBe("paid");
    expect(order.address_mismatch).toMatchObject({ reason: "Shipped to US, outside the zone priced (Europe).", reported: { country: "US" }, priced: { country: "DE", zone: "europe" } });
    const purchase = await server.su.collection("purchases").getFirstListItem(`payment_id = "${res.body.session_id}"`);
    expect(purchase.metadata.address_mismatch).toBe("Shipped to US, outside the zone priced (Europe).");
  });

  it("says plainly when a country is not shipped to, or is no country", async () => {
    const settings = await server.su.collection("shop_settings").getFirstListItem('key = "shipping"');
    await server.su.collection("shop_settings").update(settings.id, { value: { ...TWO_ZONES, zones: [TWO_ZONES.zones[0]] } });
    try {
      for (const [country, message] of [
        ["US", "We do not ship to US yet. Please choose another country, or ask us through a commission request."],
        ["CU", "We do not ship to CU yet. Please choose another country, or ask us through a commission request."],
        ["XZ", '"XZ" is not a country code we know. Please choose the country to ship to.'],
        [undefined, "Please choose the country to ship to."],
        [42, "The country must be a two-letter code."],
      ] as const) {
        const preview = await post(server, "/api/studio/cart/price", { items: [shop.line("tee", 1)], country });
        expect(preview.status).toBe(400);
        expect(preview.body.message).toBe(message);
        expect(await post(server, "/api/studio/checkout", { items: [shop.line("tee", 1)], country })).toEqual(preview);
      }
    } finally {
      await server.su.collection("shop_settings").update(settings.id, { value: TWO_ZONES });
    }
  });

  it.each([
    ["a negative rate", (z: typeof TWO_ZONES) => (z.zones[0].rates.print.first_cents = -5), 'The first-item rate for "Print" in "Europe" must be a whole, non-negative number of cents.'],
    ["a rate that is not a number", (z: typeof TWO_ZONES) => ((z.zones[0].rates.small as { additional_cents: unknown }).additional_cents = "1.00"), 'The each-additional rate for "Small item" in "Europe" must be a whole, non-negative number of cents.'],
    ["a country code that does not exist", (z: typeof TWO_ZONES) => z.zones[0].countries.push("XZ"), '"XZ" in the zone "Europe" is not an ISO country code.'],
    ["a country Stripe's page refuses", (z: typeof TWO_ZONES) => z.zones[0].countries.push("CU"), 'The payment page cannot take addresses in "CU": remove it from the zone "Europe".'],
    ["a country in two zones", (z: typeof TWO_ZONES) => z.zones.push({ ...z.zones[0], id: "again", name: "Again", countries: ["FR"] }), 'FR is in both "Europe" and "Again": a country belongs to one zone.'],
    ["a class still used by merchandise", (z: typeof TWO_ZONES) => ((z.classes = z.classes.filter((c) => c.id !== "small")), (z.defaults.merchandise = "print")), 'The shipping class "small" is still used by the merchandise "Tee": give them another class first.'],
    ["a class still the default of originals", (z: typeof TWO_ZONES) => (z.classes = z.classes.filter((c) => c.id !== "original")), 'The shipping class "original" is still the class of originals: choose another for them first.'],
    ["a zone without a rate for a class", (z: typeof TWO_ZONES) => delete (z.zones[1].rates as Record<string, unknown>).original, 'Set the rate for "Framed original" in "Rest of the world".'],
  ])("refuses %s and keeps the settings as they were", async (_name, spoil, message) => {
    const settings = await server.su.collection("shop_settings").getFirstListItem('key = "shipping"');
    const bad = structuredClone(TWO_ZONES);
    spoil(bad);
    const res = await fetch(`${server.url}/api/collections/shop_settings/records/${settings.id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Authorization: server.su.authStore.token },
      body: JSON.stringify({ value: bad }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(message);
    expect((await server.su.collection("shop_settings").getOne(settings.id)).value).toEqual(settings.value);
  });

  it("lets no one but the studio change the settings, nor add, rename or delete one", async () => {
    const settings = await server.su.collection("shop_settings").getFirstListItem('key = "shipping"');
    const customer = await signedInUser(server, "mallory@example.com");
    const patch = (auth: string, body: unknown) =>
      fetch(`${server.url}/api/collections/shop_settings/records/${settings.id}`, { method: "PATCH", headers: { "Content-Type": "application/json", ...(auth ? { Authorization: auth } : {}) }, body: JSON.stringify(body) });
    const free = { ...TWO_ZONES, zones: TWO_ZONES.zones.map((z) => ({ ...z, rates: Object.fromEntries(Object.keys(z.rates).map((id) => [id, { first_cents: 0, additional_cents: 0, min_days: null, max_days: null }])) })) };
    expect((await patch("", { value: free })).status).toBe(404);
    expect((await patch(customer.authStore.token, { value: free })).status).toBe(404);
    const renamed = await patch(server.su.authStore.token, { key: "tax" });
    expect(renamed.status).toBe(400);
    expect((await renamed.json()).message).toBe("A setting's key cannot change.");
    const created = await fetch(`${server.url}/api/collections/shop_settings/records`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: customer.authStore.token }, body: JSON.stringify({ key: "shipping2", value: free }) });
    expect(created.status).toBe(403);
    expect((await fetch(`${server.url}/api/collections/shop_settings/records/${settings.id}`, { method: "DELETE", headers: { Authorization: customer.authStore.token } })).status).toBe(403);
    expect((await server.su.collection("shop_settings").getOne(settings.id)).value).toEqual(settings.value);
  });

  it("refuses a merchandise item a class that does not exist", async () => {
    const res = await fetch(`${server.url}/api/collections/merchandise/records/${shop.ids.tee}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Authorization: server.su.authStore.token },
      body: JSON.stringify({ shipping_class: "castle" }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('There is no shipping class "castle". Choose one from the list.');
  });

  it("lets a guest see which countries are shipped to, and keeps the settings to the studio", async () => {
    const places = await (await fetch(`${server.url}/api/studio/shipping/places`)).json();
    expect(places.countries).toHaveLength(249);
    expect(places.shipped).toContain("DE");
    expect(places.shipped).not.toContain("CU");
    const guest = await fetch(`${server.url}/api/collections/shop_settings/records`);
    expect((await guest.json()).items).toEqual([]);
    // The studio's screens follow the settings as a live list, which catches up through the change feed.
    const feed = await fetch(`${server.url}/api/studio/changes/shop_settings?since=`, { headers: { Authorization: server.su.authStore.token } });
    expect(feed.status).toBe(200);
  });
});

describe("the tax and sales report", () => {
  it("sums the quarter's orders per country, and its CSV totals equal them", async () => {
    const now = new Date();
    const q = Math.floor(now.getUTCMonth() / 3) * 3;
    const from = new Date(Date.UTC(now.getUTCFullYear(), q, 1)).toISOString().slice(0, 10);
    const to = new Date(Date.UTC(now.getUTCFullYear(), q + 3, 0)).toISOString().slice(0, 10);
    const headers = { Authorization: server.su.authStore.token };
    const report = await (await fetch(`${server.url}/api/studio/admin/tax-report?from=${from}&to=${to}`, { headers })).json();
    const orders = await server.su.collection("checkout_sessions").getFullList({ filter: "status = 'paid'" });
    expect(report.orders).toHaveLength(orders.length);
    expect(orders.length).toBeGreaterThanOrEqual(2);
    expect(report.totals.total).toBe(orders.reduce((n, o) => n + o.amount_total, 0));
    expect(report.totals.shipping).toBe(orders.reduce((n, o) => n + o.shipping_cents, 0));

    const csv = await (await fetch(`${server.url}/api/studio/admin/tax-report?from=${from}&to=${to}&format=csv`, { headers })).text();
    const rows = csv.replace(/^\uFEFF/, "").trim().split("\r\n").map((r) => r.split(","));
    expect(rows[0]).toEqual(["Country", "State", "Orders", "Goods", "Discounts", "Shipping", "Tax", "Tax included in prices", "Total"]);
    const body = rows.slice(1, -1);
    const total = rows.at(-1)!;
    expect(total[0]).toBe("Total");
    for (let col = 2; col < 9; col++) {
      const sum = body.reduce((n, r) => n + Math.round(Number(r[col]) * 100), 0);
      expect(Math.round(Number(total[col]) * 100), rows[0][col]).toBe(sum);
    }
    expect(Math.round(Number(total[8]) * 100)).toBe(orders.reduce((n, o) => n + o.amount_total, 0));
    expect(body.map((r) => r[0]).sort()).toEqual(["DE", "US"]);
  });

  it("is the studio's alone, and refuses dates that are not dates", async () => {
    expect((await fetch(`${server.url}/api/studio/admin/tax-report?from=2026-01-01&to=2026-03-31`)).status).toBe(403);
    const headers = { Authorization: server.su.authStore.token };
    const bad = await fetch(`${server.url}/api/studio/admin/tax-report?from=2026-13-45&to=2026-03-31`, { headers });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("The first day must be a date like 2026-01-31.");
  });
});


describe("the demo provider's page", () => {
  let demo: TestServer;
  let demoShop: Awaited<ReturnType<typeof arrangeShop>>;
  beforeAll(async () => {
    demo = await startServer({ STUDIO_PAYMENTS: "demo" });
    demoShop = await arrangeShop(demo);
    const settings = await demo.su.collection("shop_settings").getFirstListItem('key = "shipping"');
    await demo.su.collection("shop_settings").update(settings.id, { value: TWO_ZONES });
  });
  afterAll(() => demo?.stop());

  it("offers the zone priced, refuses an address outside it, and records the same shipping", async () => {
    const { body } = await post(demo, "/api/studio/checkout", { items: demoShop.cart(), country: "AT" });
    const summary = await (await fetch(`${demo.url}/api/studio/checkout/${body.session_id}`)).json();
    expect(summary).toMatchObject({ shipping: 3600, ship_country: "AT", shipping_zone_name: "Europe" });
    expect(summary.allowed_countries.sort()).toEqual(["AT", "DE", "FR"]);
    const address = (country: string) => ({ customer: { name: "Ida Moser", email: "ida@example.com" }, shipping: { address: { line1: "Gasse 1", city: "Wien", postal_code: "1010", country } } });
    const outside = await post(demo, `/api/studio/checkout/${body.session_id}/pay`, address("US"));
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe("This order was priced for shipping to Europe (AT, DE, FR): to ship elsewhere, go back to the cart and choose the place there, so shipping and tax are worked out for it.");
    const inside = await post(demo, `/api/studio/checkout/${body.session_id}/pay`, address("FR"));
    expect(inside.body).toMatchObject({ status: "paid", shipping: 3600, amount_total: body.amount_total });
  });
});
