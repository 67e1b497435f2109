// Selling what exists, once: originals and stock held while a checkout is open, payments that are
// always recorded, and a payment provider that is on only when the shop says so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser, startServer, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";

const PRINT = "Print - For Sale";
const ORIGINAL = "Original - For Sale";
const ADDRESS = { customer: { name: "Ada Lovelace", email: "ada@example.com" }, shipping: { address: { line1: "1 Harbor Rd", city: "Pebble Cove", postal_code: "04101", country: "US" } } };

async function post(server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function original(server: TestServer, title = "Cove") {
  return (await server.su.collection("paintings").create(form({ title, tags: [PRINT, ORIGINAL], tag_prices: { [PRINT]: 35, [ORIGINAL]: 480 } }, { image: pngFile() }))).id;
}

const originalLine = (id: string, quantity = 1) => ({ id, type: "painting", variant: "original", quantity });

describe("with the demo provider", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ STUDIO_PAYMENTS: "demo" });
  });
  afterAll(() => server?.stop());

  it("sells an original once: quantity 1, one line per order", async () => {
    const id = await original(server);
    const three = await post(server, "/api/studio/checkout", { items: [originalLine(id, 3)] });
    expect(three.status).toBe(400);
    expect(three.body.message).toBe('Line 1: there is only one original of "Cove": the quantity must be 1.');
    const twice = await post(server, "/api/studio/checkout", { items: [originalLine(id), originalLine(id)] });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('Line 2: the original of "Cove" is already in this order.');
  });

  it("holds an original for an open checkout, and releases it when that checkout is canceled or expires", async () => {
    const id = await original(server, "Harbor");
    const first = await post(server, "/api/studio/checkout", { items: [originalLine(id)] });
    expect(first.status).toBe(200);
    const second = await post(server, "/api/studio/checkout", { items: [originalLine(id)] });
    expect(second.status).toBe(400);
    expect(second.body.message).toMatch(/Line 1: the original of "Harbor" is reserved by another checkout right now/);
    // A print of the same painting is not held.
    expect((await post(server, "/api/studio/checkout", { items: [{ id, type: "painting", variant: "print", quantity: 2 }] })).status).toBe(200);

    await post(server, `/api/studio/checkout/${first.body.session_id}/cancel`, {});
    const third = await post(server, "/api/studio/checkout", { items: [originalLine(id)] });
    expect(third.status).toBe(200);

    // Past its expires_at the hold is gone and the demo page can no longer pay it.
    const held = await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${third.body.session_id}"`);
    expect(new Date(held.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 60000);
    await server.su.collection("checkout_sessions").update(held.id, { expires_at: new Date(Date.now() - 1000).toISOString() });
    const late = await post(server, `/api/studio/checkout/${third.body.session_id}/pay`, ADDRESS);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe("This checkout is expired and can no longer be paid.");
    expect((await post(server, "/api/studio/checkout", { items: [originalLine(id)] })).status).toBe(200);
  });

  it("counts merchandise stock per item across lines and open checkouts", async () => {
    const tee = await server.su.collection("merchandise").create({ title: "Tee", price: 28, in_stock: true, inventory_count: 3, available_sizes: ["S", "M"] });
    const lines = [
      { id: tee.id, type: "merchandise", size: "S", quantity: 2 },
      { id: tee.id, type: "merchandise", size: "M", quantity: 2 },
    ];
    const both = await post(server, "/api/studio/checkout", { items: lines });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('Line 2: only 1 of "Tee" left.');
    expect((await post(server, "/api/studio/checkout", { items: [lines[0]] })).status).toBe(200);
    const afterHold = await post(server, "/api/studio/checkout", { items: [lines[1]] });
    expect(afterHold.body.message).toBe('Line 1: only 1 of "Tee" left.');
  });

  it("refunds a second payment for a sold original at once (demo: marked refunded), shipping included when nothing ships", async () => {
    const id = await original(server, "Lantern");
    const a = await post(server, "/api/studio/checkout", { items: [originalLine(id)] });
    // Another sale of the piece (in the studio, say) while this checkout is open.
    await server.su.collection("paintings").update(id, { tags: [PRINT, "Original - Sold Out"] });
    const paid = await post(server, `/api/studio/checkout/${a.body.session_id}/pay`, ADDRESS);
    expect(paid.body.status).toBe("paid");
    const [purchase] = await server.su.collection("purchases").getFullList({ filter: `payment_id = "${a.body.session_id}"` });
    expect(purchase).toMatchObject({ product_title: "Lantern (Original)", amount: 480, status: "refunded" });
    expect(purchase.metadata).toMatchObject({ provider: "demo", refund_reason: "The original was already sold when this payment arrived." });
    expect(purchase.metadata.refund).toMatchObject({ id: expect.stringMatching(/^demo_refund_/), amount_cents: 48000 + 495, shipping: true });
    // Paying again changes nothing: the refund is not made twice.
    await post(server, `/api/studio/checkout/${a.body.session_id}/pay`, ADDRESS);
    expect((await server.su.collection("purchases").getOne(purchase.id)).metadata.refund.id).toBe(purchase.metadata.refund.id);
  });

  it("records a paid order whose products were deleted after checkout", async () => {
    const id = await original(server, "Gone");
    const mug = await server.su.collection("merchandise").create({ title: "Mug", price: 18, in_stock: true, inventory_count: 4 });
    const a = await post(server, "/api/studio/checkout", { items: [originalLine(id), { id: mug.id, type: "merchandise", quantity: 1 }] });
    await server.su.collection("paintings").delete(id);
    await server.su.collection("merchandise").delete(mug.id);
    const paid = await post(server, `/api/studio/checkout/${a.body.session_id}/pay`, ADDRESS);
    expect(paid.status).toBe(200);
    const purchases = await server.su.collection("purchases").getFullList({ filter: `payment_id = "${a.body.session_id}"`, sort: "product_title" });
    expect(purchases.map((p) => [p.product_title, p.status])).toEqual([
      ["Gone (Original)", "refunded"],
      ["Mug", "completed"],
    ]);
    // The mug ships, so the shipping stays paid.
    expect(purchases[0].metadata.refund).toMatchObject({ amount_cents: 48000, shipping: false });
  });

  it("limits the size of a request body on the studio's routes", async () => {
    // Over every route's limit (64 KB to 128 KB), small enough to be sent before the answer.
    const huge = JSON.stringify({ items: [], padding: "x".repeat(300 * 1024) });
    for (const path of ["/api/studio/checkout", "/api/studio/cart", "/api/studio/newsletter"]) {
      expect(await statusOnNewConnection(server.url + path, huge), path).toBe(413);
    }
  });
});

describe("what one holder may keep out of the shop", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ STUDIO_PAYMENTS: "demo" });
  });
  afterAll(() => server?.stop());

  it("lets a visitor's checkouts hold at most 3 originals at once, a customer's more", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await original(server, `Moth ${i}`));
    // A bot's first checkout takes three; every further one from its address is refused.
    expect((await post(server, "/api/studio/checkout", { items: ids.slice(0, 3).map((id) => originalLine(id)) })).status).toBe(200);
    const fourth = await post(server, "/api/studio/checkout", { items: [originalLine(ids[3])] });
    expect(fourth.status).toBe(400);
    expect(fourth.body.message).toBe(
      "Line 1: one checkout may reserve at most 3 originals at a time, counting your other open checkouts. Please finish or cancel one first. Signing in with a confirmed email address lets you reserve up to 10.",
    );
    // The shop still has them for everyone else: a signed-in customer reserves both.
    const customer = await signedInUser(server, "ada@example.com");
    const theirs = await post(server, "/api/studio/checkout", { items: [originalLine(ids[3]), originalLine(ids[4])] }, { Authorization: customer.authStore.token });
    expect(theirs.status).toBe(200);
  });

  it("lets a visitor hold at most 3 of a tracked item at once", async () => {
    const tee = await server.su.collection("merchandise").create({ title: "Fox Tee", price: 28, in_stock: true, inventory_count: 40 });
    const line = (quantity: number) => ({ id: tee.id, type: "merchandise", quantity });
    expect((await post(server, "/api/studio/checkout", { items: [line(4)] })).body.message).toBe(
      'Line 1: at most 3 of "Fox Tee" can be reserved at a time, counting your other open checkouts. Please finish or cancel one first. Signing in with a confirmed email address lets you reserve up to 10.',
    );
    expect((await post(server, "/api/studio/checkout", { items: [line(3)] })).status).toBe(200);
    expect((await post(server, "/api/studio/checkout", { items: [line(1)] })).status).toBe(400);
    // Untracked stock (no count) is made to order: nothing is held.
    const mug = await server.su.collection("merchandise").create({ title: "Mug", price: 18, in_stock: true });
    expect((await post(server, "/api/studio/checkout", { items: [{ id: mug.id, type: "merchandise", quantity: 12 }] })).status).toBe(200);
  });

  it("counts one network's holds together, so sign-ups do not multiply them", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) ids.push(await original(server, `Hare ${i}`));
    // New accounts that never confirmed their address get a visitor's allowance...
    const unconfirmed = await signedInUser(server, "bot-0@example.com", { verified: false });
    const four = await post(server, "/api/studio/checkout", { items: ids.slice(0, 4).map((id) => originalLine(id)) }, { Authorization: unconfirmed.authStore.token });
    expect(four.body.message).toMatch(/^Line 4: one checkout may reserve at most 3 originals at a time/);
    // ...and confirmed ones, however many, share this address's ceiling of 10 with everyone here
    // (the first test's visitor and customer hold 5 from this address already).
    const answers: Array<{ status: number; body: { session_id?: string; message?: string } }> = [];
    for (let i = 0; i < 9; i++) {
      const bot = await signedInUser(server, `bot-${i + 1}@example.com`);
      answers.push(await post(server, "/api/studio/checkout", { items: [originalLine(ids[i])] }, { Authorization: bot.authStore.token }));
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 400, 400, 400, 400]);
    expect(answers[5].body.message).toBe("Line 1: checkouts from your network already reserve 10 originals. Please finish or cancel one first.");
    // Canceling gives the address its allowance back (and leaves the shop as the next tests expect it).
    for (const a of answers.slice(0, 5)) await post(server, `/api/studio/checkout/${a.body.session_id}/cancel`, {});
  });

  it("ends a cart's earlier open checkout when that cart checks out again", async () => {
    const id = await original(server, "Wren");
    const customer = await signedInUser(server, "bea@example.com");
    const auth = { Authorization: customer.authStore.token };
    const first = await post(server, "/api/studio/checkout", { items: [originalLine(id)], cart_session_id: "bea-cart-123" }, auth);
    expect(first.status).toBe(200);
    // The tab was closed; the same cart comes back to checkout.
    const again = await post(server, "/api/studio/checkout", { items: [originalLine(id)], cart_session_id: "bea-cart-123" }, auth);
    expect(again.status).toBe(200);
    const old = await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${first.body.session_id}"`);
    expect(old.status).toBe("canceled");
    // Another cart still finds the piece reserved, and someone else sending Bea's cart id ends nothing.
    const other = await post(server, "/api/studio/checkout", { items: [originalLine(id)], cart_session_id: "someone-else-9" }, auth);
    expect(other.body.message).toMatch(/reserved by another checkout right now/);
    const intruder = await post(server, "/api/studio/checkout", { items: [originalLine(id)], cart_session_id: "bea-cart-123" });
    expect(intruder.body.message).toMatch(/reserved by another checkout right now/);
    expect((await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${again.body.session_id}"`)).status).toBe("open");
  });

  it("holds and the Stripe session end at the same moment, at least 35 minutes away", async () => {
    const id = await original(server, "Tern");
    const before = Date.now();
    const res = await post(server, "/api/studio/checkout", { items: [originalLine(id)] }, { Authorization: (await signedInUser(server, "cy@example.com")).authStore.token });
    const held = await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${res.body.session_id}"`);
    expect(new Date(held.expires_at).getTime() - before).toBeGreaterThanOrEqual(35 * 60000);
  });
});

describe("without a payment provider", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it("answers checkout with 'Payments are not set up yet' and takes nothing, and never pays a demo session", async () => {
    const id = await original(server);
    const res = await post(server, "/api/studio/checkout", { items: [originalLine(id)] });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe("Payments are not set up yet. Your cart is saved; please try again later.");
    expect(await server.su.collection("checkout_sessions").getFullList()).toHaveLength(0);
    // A session left from when the demo was on cannot be paid now.
    const leftover = await server.su.collection("checkout_sessions").create({ provider: "demo", provider_session_id: "demo_leftover", status: "open", line_items: [], amount_total: 495 });
    const pay = await post(server, "/api/studio/checkout/demo_leftover/pay", ADDRESS);
    expect(pay.status).toBe(400);
    expect(pay.body.message).toMatch(/The demo payment provider is off/);
    expect((await server.su.collection("checkout_sessions").getOne(leftover.id)).status).toBe("open");
    expect(await server.su.collection("purchases").getFullList()).toHaveLength(0);
  });
});

describe("with a Stripe key", () => {
  it("refuses to start with a Stripe key but no webhook secret, saying what to set", async () => {
    await expect(startServer({ STRIPE_SECRET_KEY: "sk_test_123" })).rejects.toThrow(/STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not/);
  });
});

/** POSTs on a connection of its own: the server stops reading a refused body, so none is reused. */
async function statusOnNewConnection(url: string, body: string): Promise<number> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    let status = 0;
    const req = request(url, { method: "POST", agent: false, headers: { "Content-Type": "application/json" } }, (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      resolve(status);
    });
    // The server may close while the rest of the body is still being written.
    req.on("error", (err) => (status ? resolve(status) : reject(err)));
    req.end(body);
  });
}
