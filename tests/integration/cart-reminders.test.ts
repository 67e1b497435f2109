// One honest reminder of a left cart, through the SMTP catcher: only a ticked cart gets letters,
// the first at the first delay after its checkout expired, none once that address paid; a sold
// original becomes its print or the letter is not sent; the letter's one-click header stops the
// second letter; the restore link brings the cart back at today's prices, and a forged or spent
// link says so; one address gets at most two reminders a week however many carts tick it, and
// one network may ask for only a few addresses; an address that refuses mail gets none; Stripe's
// expiry starts the clock as the demo provider's does. Delays are the studio's setting, in seconds.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type PocketBase from "pocketbase";
import Stripe from "stripe";
import { WEBHOOK_SECRET } from "../support/shop";
import { startStripeMock } from "../support/stripe-mock";
import { startServer, signedInUser, ADMIN_DOMAIN, type TestServer } from "../support/server";
import { startMailServer, linkIn, type MailServer, type CaughtMail } from "../support/maildev";
import { form, pngFile } from "../support/files";
import { REMINDER_WORDING } from "../../src/features/cart/reminderWording";

const PRINT = "Print - For Sale";
const ORIGINAL = "Original - For Sale";
const SOLD = "Original - Sold Out";
const FIRST_SECONDS = 1;
const SECOND_SECONDS = 15;
const BUYER = (email: string) => ({ customer: { name: "Ada Lovelace", email }, shipping: { address: { line1: "1 Harbor Rd", city: "Pebble Cove", postal_code: "04101", country: "US" } } });

let server: TestServer;
let mail: MailServer;
let admin: PocketBase;

beforeAll(async () => {
  mail = await startMailServer();
  server = await startServer({ ...mail.env, STUDIO_PAYMENTS: "demo" });
  await server.su.settings.update({ rateLimits: { enabled: false } });
  admin = await signedInUser(server, `studio@${ADMIN_DOMAIN}`, { is_admin: true });
  await admin.send("/api/studio/letters/settings", { method: "POST", body: { postal_address: "4 Harbour Lane, Pebble Cove", rate_per_second: 50 } });
  await admin.send("/api/studio/cart-reminders/settings", { method: "POST", body: { first_seconds: FIRST_SECONDS, second_seconds: SECOND_SECONDS } });
}, 60000);

afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

async function post(path: string, body: unknown) {
  const res = await fetch(server.url + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function painting(title: string, tags: string[] = [PRINT, ORIGINAL]) {
  return (await server.su.collection("paintings").create(form({ title, tags, tag_prices: { [PRINT]: 35, [ORIGINAL]: 480 } }, { image: pngFile() }))).id;
}

const original = (id: string) => ({ id, type: "painting", variant: "original", quantity: 1, title: "x" });
const print = (id: string, quantity = 1) => ({ id, type: "painting", variant: "print", quantity, title: "x" });

/**
 * A browser's cart: saved as the cart does, `meanwhile` done, ticked (or not) for `email`, and
 * taken to a demo checkout that then runs out.
 */
async function leftCart(items: unknown[], email: string | null, { checkout = true, meanwhile = async () => {} } = {}) {
  const cart = `cart-${Math.random().toString(36).slice(2, 12)}`;
  expect((await post("/api/studio/cart", { session_id: cart, items })).status).toBe(200);
  await meanwhile();
  if (email) expect((await post("/api/studio/cart/reminder", { cart_session_id: cart, email, wording_version: REMINDER_WORDING.version })).status).toBe(200);
  if (checkout) {
    const opened = await post("/api/studio/checkout", { items, cart_session_id: cart });
    expect(opened.status).toBe(200);
    const held = await server.su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${opened.body.session_id}"`);
    // The demo provider's half hour, run out.
    await server.su.collection("checkout_sessions").update(held.id, { expires_at: new Date(Date.now() - 1000).toISOString() });
  }
  return cart;
}

async function until<T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 45000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const reminderOf = (cart: string) => server.su.collection("cart_reminders").getFirstListItem(`cart_session_id = "${cart}"`);
const lettersTo = async (email: string) => (await mail.all()).filter((m) => m.to.some((t) => t.address === email));
const stopped = (cart: string, reason: string) => until(`the reminder of ${cart} to stop (${reason})`, async () => ((await reminderOf(cart)).stop_reason === reason ? true : undefined));
const headersOf = (m: CaughtMail) => (m as unknown as { headers: Record<string, string> }).headers;

it("keeps the box's words equal to the ones the server records", () => {
  const server = readFileSync(join(import.meta.dirname, "../../pb_hooks/lib/letters/cart-reminders.js"), "utf8");
  expect(server).toContain(`${REMINDER_WORDING.version}: ${JSON.stringify(`${REMINDER_WORDING.label}. ${REMINDER_WORDING.hint}`)}`);
});

it("sends a ticked cart one letter at the first delay after its checkout ran out, and none after that address paid; an unticked cart none", async () => {
  const id = await painting("Lantern Bay");
  const ticked = await leftCart([print(id, 2)], "ada@example.com");
  const unticked = await leftCart([print(id)], null);
  const letter = await mail.waitFor("ada@example.com", /left something in your cart/, 30000);
  expect(letter.text).toContain("2 × Lantern Bay (Print): $35.00");
  expect(letter.text).toContain("4 Harbour Lane, Pebble Cove");
  expect(headersOf(letter)["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  expect(headersOf(letter)["list-unsubscribe"]).toMatch(new RegExp(`^<${server.url}/letters/cart-reminders/unsubscribe/[A-Za-z0-9]{43}>$`));
  // The unticked cart's checkout ran out at the same moment: no reminder was ever kept for it.
  expect((await server.su.collection("cart_reminders").getList(1, 1, { filter: `cart_session_id = "${unticked}"` })).totalItems).toBe(0);

  // The address pays for an order (another cart): the second letter never comes.
  const paid = await post("/api/studio/checkout", { items: [print(id)] });
  expect((await post(`/api/studio/checkout/${paid.body.session_id}/pay`, BUYER("ada@example.com"))).status).toBe(200);
  await stopped(ticked, "paid");
  await mail.waitFor("ada@example.com", /Your order/);
  expect((await lettersTo("ada@example.com")).filter((m) => /cart/.test(m.subject))).toHaveLength(1);
  const { reminders, totals } = await admin.send("/api/studio/cart-reminders", {});
  const row = reminders.find((r: { cart_session_id: string }) => r.cart_session_id === ticked);
  expect(row).toMatchObject({ state: "stopped", stop_reason: "paid", came_back: true, revenue_cents: 3500 + 495 });
  expect(row.letters).toEqual([expect.objectContaining({ n: 1, state: "sent" })]);
  expect(totals.came_back).toBeGreaterThanOrEqual(1);
});

it("offers the print of an original sold between the cart and the letter, or sends nothing when the studio leaves it out and nothing is left", async () => {
  const withPrint = await painting("Foxglove Lane");
  const sell = (id: string, tags: string[]) => async () => void (await server.su.collection("paintings").update(id, { tags }));
  const cart = await leftCart([original(withPrint)], "bea@example.com", { checkout: false, meanwhile: sell(withPrint, [PRINT, SOLD]) });
  const letter = await mail.waitFor("bea@example.com", /left something in your cart/, 30000);
  expect(letter.text).toContain("1 × Foxglove Lane (Print): $35.00");
  expect(letter.text).toContain("The original has found a home");
  expect(letter.text).not.toContain("(Original)");

  // The restore link: a page that says what comes back, and the cart's lines at today's price.
  await server.su.collection("paintings").update(withPrint, { tag_prices: { [PRINT]: 42, [ORIGINAL]: 480 } });
  const link = linkIn(letter, `${server.url}/cart/restore/`);
  const page = await fetch(link);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Foxglove Lane (Print)");
  const back = await post("/api/studio/cart/restore", { token: link.split("/").pop() });
  expect(back.status).toBe(200);
  expect(back.body.items).toEqual([expect.objectContaining({ id: withPrint, type: "painting", variant: "print", price: 42, quantity: 1 })]);
  expect((await reminderOf(cart)).state).toBe("active");

  await admin.send("/api/studio/cart-reminders/settings", { method: "POST", body: { sold_original: "leave_out" } });
  const onlyOriginal = await painting("Moth Hollow", [ORIGINAL]);
  const gone = await leftCart([original(onlyOriginal)], "cy@example.com", { checkout: false, meanwhile: sell(onlyOriginal, [SOLD]) });
  await stopped(gone, "nothing_left");
  expect(await lettersTo("cy@example.com")).toEqual([]);
  await admin.send("/api/studio/cart-reminders/settings", { method: "POST", body: { sold_original: "offer_print" } });
});

it("stops the second letter when the first one's one-click header is posted; a forged or spent link is a clear page", async () => {
  const id = await painting("Tidepool");
  const leaving = await leftCart([print(id)], "dot@example.com");
  const staying = await leftCart([print(id)], "eve@example.com");
  const first = await mail.waitFor("dot@example.com", /left something in your cart/, 30000);
  const url = headersOf(first)["list-unsubscribe"].slice(1, -1);
  // A GET (a mail scanner) changes nothing; the mail app's POST does.
  expect((await fetch(url)).status).toBe(200);
  expect((await reminderOf(leaving)).state).toBe("active");
  const oneClick = await fetch(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click", redirect: "manual" });
  expect(oneClick.status).toBe(200);
  expect((await reminderOf(leaving)).stop_reason).toBe("unsubscribed");
  const consents = await server.su.collection("cart_reminder_consents").getFullList({ filter: `email = "dot@example.com"`, sort: "created" });
  expect(consents.map((c) => [c.action, c.via, c.wording_version])).toEqual([
    ["ticked", "cart form", REMINDER_WORDING.version],
    ["unsubscribed", "one-click header", 0],
  ]);
  expect(consents[0].network_digest).toMatch(/^[0-9a-f]{64}$/);

  // The other cart's second letter comes; the unsubscribed one's does not.
  await mail.waitFor("eve@example.com", /still here/, 45000);
  expect((await reminderOf(staying)).letters_sent).toBe(2);
  expect(await lettersTo("dot@example.com")).toHaveLength(1);

  const forged = await fetch(`${server.url}/cart/restore/${"A".repeat(43)}`);
  expect(forged.status).toBe(404);
  expect(await forged.text()).toContain("This link does not work");
  expect((await post("/api/studio/cart/restore", { token: "nope" })).status).toBe(404);

  // Bought: the link is spent.
  const restoreLink = linkIn(first, `${server.url}/cart/restore/`);
  const paid = await post("/api/studio/checkout", { items: [print(id)], cart_session_id: leaving });
  expect((await post(`/api/studio/checkout/${paid.body.session_id}/pay`, BUYER("someone@example.com"))).status).toBe(200);
  const spent = await fetch(restoreLink);
  expect(spent.status).toBe(410);
  expect(await spent.text()).toContain("bought already");
});

it("sends one address at most two reminders a week however many carts tick it, and refuses a network asking for too many addresses", async () => {
  const id = await painting("Brambles");
  const carts = await Promise.all([0, 1, 2].map(() => leftCart([print(id)], "fay@example.com", { checkout: false })));
  await until("every reminder to fay to end", async () => (await Promise.all(carts.map(reminderOf))).every((r) => r.state === "stopped"), 60000);
  expect(await lettersTo("fay@example.com")).toHaveLength(2);

  await server.su.settings.update({ rateLimits: { enabled: true } });
  try {
    const cart = `cart-${Math.random().toString(36).slice(2, 12)}`;
    await post("/api/studio/cart", { session_id: cart, items: [print(id)] });
    const ask = (email: string) => post("/api/studio/cart/reminder", { cart_session_id: cart, email, wording_version: REMINDER_WORDING.version });
    const answers = await Promise.all(Array.from({ length: 11 }, (_, i) => ask(`g${i}@example.com`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(1);
    expect(answers.find((a) => a.status === 429)!.body.message).toMatch(/too many addresses/);
  } finally {
    await server.su.settings.update({ rateLimits: { enabled: false } });
  }
});

it("reminds again of a cart bought, filled again and ticked again", async () => {
  const id = await painting("Harbour Lights");
  const cart = await leftCart([print(id)], "hal@example.com", { checkout: false });
  const paid = await post("/api/studio/checkout", { items: [print(id)], cart_session_id: cart });
  expect((await post(`/api/studio/checkout/${paid.body.session_id}/pay`, BUYER("hal@example.com"))).status).toBe(200);
  await stopped(cart, "paid");
  expect((await post("/api/studio/cart", { session_id: cart, items: [print(id, 3)] })).status).toBe(200);
  expect((await post("/api/studio/cart/reminder", { cart_session_id: cart, email: "hal@example.com", wording_version: REMINDER_WORDING.version })).status).toBe(200);
  const letter = await mail.waitFor("hal@example.com", /left something in your cart/, 30000);
  expect(letter.text).toContain("3 × Harbour Lights (Print)");
});

it("sends nothing to an address whose mail server refused the newsletter", async () => {
  await server.su.collection("newsletter_subscribers").create({ email: "gone@example.com", first_name: "G", last_name: "Gone", state: "suppressed", lists: ["news"] });
  const id = await painting("Saltmarsh");
  const cart = await leftCart([print(id)], "gone@example.com", { checkout: false });
  await stopped(cart, "suppressed");
  expect(await lettersTo("gone@example.com")).toEqual([]);
});

it("counts from Stripe's checkout.session.expired", async () => {
  const mock = await startStripeMock();
  const shop = await startServer({ ...mail.env, STRIPE_SECRET_KEY: "sk_test_123", STRIPE_API_BASE: mock.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  try {
    const settings = await shop.su.collection("newsletter_settings").getFirstListItem("");
    await shop.su.collection("newsletter_settings").update(settings.id, { postal_address: "4 Harbour Lane", reminder_first_seconds: FIRST_SECONDS });
    const id = (await shop.su.collection("paintings").create(form({ title: "Gull Rock", tags: [PRINT], tag_prices: { [PRINT]: 35 } }, { image: pngFile() }))).id;
    const send = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
      (await fetch(shop.url + path, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) })).json();
    const cart = "cart-stripe-expiry";
    await send("/api/studio/cart", { session_id: cart, items: [print(id)] });
    await send("/api/studio/cart/reminder", { cart_session_id: cart, email: "gus@example.com", wording_version: REMINDER_WORDING.version });
    const opened = await send("/api/studio/checkout", { items: [print(id)], cart_session_id: cart });
    const payload = JSON.stringify({ id: "evt_expired_1", type: "checkout.session.expired", data: { object: { id: opened.session_id, object: "checkout.session", payment_status: "unpaid" } } });
    await send("/api/studio/stripe/webhook", payload, { "Stripe-Signature": new Stripe("sk_test_123").webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) });
    const letter = await mail.waitFor("gus@example.com", /left something in your cart/, 30000);
    expect(letter.text).toContain("1 × Gull Rock (Print): $35.00");
  } finally {
    await shop.stop();
    await mock.stop();
  }
}, 60000);

it("hands over and erases what reminders kept about an address, with the newsletter's records", async () => {
  const kept = await admin.send("/api/studio/newsletter/records?email=bea@example.com", {});
  expect(kept.cart_reminders.reminders).toEqual([expect.objectContaining({ letters: expect.arrayContaining([expect.objectContaining({ n: 1, state: "sent" })]) })]);
  expect(kept.cart_reminders.consents).toEqual([expect.objectContaining({ action: "ticked", via: "cart form", wording_version: REMINDER_WORDING.version })]);
  await admin.send("/api/studio/newsletter/erase", { method: "POST", body: { email: "bea@example.com" } });
  const after = await admin.send("/api/studio/newsletter/records?email=bea@example.com", {});
  expect(after.cart_reminders).toEqual({ reminders: [], consents: [] });
});

it("refuses bad input with a message", async () => {
  const bad = (body: unknown) => post("/api/studio/cart/reminder", body);
  expect((await bad({ cart_session_id: "short", email: "a@b.co", wording_version: 1 })).status).toBe(400);
  expect((await bad({ cart_session_id: "cart-123456789", email: "not an address", wording_version: 1 })).body.message).toMatch(/valid email/);
  expect((await bad({ cart_session_id: "cart-123456789", email: "a@b.co", wording_version: 99 })).body.message).toMatch(/reload/);
  expect((await bad({ cart_session_id: "cart-123456789", email: ["a@b.co"], wording_version: 1 })).body.message).toMatch(/valid email/);
  expect((await bad({ cart_session_id: { id: "cart-123456789" }, email: "a@b.co", wording_version: 1 })).body.message).toMatch(/cart session/);
  const broken = await fetch(server.url + "/api/studio/cart/reminder", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{not json" });
  expect(broken.status).toBe(400);
  expect((await broken.json()).message).toMatch(/send it as JSON/);
  const settings = (body: unknown) => admin.send("/api/studio/cart-reminders/settings", { method: "POST", body: body as Record<string, unknown> }).catch((e) => e.response.message);
  expect(await settings({ first_seconds: 600, second_seconds: 60 })).toMatch(/after the first/);
  expect(await settings({ first_seconds: -1 })).toMatch(/from 0/);
  // Visitors read none of it.
  expect((await fetch(`${server.url}/api/studio/cart-reminders`)).status).toBe(403);
  expect((await fetch(`${server.url}/api/collections/cart_reminders/records`)).status).toBe(200);
  expect((await (await fetch(`${server.url}/api/collections/cart_reminders/records`)).json()).items).toEqual([]);
});
