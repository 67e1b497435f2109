// Shipping what was sold: the studio's shipments, the buyer's letters, the order's state, and the
// Stripe payment's shipping proof, against the real server, a real SMTP catcher and stripe-mock.
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import type PocketBase from "pocketbase";
import { startServer, signedInUser, ADMIN_DOMAIN, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";
import { startMailServer, linkIn, type MailServer } from "../support/maildev";
import { countingProxy, startStripeMock } from "../support/stripe-mock";

const STUDIO = `studio@${ADMIN_DOMAIN}`;
const WEBHOOK_SECRET = "whsec_test_secret";
const USPS = "9400 1000 0000 0000 0000 00";

async function post(server: TestServer, path: string, body: unknown, token = "") {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers.Authorization = token;
  const res = await fetch(server.url + path, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

const DETAILS = { customer: { name: "Ada Lovelace", email: "ada@example.com" }, shipping: { name: "Ada Lovelace", address: { line1: "1 Harbor Rd", city: "Pebble Cove", postal_code: "04101", country: "US" } } };

interface Order {
  id: string;
  order_key: string;
  fulfilment: string;
  provider_session_id: string;
}

async function twoLineOrder(server: TestServer): Promise<Order> {
  const book = await server.su.collection("books").create(form({ title: "Tales of the Cove", price: 24.99, website_cart_available: true }, { image: pngFile() }));
  const tee = await server.su.collection("merchandise").create({ title: "Tee", price: 28, in_stock: true, available_sizes: ["M"], available_colors: ["Navy"] });
  const { body } = await post(server, "/api/studio/checkout", { items: [{ id: book.id, type: "book", quantity: 1 }, { id: tee.id, type: "merchandise", size: "M", color: "Navy", quantity: 1 }] });
  expect((await post(server, `/api/studio/checkout/${body.session_id}/pay`, DETAILS)).status).toBe(200);
  return server.su.collection("checkout_sessions").getFirstListItem<Order>(`provider_session_id = "${body.session_id}"`);
}

let requests = 0;
const requestId = () => `req-${Date.now().toString(36)}-${++requests}`;

describe("shipments (demo payments, mail on)", () => {
  let server: TestServer;
  let mail: MailServer;
  let studio: string;
  let customer: PocketBase;

  const order = (id: string) => server.su.collection("checkout_sessions").getOne<Order>(id);
  const shipmentsOf = (id: string) => server.su.collection("shipments").getFullList({ filter: `order = "${id}"` });
  const outbox = () => server.su.collection("mail_outbox").getFullList();

  beforeAll(async () => {
    mail = await startMailServer();
    server = await startServer({ ...mail.env, STUDIO_PAYMENTS: "demo" });
    await server.su.settings.update({ rateLimits: { enabled: false } });
    studio = (await signedInUser(server, STUDIO, { is_admin: true })).authStore.token;
    customer = await signedInUser(server, "bo@example.com");
  });
  afterAll(async () => {
    await server?.stop();
    await mail?.stop();
  });

  it("gives every paid order an unguessable key of its own and starts it unfulfilled", async () => {
    const a = await twoLineOrder(server);
    const b = await twoLineOrder(server);
    expect(a.order_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.order_key).not.toBe(b.order_key);
    expect(a.fulfilment).toBe("unfulfilled");
  });

  it("ships a two-line order in two parcels: unfulfilled, partly shipped, shipped, delivered, one letter each", async () => {
    const o = await twoLineOrder(server);
    await mail.clear();
    const first = await post(server, `/api/studio/orders/${o.id}/shipments`, { request_id: requestId(), lines: [1], tracking_number: USPS, note: "Wrapped in tissue <3 & ribbon" }, studio);
    expect(first.status).toBe(200);
    expect(first.body.fulfilment).toBe("partly_shipped");
    expect(first.body.shipment).toMatchObject({ carrier: "usps", tracking_number: USPS, lines: [1], stripe_sync: "none" });
    expect((await order(o.id)).fulfilment).toBe("partly_shipped");

    const letter = await mail.waitFor("ada@example.com", /shipped/);
    expect(letter.subject).toBe("Your order has shipped");
    expect(letter.text).toContain("1 × Tee · M · Navy");
    expect(letter.text).not.toContain("Tales of the Cove");
    expect(letter.text).toContain("Carrier: USPS");
    expect(letter.html).toContain("Wrapped in tissue &lt;3 &amp; ribbon");
    expect(linkIn(letter, "https://tools.usps.com/")).toBe("https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000");
    expect(linkIn(letter, server.url)).toBe(`${server.url}/orders/${o.id}?key=${o.order_key}`);

    const second = await post(server, `/api/studio/orders/${o.id}/shipments`, { request_id: requestId(), tracking_number: "1Z999AA10123456784" }, studio);
    expect(second.status).toBe(200);
    expect(second.body.shipment).toMatchObject({ carrier: "ups", lines: [0] });
    expect(second.body.fulfilment).toBe("shipped");
    await expect.poll(async () => (await mail.all()).filter((m) => m.subject === "Your order has shipped").length, { timeout: 20000 }).toBe(2);
    const ups = (await mail.all()).find((m) => m.text.includes("1Z999AA10123456784"))!;
    expect(ups.text).toContain("1 × Tales of the Cove (Autographed)");

    const delivered = await post(server, `/api/studio/orders/${o.id}/delivered`, {}, studio);
    expect(delivered.status).toBe(200);
    expect((await order(o.id)).fulfilment).toBe("delivered");
    expect(await shipmentsOf(o.id)).toHaveLength(2);
  });

  it("makes one shipment and one letter of a double tap, a retry and an outbox replay", async () => {
    const o = await twoLineOrder(server);
    await mail.clear();
    const before = (await outbox()).length;
    const body = { request_id: requestId(), tracking_number: "RR123456785GB" };
    const answers = await Promise.all([0, 1, 2].map(() => post(server, `/api/studio/orders/${o.id}/shipments`, body, studio)));
    const again = await post(server, `/api/studio/orders/${o.id}/shipments`, body, studio);
    for (const a of [...answers, again]) expect(a.status).toBe(200);
    expect(new Set([...answers, again].map((a) => a.body.shipment.id)).size).toBe(1);
    expect(again.body.repeated).toBe(true);
    expect(again.body.shipment.carrier).toBe("royal_mail");
    expect(await shipmentsOf(o.id)).toHaveLength(1);
    expect((await outbox()).length - before).toBe(1);
    await mail.waitFor("ada@example.com", /shipped/);
    expect((await mail.all()).filter((m) => m.subject === "Your order has shipped")).toHaveLength(1);
  });

  it("ships the same lines once when two different requests race for them", async () => {
    const o = await twoLineOrder(server);
    const answers = await Promise.all([USPS, "1Z999AA10123456784"].map((n) => post(server, `/api/studio/orders/${o.id}/shipments`, { request_id: requestId(), lines: [0], tracking_number: n }, studio)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.message).toMatch(/Line 1 .* has already shipped/);
    expect(await shipmentsOf(o.id)).toHaveLength(1);
  });

  it("corrects a tracking number with one short letter, and a repeat of the correction sends none", async () => {
    const o = await twoLineOrder(server);
    const shipped = await post(server, `/api/studio/orders/${o.id}/shipments`, { request_id: requestId(), tracking_number: "123456789012" }, studio);
    expect(shipped.body.shipment.carrier).toBe("fedex");
    await mail.waitFor("ada@example.com", /shipped/);
    await mail.clear();
    const before = (await outbox()).length;
    const fix = { tracking_number: "123456789013", carrier: "fedex" };
    const answers = await Promise.all([0, 1].map(() => post(server, `/api/studio/shipments/${shipped.body.shipment.id}/tracking`, fix, studio)));
    for (const a of answers) expect(a.status).toBe(200);
    expect(answers.map((a) => a.body.shipment.tracking_number)).toEqual(["123456789013", "123456789013"]);
    const letter = await mail.waitFor("ada@example.com", /corrected/);
    expect(letter.subject).toBe("Tracking number corrected");
    expect(linkIn(letter, "https://www.fedex.com/")).toBe("https://www.fedex.com/fedextrack/?trknbr=123456789013");
    expect(linkIn(letter, server.url)).toBe(`${server.url}/orders/${o.id}?key=${o.order_key}`);
    expect((await outbox()).length - before).toBe(1);
  });

  it("refuses bad input with a clear message, saving and sending nothing", async () => {
    const o = await twoLineOrder(server);
    const other = await twoLineOrder(server);
    await post(server, `/api/studio/orders/${other.id}/shipments`, { request_id: requestId(), lines: [0], tracking_number: USPS }, studio);
    const shipped = await post(server, `/api/studio/orders/${o.id}/shipments`, { request_id: requestId(), lines: [0], tracking_number: USPS }, studio);
    expect(shipped.status).toBe(200);
    const before = { shipments: (await server.su.collection("shipments").getFullList()).length, outbox: (await outbox()).length };
    const ship = (body: Record<string, unknown>, id = o.id) => post(server, `/api/studio/orders/${id}/shipments`, { request_id: requestId(), ...body }, studio);
    const cases: [string, Promise<{ status: number; body: { message: string } }>, RegExp][] = [
      ["a 500-character number", ship({ tracking_number: "9".repeat(500) }), /at most 40 characters/],
      ["a 41-character number", ship({ tracking_number: "A".repeat(41) }), /at most 40 characters/],
      ["punctuation in the number", ship({ tracking_number: "9400<b>1</b>" }), /only letters, digits, spaces and dashes/],
      ["no number", ship({}), /enter the tracking number/],
      ["a number sent as a JSON number", ship({ tracking_number: 940010000000 }), /must be sent as text/],
      ["HTML in the note", ship({ tracking_number: USPS, lines: [1], note: '<img src=x onerror="alert(1)">' }), /plain text: please leave out HTML tags/],
      ["a line of no such index (another order's)", ship({ tracking_number: USPS, lines: [2] }), /Line 3 is not part of this order/],
      ["a line already shipped", ship({ tracking_number: USPS, lines: [0, 1] }), /Line 1 \("Tales of the Cove \(Autographed\)"\) has already shipped/],
      ["a line named twice", ship({ tracking_number: USPS, lines: [1, 1] }), /named twice/],
      ["lines that are not numbers", ship({ tracking_number: USPS, lines: ["1"] }), /list of line numbers/],
      ["an unknown carrier", ship({ tracking_number: USPS, lines: [1], carrier: "pigeon" }), /choose a carrier/],
      ["other without a page", ship({ tracking_number: "ABC123", lines: [1], carrier: "other" }), /tracking page's address/],
      ["other with a script page", ship({ tracking_number: "ABC123", lines: [1], carrier: "other", tracking_url: "javascript:alert(1)" }), /web address starting with https/],
      ["a short request id", post(server, `/api/studio/orders/${o.id}/shipments`, { request_id: "x", tracking_number: USPS }, studio), /request_id/],
      ["a made-up order", ship({ tracking_number: USPS }, "doesnotexist123"), /This order does not exist/],
    ];
    for (const [label, answer, message] of cases) {
      const res = await answer;
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect(res.body.message, label).toMatch(message);
    }
    const sid = shipped.body.shipment.id;
    const fix = await post(server, `/api/studio/shipments/${sid}/tracking`, { tracking_number: "x".repeat(500) }, studio);
    expect(fix.status).toBe(400);
    expect((await server.su.collection("shipments").getOne(sid)).tracking_number).toBe(USPS);
    expect((await post(server, `/api/studio/orders/${o.id}/delivered`, {}, studio)).body.message).toMatch(/once every line has shipped/);
    expect((await order(o.id)).fulfilment).toBe("partly_shipped");
    expect((await server.su.collection("shipments").getFullList()).length).toBe(before.shipments);
    expect((await outbox()).length).toBe(before.outbox);
  });

  it("lets nobody but the studio ship, correct or deliver, and shows shipments to nobody else", async () => {
    const o = await twoLineOrder(server);
    const sid = (await post(server, `/api/studio/orders/${o.id}/shipments`, { request_id: requestId(), lines: [0], tracking_number: USPS }, studio)).body.shipment.id;
    const before = { shipments: (await server.su.collection("shipments").getFullList()).length, outbox: (await outbox()).length };
    const buyer = await signedInUser(server, "ada@example.com");
    for (const [who, token] of [["a visitor", ""], ["a customer", customer.authStore.token], ["the order's buyer", buyer.authStore.token]]) {
      for (const [path, body] of [
        [`/api/studio/orders/${o.id}/shipments`, { request_id: requestId(), lines: [1], tracking_number: USPS }],
        [`/api/studio/shipments/${sid}/tracking`, { tracking_number: "123456789012" }],
        [`/api/studio/orders/${o.id}/delivered`, {}],
      ] as const) {
        const res = await post(server, path, body, token);
        expect(res.status, `${who} ${path}`).toBe(403);
        expect(res.body.message).toBe("Only the studio can do this.");
      }
    }
    expect(await buyer.collection("shipments").getFullList()).toEqual([]);
    expect(await server.client().collection("shipments").getFullList()).toEqual([]);
    // The live lists' catch-up route follows the collection's rule too.
    const feed = await fetch(`${server.url}/api/studio/changes/shipments?since=`, { headers: { Authorization: buyer.authStore.token } });
    const fed = await feed.json();
    expect(feed.status === 200 ? fed.upserts : []).toEqual([]);
    await expect(buyer.collection("shipments").create({ order: o.id, tracking_number: "1" })).rejects.toMatchObject({ status: 403 });
    const view = await buyer.collection("checkout_sessions").getFullList().catch((e) => e.status);
    expect(view).toEqual([]);
    expect((await server.su.collection("shipments").getFullList()).length).toBe(before.shipments);
    expect((await outbox()).length).toBe(before.outbox);
  });

  it("refuses to ship a refunded order and keeps it refunded", async () => {
    const piece = await server.su.collection("paintings").create(form({ title: "Owl Light", tags: ["Original - For Sale"], tag_prices: { "Original - For Sale": 300 } }, { image: pngFile() }));
    const { body } = await post(server, "/api/studio/checkout", { items: [{ id: piece.id, type: "painting", variant: "original", quantity: 1 }] });
    await server.su.collection("paintings").update(piece.id, { tags: ["Original - Sold Out"] });
    expect((await post(server, `/api/studio/checkout/${body.session_id}/pay`, DETAILS)).status).toBe(200);
    const o = await server.su.collection("checkout_sessions").getFirstListItem<Order>(`provider_session_id = "${body.session_id}"`);
    expect(o.fulfilment).toBe("refunded");
    const res = await post(server, `/api/studio/orders/${o.id}/shipments`, { request_id: requestId(), tracking_number: USPS }, studio);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("This order was refunded: there is nothing to ship.");
    expect(await shipmentsOf(o.id)).toHaveLength(0);
  });

  it("ships a commission's original, and refuses a mural", async () => {
    const portrait = await server.su.collection("commissions").create({ type: "watercolor-portrait", description: "Our cat", contact_email: "cat@example.com", contact_name: "Mo" });
    const mural = await server.su.collection("commissions").create({ type: "indoor-mural", description: "A whale", contact_email: "whale@example.com" });
    const res = await post(server, `/api/studio/commissions/${portrait.id}/shipments`, { request_id: requestId(), tracking_number: "LX123456785DE" }, studio);
    expect(res.status).toBe(200);
    expect(res.body.shipment).toMatchObject({ commission: portrait.id, carrier: "deutsche_post", lines: [] });
    const letter = await mail.waitFor("cat@example.com", /shipped/);
    expect(letter.text).toContain("Carrier: Deutsche Post / DHL Paket");
    const refused = await post(server, `/api/studio/commissions/${mural.id}/shipments`, { request_id: requestId(), tracking_number: USPS }, studio);
    expect(refused.body.message).toMatch(/A mural is painted where it stays/);
    expect((await post(server, `/api/studio/commissions/${portrait.id}/shipments`, { request_id: requestId(), tracking_number: USPS }, customer.authStore.token)).status).toBe(403);
  });
});

describe("Stripe mode: the PaymentIntent's shipping", () => {
  let server: TestServer;
  let mock: { url: string; stop(): Promise<void> };
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  let gate: ReturnType<typeof createServer>;
  let failNext = 0;
  let studio: string;
  const stripe = new Stripe("sk_test_123");

  beforeAll(async () => {
    mock = await startStripeMock();
    proxy = await countingProxy(mock.url);
    // Stands in for Stripe being away: answers 500 to the next PaymentIntent updates while failNext > 0.
    gate = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      if (req.url?.startsWith("/v1/payment_intents/") && failNext > 0) {
        failNext--;
        res.writeHead(500, { "Content-Type": "application/json" });
        return res.end(JSON.stringify({ error: { message: "Stripe is away" } }));
      }
      const upstream = await fetch(proxy.url + req.url, { method: req.method, headers: req.headers as Record<string, string>, body: req.method === "GET" ? undefined : Buffer.concat(chunks) });
      res.writeHead(upstream.status, { "Content-Type": "application/json" });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
    await new Promise<void>((r) => gate.listen(0, "127.0.0.1", r));
    const gateUrl = `http://127.0.0.1:${(gate.address() as { port: number }).port}`;
    server = await startServer({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_API_BASE: gateUrl, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    studio = (await signedInUser(server, STUDIO, { is_admin: true })).authStore.token;
  });
  afterAll(async () => {
    await server?.stop();
    gate?.close();
    proxy?.close();
    await mock?.stop();
  });

  async function stripeOrder(pi: string): Promise<Order> {
    const print = await server.su.collection("paintings").create(form({ title: "Cove", tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 35 } }, { image: pngFile() }));
    const { body } = await post(server, "/api/studio/checkout", { items: [{ id: print.id, type: "painting", variant: "print", quantity: 1 }] });
    const session = await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${body.session_id}"`);
    const payload = JSON.stringify({
      id: `evt_${Math.random().toString(36).slice(2)}`,
      type: "checkout.session.completed",
      data: {
        object: {
          id: body.session_id,
          object: "checkout.session",
          payment_status: "paid",
          amount_total: 3500 + 495,
          currency: "usd",
          livemode: false,
          payment_intent: pi,
          metadata: { checkout_id: session.id },
          customer_details: { name: "Cleo Marsh", email: "cleo@example.com", phone: "+15550100" },
          shipping_details: { name: "Cleo Marsh", address: { line1: "9 Pine Way", line2: null, city: "Hollow Pines", state: "ME", postal_code: "04000", country: "US" } },
        },
      },
    });
    const res = await fetch(`${server.url}/api/studio/stripe/webhook`, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) }, body: payload });
    expect(res.status).toBe(200);
    return server.su.collection("checkout_sessions").getOne<Order>(session.id);
  }

  const updates = (pi: string) => proxy.sent().filter((r) => r.method === "POST" && r.path === `/v1/payment_intents/${pi}`);

  it("puts the carrier and tracking number on the PaymentIntent once per shipment", async () => {
    const o = await stripeOrder("pi_ship_once");
    expect(o.fulfilment).toBe("unfulfilled");
    const body = { request_id: requestId(), tracking_number: USPS };
    const answers = await Promise.all([0, 1].map(() => post(server, `/api/studio/orders/${o.id}/shipments`, body, studio)));
    await post(server, `/api/studio/orders/${o.id}/shipments`, body, studio);
    for (const a of answers) expect(a.status).toBe(200);
    expect(updates("pi_ship_once")).toHaveLength(1);
    const sent = updates("pi_ship_once")[0].params;
    expect(sent.get("shipping[tracking_number]")).toBe(USPS);
    expect(sent.get("shipping[carrier]")).toBe("USPS");
    expect(sent.get("shipping[name]")).toBe("Cleo Marsh");
    expect(sent.get("shipping[address][line1]")).toBe("9 Pine Way");
    expect(sent.get("shipping[address][country]")).toBe("US");
    const shipment = await server.su.collection("shipments").getOne(answers[0].body.shipment.id);
    expect(shipment).toMatchObject({ stripe_sync: "done", stripe_error: "" });
  });

  it("keeps the shipment when Stripe fails, shows why, and sends it on the studio's next action", async () => {
    const o = await stripeOrder("pi_ship_later");
    failNext = 1;
    const res = await post(server, `/api/studio/orders/${o.id}/shipments`, { request_id: requestId(), tracking_number: "1Z999AA10123456784" }, studio);
    expect(res.status).toBe(200);
    expect(res.body.fulfilment).toBe("shipped");
    expect(res.body.shipment.stripe_sync).toBe("failed");
    expect(res.body.shipment.stripe_error).toContain("Stripe is away");
    expect(updates("pi_ship_later")).toHaveLength(0);

    expect((await post(server, `/api/studio/orders/${o.id}/delivered`, {}, studio)).status).toBe(200);
    expect(updates("pi_ship_later")).toHaveLength(1);
    expect(updates("pi_ship_later")[0].params.get("shipping[tracking_number]")).toBe("1Z999AA10123456784");
    expect(await server.su.collection("shipments").getOne(res.body.shipment.id)).toMatchObject({ stripe_sync: "done", stripe_error: "" });
  });

  it("sends a failed update again from the cron, with no studio action", async () => {
    const o = await stripeOrder("pi_ship_cron");
    failNext = 1;
    const res = await post(server, `/api/studio/orders/${o.id}/shipments`, { request_id: requestId(), tracking_number: "RR123456785GB" }, studio);
    expect(res.body.shipment.stripe_sync).toBe("failed");
    await server.su.crons.run("retry-stripe-shipping");
    await expect.poll(async () => (await server.su.collection("shipments").getOne(res.body.shipment.id)).stripe_sync, { timeout: 10000 }).toBe("done");
    expect(updates("pi_ship_cron")).toHaveLength(1);
    expect(updates("pi_ship_cron")[0].params.get("shipping[carrier]")).toBe("Royal Mail");
  });
});
