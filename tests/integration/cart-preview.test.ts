// The cart's preview: what checkout would charge for a cart, from the same pricing, with nothing held or written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";

const PRINT = "Print - For Sale";
const ORIGINAL = "Original - For Sale";

let server: TestServer;
let painting: string;
let soldOut: string;
let book: string;
let tee: string;

beforeAll(async () => {
  server = await startServer({ STUDIO_PAYMENTS: "demo", STUDIO_TRUSTED_PROXY_HEADERS: "X-Forwarded-For" });
  const su = server.su;
  painting = (await su.collection("paintings").create(form({ title: "Cove", tags: [PRINT, ORIGINAL], tag_prices: { [PRINT]: 35, [ORIGINAL]: 480 } }, { image: pngFile() }))).id;
  soldOut = (await su.collection("paintings").create(form({ title: "Dusk", tags: [PRINT, "Original - Sold Out"], tag_prices: { [PRINT]: 30 } }, { image: pngFile() }))).id;
  book = (await su.collection("books").create(form({ title: "Tales", price: 24.99, website_cart_available: true }, { image: pngFile() }))).id;
  tee = (await su.collection("merchandise").create({ title: "Tee", price: 28, in_stock: true, inventory_count: 5, available_sizes: ["S", "M"], available_colors: ["Navy"] })).id;
});
afterAll(() => server?.stop());

async function post(path: string, body: unknown, from = "198.51.100.10") {
  const res = await fetch(server.url + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": from },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function written() {
  const count = async (name: string) => (await server.su.collection(name).getList(1, 1)).totalItems;
  return { sessions: await count("checkout_sessions"), carts: await count("abandoned_carts"), purchases: await count("purchases") };
}

const cart = () => [
  { id: painting, type: "painting", variant: "print", quantity: 2, price: 0.01, title: "Free" },
  { id: painting, type: "painting", variant: "original", quantity: 1 },
  { id: `${book}-autographed`, type: "book", quantity: 1 },
  { id: tee, type: "merchandise", size: "M", color: "Navy", quantity: 2 },
];

describe("POST /api/studio/cart/price", () => {
  it("answers what checkout then charges for the same cart, and holds nothing", async () => {
    const before = await written();
    const preview = await post("/api/studio/cart/price", { items: cart(), cart_session_id: "preview-cart-1" });
    expect(preview.status).toBe(200);
    const subtotal = 7000 + 48000 + 3799 + 5600;
    expect(preview.body).toEqual({
      lines: [
        { title: "Cove (Print)", quantity: 2, unit_amount: 3500, item_type: "painting", discount_cents: 0, code_excluded: false },
        { title: "Cove (Original)", quantity: 1, unit_amount: 48000, item_type: "painting", discount_cents: 0, code_excluded: false },
        { title: "Tales (Autographed)", quantity: 1, unit_amount: 3799, item_type: "book", discount_cents: 0, code_excluded: false },
        { title: "Tee · M · Navy", quantity: 2, unit_amount: 2800, item_type: "merchandise", discount_cents: 0, code_excluded: false },
      ],
      subtotal,
      shipping: 495,
      discount: 0,
      tax: 0,
      total: subtotal + 495,
      // The seeded shop ships everywhere at one rate: no country is needed, and none is named.
      ship_country: "",
      ship_region: "",
      shipping_zone: "everywhere",
      shipping_zone_name: "Everywhere",
      delivery_estimate: null,
      tax_mode: "off",
      tax_included: 0,
      tax_label: "",
      discount_code: "",
      free_shipping: false,
      code_error: "",
      // Every line is a thing that ships, and none is a download: no box about the right to cancel.
      ships: true,
      withdrawal_box: null,
    });
    expect(await written()).toEqual(before);

    // Previewed, the original is still free: another buyer on another network checks it out.
    const checkout = await post("/api/studio/checkout", { items: cart(), cart_session_id: "preview-cart-2" }, "203.0.113.20");
    expect(checkout.status).toBe(200);
    expect(checkout.body.amount_total).toBe(preview.body.total);
    const summary = await (await fetch(`${server.url}/api/studio/checkout/${checkout.body.session_id}`)).json();
    expect(summary.lines).toEqual(preview.body.lines);
    expect(summary.shipping).toBe(preview.body.shipping);

    // Now held, the preview says what checkout would: for the first buyer, and for the holder's
    // own cart (whose new checkout would replace the open one), the price again.
    const heldFor = await post("/api/studio/cart/price", { items: cart(), cart_session_id: "preview-cart-1" });
    const refused = await post("/api/studio/checkout", { items: cart(), cart_session_id: "preview-cart-1" });
    expect(heldFor.status).toBe(400);
    expect(heldFor.body).toEqual(refused.body);
    expect(heldFor.body.message).toMatch(/^Line 2: the original of "Cove" is reserved by another checkout right now/);
    const own = await post("/api/studio/cart/price", { items: cart(), cart_session_id: "preview-cart-2" }, "203.0.113.20");
    expect(own.status).toBe(200);
    expect(own.body.total).toBe(preview.body.total);
    expect((await post(`/api/studio/checkout/${checkout.body.session_id}/cancel`, {})).body.status).toBe("canceled");
  });

  it("refuses a sold original with checkout's own message", async () => {
    const items = [{ id: soldOut, type: "painting", variant: "original", quantity: 1 }];
    const preview = await post("/api/studio/cart/price", { items });
    const checkout = await post("/api/studio/checkout", { items });
    expect(preview).toEqual(checkout);
    expect(preview.status).toBe(400);
    expect(preview.body.message).toBe('Line 1: the original of "Dusk" is sold out.');
  });

  const print = { id: painting, type: "painting", variant: "print", quantity: 1 };
  it.each([
    ["no body", "", "Please add items to your cart before checking out."],
    ["items that are not a list", { items: "everything" }, "Please add items to your cart before checking out."],
    ["an empty list", { items: [] }, "Please add items to your cart before checking out."],
    ["a line that is not an object", { items: [null] }, "Line 1: the quantity must be a whole number from 1 to 20."],
    ["a fractional quantity", { items: [{ ...print, quantity: 1.5 }] }, "Line 1: the quantity must be a whole number from 1 to 20."],
    ["a negative quantity", { items: [{ ...print, quantity: -3 }] }, "Line 1: the quantity must be a whole number from 1 to 20."],
    ["a quantity in words", { items: [{ ...print, quantity: "two" }] }, "Line 1: the quantity must be a whole number from 1 to 20."],
    ["a huge quantity", { items: [{ ...print, quantity: 1e308 }] }, "Line 1: the quantity must be a whole number from 1 to 20."],
    ["a quantity as text", { items: [{ ...print, quantity: "3" }] }, "Line 1: the quantity must be a whole number from 1 to 20."],
    ["a quantity in hex", { items: [{ ...print, quantity: "0x2" }] }, "Line 1: the quantity must be a whole number from 1 to 20."],
    ["a quantity of true", { items: [{ ...print, quantity: true }] }, "Line 1: the quantity must be a whole number from 1 to 20."],
    ["a quantity in a list", { items: [{ ...print, quantity: [1] }] }, "Line 1: the quantity must be a whole number from 1 to 20."],
    ["an unknown type", { items: [{ ...print, type: "castle" }] }, "Line 1: unknown item type."],
    ["1000 lines", { items: Array.from({ length: 1000 }, () => ({ id: "x", type: "book", quantity: 1 })) }, "A cart holds at most 50 lines."],
  ])("answers %s with a clear 400, as checkout does", async (_name, body, message) => {
    const preview = await post("/api/studio/cart/price", body);
    expect(preview.status).toBe(400);
    expect(preview.body.message).toBe(message);
    expect(await post("/api/studio/checkout", body)).toEqual(preview);
  });

  it.each([
    ["a body that is not JSON", "{items:"],
    ["a JSON list for a body", "[1,2,3]"],
    ["a JSON text for a body", '"cart"'],
  ])("answers %s with a clear 400", async (_name, body) => {
    const preview = await post("/api/studio/cart/price", body);
    expect(preview).toEqual({ status: 400, body: { status: 400, message: 'The cart could not be read: send it as JSON, { "items": [ ... ] }.', data: {} } });
  });

  it("refuses a body over its size limit without reading it", async () => {
    const res = await post("/api/studio/cart/price", { items: [{ ...print, title: "x".repeat(70000) }] });
    expect(res.status).toBe(413);
  });
});
