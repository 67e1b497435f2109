// Shipping what was sold: the studio's shipments, the buyer's letters, the order's state, and the
// Stripe payment's shipping proof, against the real server, a real SMTP catcher and stripe-mock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, signedInUser, ADMIN_DOMAIN, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";

const STUDIO = `studio@${ADMIN_DOMAIN}`;

async function post(server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

const DETAILS = { customer: { name: "Ada Lovelace", email: "ada@example.com" }, shipping: { name: "Ada Lovelace", address: { line1: "1 Harbor Rd", city: "Pebble Cove", postal_code: "04101", country: "US" } } };

async function paidOrder(server: TestServer) {
  const book = await server.su.collection("books").create(form({ title: "Tales of the Cove", price: 24.99, website_cart_available: true }, { image: pngFile() }));
  const tee = await server.su.collection("merchandise").create({ title: "Tee", price: 28, in_stock: true, available_sizes: ["M"], available_colors: ["Navy"] });
  const { body } = await post(server, "/api/studio/checkout", { items: [{ id: book.id, type: "book", quantity: 1 }, { id: tee.id, type: "merchandise", size: "M", color: "Navy", quantity: 1 }] });
  expect((await post(server, `/api/studio/checkout/${body.session_id}/pay`, DETAILS)).status).toBe(200);
  return server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${body.session_id}"`, { fields: "*,order_key" });
}

describe("orders (demo payments)", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ STUDIO_PAYMENTS: "demo" });
    await server.su.settings.update({ rateLimits: { enabled: false } });
    await signedInUser(server, STUDIO, { is_admin: true });
  });
  afterAll(() => server?.stop());

  it("gives every paid order an unguessable key of its own and starts it unfulfilled", async () => {
    const a = await paidOrder(server);
    const b = await paidOrder(server);
    expect(a.order_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.order_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.order_key).not.toBe(b.order_key);
    expect(a.fulfilment).toBe("unfulfilled");
  });
});
