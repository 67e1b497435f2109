// A small shop for the shipping and tax tests: a painting (print and original), a book and a
// T-shirt, two shipping zones over three classes, and helpers to read what Stripe was sent.
import Stripe from "stripe";
import type { TestServer } from "./server";
import { form, pngFile } from "./files";

export const WEBHOOK_SECRET = "whsec_test_secret";
const PRINT = "Print - For Sale";
const ORIGINAL = "Original - For Sale";

const rate = (first_cents: number, additional_cents: number, min_days: number | null = null, max_days: number | null = null) => ({ first_cents, additional_cents, min_days, max_days });

/** Europe (DE, FR, AT) and the rest of the world; prints, framed originals and small items (books ship as prints). */
export const TWO_ZONES = {
  classes: [
    { id: "print", name: "Print", tax_code: "txcd_99999999" },
    { id: "original", name: "Framed original", tax_code: "txcd_99999999" },
    { id: "small", name: "Small item", tax_code: "txcd_99999999" },
  ],
  defaults: { "painting:print": "print", "painting:original": "original", "book:autographed": "print", merchandise: "small" },
  zones: [
    { id: "europe", name: "Europe", rest_of_world: false, countries: ["DE", "FR", "AT"], free_over_cents: null as number | null, rates: { print: rate(800, 200, 3, 7), original: rate(3000, 3000, 5, 10), small: rate(500, 100) } },
    { id: "world", name: "Rest of the world", rest_of_world: true, countries: [] as string[], free_over_cents: null as number | null, rates: { print: rate(1500, 500), original: rate(9000, 9000), small: rate(1200, 400) } },
  ],
};

export async function arrangeShop(server: TestServer) {
  const su = server.su;
  const painting = (await su.collection("paintings").create(form({ title: "Cove", tags: [PRINT, ORIGINAL], tag_prices: { [PRINT]: 35, [ORIGINAL]: 480 } }, { image: pngFile() }))).id;
  const book = (await su.collection("books").create(form({ title: "Tales", price: 24.99, website_cart_available: true }, { image: pngFile() }))).id;
  const tee = (await su.collection("merchandise").create({ title: "Tee", price: 28, in_stock: true, shipping_class: "small" })).id;
  const ids = { painting, book, tee };
  const line = (what: "print" | "original" | "book" | "tee", quantity: number) =>
    what === "tee" ? { id: tee, type: "merchandise", quantity } : what === "book" ? { id: `${book}-autographed`, type: "book", quantity } : { id: painting, type: "painting", variant: what, quantity };
  /** Two prints, the original and two tees. */
  const cart = () => [line("print", 2), line("original", 1), line("tee", 2)];
  return { ids, line, cart };
}

export async function post(server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

/** The values of a list parameter as Stripe's form encoding sends it: name[0], name[1], … */
export function bracketed(params: URLSearchParams, name: string): string[] {
  const out: string[] = [];
  for (let i = 0; params.has(`${name}[${i}]`); i++) out.push(params.get(`${name}[${i}]`)!);
  return out;
}

const stripe = new Stripe("sk_test_123");

/**
 * Stripe's news that checkout session `id` was paid, signed as Stripe signs it and posted to the
 * shop's webhook: `amount` in USD, test mode, a buyer, and an address of which `address` names
 * what matters (country, state); `extra` adds or replaces fields of the session.
 */
export function payByWebhook(server: TestServer, id: string, amount: number, address: Record<string, string | null>, extra: Record<string, unknown> = {}) {
  const object = {
    id,
    object: "checkout.session",
    payment_status: "paid",
    amount_total: amount,
    currency: "usd",
    livemode: false,
    customer_details: { name: "Greta Brun", email: "greta@example.com", phone: "" },
    shipping_details: { name: "Greta Brun", address: { line1: "Am Hang 3", city: "Bonn", postal_code: "53111", ...address } },
    ...extra,
  };
  return stripeNews(server, "checkout.session.completed", object);
}

/** Stripe's signed news of `type` about `object` (event `eventId`), posted to the shop's webhook. */
export function stripeNews(server: TestServer, type: string, object: Record<string, unknown>, eventId = `evt_${Math.random().toString(36).slice(2)}`) {
  const payload = JSON.stringify({ id: eventId, type, data: { object } });
  return post(server, "/api/studio/stripe/webhook", payload, { "Stripe-Signature": stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) });
}
