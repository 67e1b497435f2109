// Checkout with server-side prices: the demo provider, Stripe through stripe-mock, and the webhook.
import { execFileSync, spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import type PocketBase from "pocketbase";
import { startServer, signedInUser, type TestServer } from "../support/server";
import { countingProxy, startStripeMock } from "../support/stripe-mock";
import { form, pngFile } from "../support/files";

const PRINT = "Print - For Sale";
const ORIGINAL = "Original - For Sale";
const WEBHOOK_SECRET = "whsec_test_secret";

interface Catalog {
  painting: string;
  soldOut: string;
  book: string;
  tee: string;
  unpricedMerch: string;
  outOfStock: string;
}

async function arrangeCatalog(server: TestServer): Promise<Catalog> {
  const su = server.su;
  const painting = await su.collection("paintings").create(form({ title: "Cove", tags: [PRINT, ORIGINAL], tag_prices: { [PRINT]: 35, [ORIGINAL]: 480 } }, { image: pngFile() }));
  const soldOut = await su.collection("paintings").create(form({ title: "Dusk", tags: [PRINT, "Original - Sold Out"], tag_prices: { [PRINT]: 30 } }, { image: pngFile() }));
  const book = await su.collection("books").create(form({ title: "Tales", price: 24.99, website_cart_available: true }, { image: pngFile() }));
  const tee = await su.collection("merchandise").create({ title: "Tee", price: 28, in_stock: true, inventory_count: 5, available_sizes: ["S", "M"], available_colors: ["Navy"] });
  const unpricedMerch = await su.collection("merchandise").create({ title: "Sticker", price: 0, in_stock: true });
  const outOfStock = await su.collection("merchandise").create({ title: "Mug", price: 18, in_stock: false });
  return { painting: painting.id, soldOut: soldOut.id, book: book.id, tee: tee.id, unpricedMerch: unpricedMerch.id, outOfStock: outOfStock.id };
}

async function post(server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

describe("demo provider (STUDIO_PAYMENTS=demo)", () => {
  let server: TestServer;
  let c: Catalog;
  let customer: PocketBase;

  beforeAll(async () => {
    server = await startServer({ STUDIO_PAYMENTS: "demo" });
    c = await arrangeCatalog(server);
    customer = await signedInUser(server, "ada@example.com");
  });
  afterAll(() => server?.stop());

  const fullCart = () => [
    { id: c.painting, type: "painting", variant: "print", quantity: 2, price: 0.01, title: "Free" },
    { id: c.painting, type: "painting", variant: "original", quantity: 1 },
    { id: `${c.book}-autographed`, type: "book", quantity: 1, price: 1 },
    { id: c.tee, type: "merchandise", size: "M", color: "Navy", quantity: 2 },
  ];

  it("prices every line on the server, ignoring prices and titles sent by the browser", async () => {
    const res = await post(server, "/api/studio/checkout", { items: fullCart(), cart_session_id: "cart-session-1", shipping: 0 });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/stripe-example\?session_id=demo_/);
    // 2 × 35 + 480 + 37.99 + 2 × 28 + 4.95 shipping
    expect(res.body.amount_total).toBe(7000 + 48000 + 3799 + 5600 + 495);
    const summary = await (await fetch(`${server.url}/api/studio/checkout/${res.body.session_id}`)).json();
    expect(summary.status).toBe("open");
    expect(summary.lines.map((l: { title: string }) => l.title)).toEqual(["Cove (Print)", "Cove (Original)", "Tales (Autographed)", "Tee · M · Navy"]);
    // The open checkout holds the original; canceling releases it for the tests below.
    expect((await post(server, `/api/studio/checkout/${res.body.session_id}/cancel`, {})).body.status).toBe("canceled");
  });

  it.each([
    ["an unknown id", () => [{ id: "doesnotexist123", type: "painting", variant: "print", quantity: 1 }], /Line 1: this painting is no longer in the shop/],
    ["a sold-out original", () => [{ id: c.soldOut, type: "painting", variant: "original", quantity: 1 }], /Line 1: the original of "Dusk" is sold out/],
    ["a quantity of 0", () => [{ id: c.painting, type: "painting", variant: "print", quantity: 0 }], /Line 1: the quantity must be/],
    ["a quantity above the cap", () => [{ id: c.painting, type: "painting", variant: "print", quantity: 21 }], /Line 1: the quantity must be/],
    ["an out-of-stock item", () => [{ id: c.outOfStock, type: "merchandise", quantity: 1 }], /Line 1: "Mug" is out of stock/],
    ["more than the inventory", () => [{ id: c.tee, type: "merchandise", size: "S", color: "Navy", quantity: 6 }], /Line 1: only 5 of "Tee" left/],
    ["a missing size", () => [{ id: c.tee, type: "merchandise", color: "Navy", quantity: 1 }], /Line 1: please select a size/],
    ["an empty cart", () => [], /Please add items to your cart before checking out/],
    ["only unpriced items", () => [{ id: c.unpricedMerch, type: "merchandise", quantity: 1 }], /No valid items to checkout/],
  ])("refuses %s with a clear 400", async (_name, items, message) => {
    const res = await post(server, "/api/studio/checkout", { items: items() });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it("records one purchase per line once when paid, converts the abandoned cart and takes stock", async () => {
    await post(server, "/api/studio/cart", { session_id: "cart-session-pay", items: fullCart() });
    const auth = { Authorization: customer.authStore.token };
    const { body } = await post(server, "/api/studio/checkout", { items: fullCart(), cart_session_id: "cart-session-pay" }, auth);
    const details = { customer: { name: "Ada Lovelace", email: "ada@example.com" }, shipping: { address: { line1: "1 Harbor Rd", city: "Pebble Cove", postal_code: "04101", country: "us" } } };

    const incomplete = await post(server, `/api/studio/checkout/${body.session_id}/pay`, { customer: { name: "Ada" } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message).toMatch(/Please provide a valid email, address, city, postal code, country/);

    // Taps on Pay at once: each is answered as paid, and the order is taken once.
    const taps = await Promise.all(Array.from({ length: 6 }, () => post(server, `/api/studio/checkout/${body.session_id}/pay`, details)));
    expect(taps.map((t) => [t.status, t.body.status])).toEqual(Array.from({ length: 6 }, () => [200, "paid"]));

    const purchases = await customer.collection("purchases").getFullList({ sort: "product_title" });
    expect(purchases.map((p) => [p.product_title, p.quantity, p.amount, p.payment_id])).toEqual([
      ["Cove (Original)", 1, 480, body.session_id],
      ["Cove (Print)", 2, 70, body.session_id],
      ["Tales (Autographed)", 1, 37.99, body.session_id],
      ["Tee · M · Navy", 2, 56, body.session_id],
    ]);
    expect(purchases[0].metadata.shipping_details.address).toMatchObject({ line1: "1 Harbor Rd", country: "US" });
    expect(purchases[0].metadata.customer_details).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com" });
    expect(purchases[0].metadata.line_items).toContainEqual({ description: "Shipping", quantity: 1, amount_total: 495 });

    const cart = await server.su.collection("abandoned_carts").getFirstListItem('session_id = "cart-session-pay"');
    expect(cart.is_converted).toBe(true);
    const painting = await server.su.collection("paintings").getOne(c.painting);
    expect(painting.tags).toEqual([PRINT, "Original - Sold Out"]);
    expect((await server.su.collection("merchandise").getOne(c.tee)).inventory_count).toBe(3);
  });

  it("cancels a demo session, which then cannot be paid", async () => {
    const { body } = await post(server, "/api/studio/checkout", { items: [{ id: c.book, type: "book", variant: "autographed", quantity: 1 }] });
    const canceled = await post(server, `/api/studio/checkout/${body.session_id}/cancel`, {});
    expect(canceled.body.status).toBe("canceled");
    const pay = await post(server, `/api/studio/checkout/${body.session_id}/pay`, { customer: { name: "A", email: "a@b.co" }, shipping: { address: { line1: "x", city: "y", postal_code: "1", country: "US" } } });
    expect(pay.status).toBe(400);
  });
});

describe("abandoned carts", () => {
  let server: TestServer;
  let c: Catalog;
  beforeAll(async () => {
    server = await startServer();
    c = await arrangeCatalog(server);
  });
  afterAll(() => server?.stop());

  it("saves a signed-in visitor's cart with server prices and their name, and forgets an emptied one", async () => {
    const customer = await signedInUser(server, "bea@example.com", { first_name: "Bea", last_name: "" });
    const res = await post(server, "/api/studio/cart", { session_id: "browser-cart-1", items: [{ id: c.painting, type: "painting", variant: "print", quantity: 2, price: 1, title: "Cove (Print)" }] }, { Authorization: customer.authStore.token });
    expect(res.body.saved).toBe(true);
    const admin = await signedInUser(server, "owner@lanternwood.example");
    const carts = await admin.collection("abandoned_carts").getFullList({ filter: "is_converted = false", sort: "-created" });
    expect(carts).toHaveLength(1);
    expect(carts[0]).toMatchObject({ session_id: "browser-cart-1", total_price: 70, user_name: "Bea", user_email: "bea@example.com", is_converted: false });
    expect(carts[0].cart_items[0]).toMatchObject({ title: "Cove (Print)", price: 35, quantity: 2 });

    await post(server, "/api/studio/cart", { session_id: "browser-cart-1", items: [] });
    expect(await admin.collection("abandoned_carts").getFullList()).toHaveLength(0);
    // A browser can never list carts itself.
    await expect(customer.collection("abandoned_carts").getFullList()).resolves.toHaveLength(0);
  });

  it("refuses a padded cart, keeps only the shop's own picture addresses, and takes a real 50-line cart", async () => {
    const padded = Array.from({ length: 50 }, (_, i) => ({
      id: `x${i}`.padEnd(60, "x"), type: "painting", variant: "print".padEnd(20, "p"), quantity: 99,
      title: "t".repeat(300), size: "s".repeat(40), color: "c".repeat(40), image_url: `/api/files/${"i".repeat(290)}`,
    }));
    const refused = await post(server, "/api/studio/cart", { session_id: "padded-cart-1", items: padded });
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe("This cart is too large to save.");

    const real = Array.from({ length: 50 }, (_, i) => ({ id: c.painting, type: "painting", variant: "print", quantity: 1, title: `Cove (Print) ${i}`, image_url: `/api/files/pbc_1/${c.painting}/cove_${i}.png?thumb=160x160` }));
    real[0].image_url = "https://tracker.example/pixel.gif";
    // Browsers read a backslash as a slash and drop tabs and line breaks: each of these is another site.
    const elsewhere = ["/\\evil.example/x.png", "\\\\evil.example/x.png", "/\t/evil.example/x.png", "/\n/evil.example/x.png", "//evil.example/x.png", "/\\/evil.example/x.png"];
    elsewhere.forEach((url, i) => (real[2 + i].image_url = url));
    expect((await post(server, "/api/studio/cart", { session_id: "real-cart-50", items: real })).status).toBe(200);
    const saved = await server.su.collection("abandoned_carts").getFirstListItem('session_id = "real-cart-50"');
    expect(saved.cart_items).toHaveLength(50);
    expect(saved.cart_items[0].image_url).toBe("");
    expect(saved.cart_items[1].image_url).toBe(`/api/files/pbc_1/${c.painting}/cove_1.png?thumb=160x160`);
    expect(saved.cart_items.slice(2, 2 + elsewhere.length).map((i: { image_url: string }) => i.image_url)).toEqual(elsewhere.map(() => ""));
  });

  it("lets one network start at most 20 carts a day, and always update the ones it has", async () => {
    const line = [{ id: c.painting, type: "painting", variant: "print", quantity: 1 }];
    // Every cart of this server came from this network today.
    const left = 20 - (await server.su.collection("abandoned_carts").getFullList()).length;
    const statuses: number[] = [];
    for (let i = 0; i <= left; i++) statuses.push((await post(server, "/api/studio/cart", { session_id: `flood-cart-${i}`, items: line })).status);
    expect(statuses).toEqual([...Array(left).fill(200), 429]);
    const refused = await post(server, "/api/studio/cart", { session_id: "flood-cart-99", items: line });
    expect(refused.body.message).toBe("Too many carts were saved from this network today. Your cart is still in this browser.");
    expect((await post(server, "/api/studio/cart", { session_id: "flood-cart-0", items: [{ ...line[0], quantity: 2 }] })).status).toBe(200);
  });
});

describe("abandoned carts nobody comes back for", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ STUDIO_CART_RETENTION_DAYS: "30" });
  });
  afterAll(() => server?.stop());

  it.skipIf(spawnSync("sqlite3", ["-version"]).status !== 0)("are deleted after STUDIO_CART_RETENTION_DAYS by the nightly job", async () => {
    const line = [{ id: "x", type: "painting", variant: "print", quantity: 1, title: "A print" }];
    for (const id of ["old-cart-1", "new-cart-1"]) expect((await post(server, "/api/studio/cart", { session_id: id, items: line })).status).toBe(200);
    const longAgo = new Date(Date.now() - 40 * 86400000).toISOString().replace("T", " ");
    execFileSync("sqlite3", [join(server.dataDir, "data.db"), ".timeout 5000", `UPDATE abandoned_carts SET updated = '${longAgo}' WHERE session_id = 'old-cart-1'`]);
    // The dashboard's "run now" starts the job and answers at once.
    await server.su.crons.run("prune-abandoned-carts");
    await expect.poll(async () => (await server.su.collection("abandoned_carts").getFullList()).map((cart) => cart.session_id), { timeout: 10000 }).toEqual(["new-cart-1"]);
  });
});

describe("Stripe (stripe-mock)", () => {
  let server: TestServer;
  let mock: { url: string; stop(): Promise<void> };
  let c: Catalog;
  const stripe = new Stripe("sk_test_123");
  const sign = (payload: string, timestamp?: number) => stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
  const event = (type: string, object: Record<string, unknown>) =>
    JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, type, data: { object } });
  const paidObject = (id: string) => ({
    id,
    object: "checkout.session",
    payment_status: "paid",
    amount_total: 3500 + 495,
    currency: "usd",
    livemode: false,
    customer_details: { name: "Cleo Marsh", email: "cleo@example.com", phone: "+15550100" },
    shipping_details: { name: "Cleo Marsh", address: { line1: "9 Pine Way", line2: null, city: "Hollow Pines", state: "ME", postal_code: "04000", country: "US" } },
  });

  let proxy: Awaited<ReturnType<typeof countingProxy>>;

  beforeAll(async () => {
    mock = await startStripeMock();
    proxy = await countingProxy(mock.url);
    server = await startServer({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_API_BASE: proxy.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    c = await arrangeCatalog(server);
  });
  afterAll(async () => {
    await server?.stop();
    proxy?.close();
    await mock?.stop();
  });

  async function checkout(cartSession = "") {
    const res = await post(server, "/api/studio/checkout", { items: [{ id: c.painting, type: "painting", variant: "print", quantity: 1 }], cart_session_id: cartSession });
    expect(res.status).toBe(200);
    return res.body as { url: string; session_id: string };
  }

  it("creates a Checkout Session that the Stripe API accepts", async () => {
    const session = await checkout();
    expect(session.session_id).toMatch(/^cs_/);
    expect(session.url).toMatch(/^https:\/\//);
    const status = await (await fetch(`${server.url}/api/studio/checkout/${session.session_id}`)).json();
    expect(status).toMatchObject({ provider: "stripe", status: "open", amount_total: 3500 + 495 });
  });

  it("ignores webhooks with a bad, missing or stale signature", async () => {
    const { session_id } = await checkout();
    const payload = event("checkout.session.completed", paidObject(session_id));
    const attempts: Record<string, string>[] = [
      {},
      { "Stripe-Signature": sign(payload).replace(/v1=[0-9a-f]+/, "v1=" + "0".repeat(64)) },
      { "Stripe-Signature": sign(payload, Math.floor(Date.now() / 1000) - 301) },
      { "Stripe-Signature": stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" }) },
    ];
    for (const headers of attempts) {
      const res = await post(server, "/api/studio/stripe/webhook", payload, headers);
      expect(res.status).toBe(400);
    }
    const admin = await server.su.collection("purchases").getFullList({ filter: `payment_id = "${session_id}"` });
    expect(admin).toHaveLength(0);
  });

  it("records purchases exactly once for a signed completed event sent twice at once", async () => {
    await post(server, "/api/studio/cart", { session_id: "stripe-cart-1", items: [{ id: c.painting, type: "painting", variant: "print", quantity: 1 }] });
    const { session_id } = await checkout("stripe-cart-1");
    const payload = event("checkout.session.completed", paidObject(session_id));
    const results = await Promise.all([0, 1].map(() => post(server, "/api/studio/stripe/webhook", payload, { "Stripe-Signature": sign(payload) })));
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const purchases = await server.su.collection("purchases").getFullList({ filter: `payment_id = "${session_id}"` });
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ product_title: "Cove (Print)", amount: 35, status: "completed" });
    expect(purchases[0].metadata.shipping_details.address.city).toBe("Hollow Pines");
    expect((await server.su.collection("abandoned_carts").getFirstListItem('session_id = "stripe-cart-1"')).is_converted).toBe(true);
    const status = await (await fetch(`${server.url}/api/studio/checkout/${session_id}`)).json();
    expect(status.status).toBe("paid");
  });

  it("waits for delayed payments and records an expired session without purchases", async () => {
    const delayed = await checkout();
    const unpaid = event("checkout.session.completed", { ...paidObject(delayed.session_id), payment_status: "unpaid" });
    await post(server, "/api/studio/stripe/webhook", unpaid, { "Stripe-Signature": sign(unpaid) });
    expect(await server.su.collection("purchases").getFullList({ filter: `payment_id = "${delayed.session_id}"` })).toHaveLength(0);
    const succeeded = event("checkout.session.async_payment_succeeded", paidObject(delayed.session_id));
    await post(server, "/api/studio/stripe/webhook", succeeded, { "Stripe-Signature": sign(succeeded) });
    expect(await server.su.collection("purchases").getFullList({ filter: `payment_id = "${delayed.session_id}"` })).toHaveLength(1);

    const expiring = await checkout();
    const expired = event("checkout.session.expired", { id: expiring.session_id, object: "checkout.session", payment_status: "unpaid" });
    await post(server, "/api/studio/stripe/webhook", expired, { "Stripe-Signature": sign(expired) });
    const status = await (await fetch(`${server.url}/api/studio/checkout/${expiring.session_id}`)).json();
    expect(status.status).toBe("expired");
  });

  it("asks Stripe for a 30-minute session and records nothing for a paid event that does not match it", async () => {
    const body = await checkout();
    const stored = await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${body.session_id}"`);
    expect(stored.expires_at).not.toBe("");
    const paid = { id: body.session_id, object: "checkout.session", payment_status: "paid", amount_total: 3995, currency: "usd", livemode: false };
    for (const wrong of [{ amount_total: 1 }, { currency: "eur" }, { livemode: true }]) {
      const payload = event("checkout.session.completed", { ...paid, ...wrong });
      const res = await post(server, "/api/studio/stripe/webhook", payload, { "Stripe-Signature": sign(payload) });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/does not match this checkout/);
    }
    expect(await server.su.collection("purchases").getFullList({ filter: `payment_id = "${body.session_id}"` })).toHaveLength(0);
    const good = event("checkout.session.completed", paid);
    expect((await post(server, "/api/studio/stripe/webhook", good, { "Stripe-Signature": sign(good) })).status).toBe(200);
    expect(await server.su.collection("purchases").getFullList({ filter: `payment_id = "${body.session_id}"` })).toHaveLength(1);
  });

  it("asks for a session that Stripe's rule of 30 minutes to 24 hours accepts, as measured when the request leaves", async () => {
    const body = await checkout();
    const created = proxy.sent().filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").at(-1)!;
    const ahead = Number(created.params.get("expires_at")) - created.at / 1000;
    // Stripe counts from its own receipt of the request; two minutes of margin for the trip and the clocks.
    expect(ahead).toBeGreaterThanOrEqual(30 * 60 + 120);
    expect(ahead).toBeLessThanOrEqual(24 * 3600 - 120);
    // The hold ends with the session, not before it.
    const stored = await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${body.session_id}"`);
    expect(Math.floor(new Date(stored.expires_at).getTime() / 1000)).toBe(Number(created.params.get("expires_at")));
  });

  it("refunds a paid session for an original already sold, once, through Stripe's refunds", async () => {
    const piece = await server.su.collection("paintings").create(form({ title: "Heron", tags: [PRINT, ORIGINAL], tag_prices: { [PRINT]: 35, [ORIGINAL]: 480 } }, { image: pngFile() }));
    const res = await post(server, "/api/studio/checkout", { items: [{ id: piece.id, type: "painting", variant: "original", quantity: 1 }] });
    expect(res.status).toBe(200);
    const sessionId = (res.body as { session_id: string }).session_id;
    // Sold in the studio while this buyer was on Stripe's page.
    await server.su.collection("paintings").update(piece.id, { tags: [PRINT, "Original - Sold Out"] });
    const payload = event("checkout.session.completed", { ...paidObject(sessionId), amount_total: 48000 + 495, payment_intent: "pi_second_buyer" });
    for (let i = 0; i < 2; i++) expect((await post(server, "/api/studio/stripe/webhook", payload, { "Stripe-Signature": sign(payload) })).status).toBe(200);
    const refunds = proxy.sent().filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(Object.fromEntries(refunds[0].params)).toMatchObject({ payment_intent: "pi_second_buyer", amount: String(48000 + 495) });
    expect(refunds[0].idempotencyKey).toMatch(/^refund-/);
    const [purchase] = await server.su.collection("purchases").getFullList({ filter: `payment_id = "${sessionId}"` });
    expect(purchase.status).toBe("refunded");
    expect(purchase.metadata.refund).toMatchObject({ id: expect.stringMatching(/^re_/), amount_cents: 48000 + 495 });
  });

  it("reads a checkout's status from Stripe at most once per short window", async () => {
    const body = await checkout();
    const before = proxy.reads();
    for (let i = 0; i < 10; i++) expect((await fetch(`${server.url}/api/studio/checkout/${body.session_id}`)).status).toBe(200);
    expect(proxy.reads() - before).toBe(1);
  });

  it("releases an original's hold when the buyer comes back from Stripe without paying", async () => {
    const original = { id: c.painting, type: "painting", variant: "original", quantity: 1 };
    const first = await post(server, "/api/studio/checkout", { items: [original] });
    expect(first.status).toBe(200);
    expect((await post(server, "/api/studio/checkout", { items: [original] })).status).toBe(400);
    // Stripe's cancel_url carries our checkout id; the canceled page posts it back.
    const stored = await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${first.body.session_id}"`);
    const canceled = await post(server, `/api/studio/checkout/${stored.id}/cancel`, {});
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe("canceled");
    expect((await post(server, "/api/studio/checkout", { items: [original] })).status).toBe(200);
  });
});
