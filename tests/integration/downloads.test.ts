// Files sold to download, as a buyer, another buyer, a stranger and the studio see them over HTTP:
// uploads read by their content, a grant per file made once at a verified payment, downloads
// counted once however they are resumed, stamped with their buyer, ended by a refund or a dispute,
// and the studio's reset, extension and resend.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_DOMAIN, signedInUser, startServer, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";
import { startMailServer, type MailServer } from "../support/maildev";
import { countingProxy, startStripeMock } from "../support/stripe-mock";
import { post, stripeNews, WEBHOOK_SECRET } from "../support/shop";
import { lanternStory } from "../support/story-pdf";

let server: TestServer;
let mail: MailServer;
let mock: { url: string; stop(): Promise<void> };
let proxy: Awaited<ReturnType<typeof countingProxy>>;
let studio: PocketBase;
let book = ""; // the stamped e-book
let page = ""; // the colouring page
const dir = mkdtempSync(join(tmpdir(), "downloads-"));

const pdf = (name: string, bytes: Buffer) => new File([new Uint8Array(bytes)], name, { type: "application/pdf" });

async function item(title: string, slug: string, kind: string, price: number) {
  return (await studio.collection("digital_items").create(form({ title, slug, kind, price, available: true, world: "pebblewick" }, { image: pngFile() }))).id;
}

const webhook = (type: string, object: Record<string, unknown>, eventId?: string) => stripeNews(server, type, object, eventId);

interface Order {
  id: string;
  pi: string;
  key: string;
  lines: { title: string; item_type: string; files?: { id: string; title: string; left: number; allowed: number; ended: string; download: string }[] }[];
  paid: () => Promise<{ status: number }>;
  waiver: { version: string; wording: string; at: string } | null;
}

/** A checkout of `items` paid through Stripe by `email` (the webhook sent twice, as Stripe may). */
async function buy(items: { id: string; type: string; quantity: number }[], name: string, email: string, place: Record<string, unknown> = { country: "US" }): Promise<Order> {
  const opened = await post(server, "/api/studio/checkout", { items, ...place }, { "X-Forwarded-For": "203.0.113.9" });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const id = opened.body.session_id as string;
  const pi = `pi_${id.slice(-14)}`;
  const stored = await server.su.collection("checkout_sessions").getFirstListItem(server.su.filter("provider_session_id = {:id}", { id }));
  const object = { id, object: "checkout.session", payment_status: "paid", amount_total: stored.amount_total, currency: "usd", livemode: false, payment_intent: pi, customer_details: { name, email, phone: "" } };
  const paid = () => webhook("checkout.session.completed", object, `evt_paid_${id}`);
  expect((await paid()).status).toBe(200);
  const session = await server.su.collection("checkout_sessions").getOne(stored.id);
  const view = await (await fetch(`${server.url}/api/studio/orders/${session.id}?key=${encodeURIComponent(session.order_key)}`)).json();
  return { id: session.id, pi, key: session.order_key, lines: view.lines, paid, waiver: view.withdrawal_waiver };
}

/** Starts one download: the order's stable address answers with a fresh short-lived one. */
async function address(download: string, from = "198.51.100.7") {
  const res = await fetch(server.url + download, { redirect: "manual", headers: { "X-Forwarded-For": from } });
  expect(res.status).toBe(303);
  const location = res.headers.get("location")!;
  expect(location).toMatch(/^\/api\/studio\/downloads\/[A-Za-z0-9_-]{43}$/);
  return location;
}

function fetchFile(location: string, headers: Record<string, string> = {}, from = "198.51.100.7") {
  return fetch(server.url + location, { headers: { "X-Forwarded-For": from, ...headers } });
}

function pdfText(bytes: Buffer, page: number | "last") {
  const file = join(dir, `f${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString())![1]);
  const n = page === "last" ? pages : page;
  return execFileSync("pdftotext", ["-f", String(n), "-l", String(n), file, "-"]).toString().replace(/\s+/g, " ");
}

const grants = (order: string) => server.su.collection("download_grants").getFullList({ filter: server.su.filter("order = {:o}", { o: order }) });

beforeAll(async () => {
  mail = await startMailServer();
  mock = await startStripeMock();
  proxy = await countingProxy(mock.url);
  server = await startServer({ ...mail.env, STRIPE_SECRET_KEY: "sk_test_123", STRIPE_API_BASE: proxy.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STUDIO_TRUSTED_PROXY_HEADERS: "X-Forwarded-For" });
  await server.su.settings.update({ rateLimits: { enabled: false } });
  studio = await signedInUser(server, `studio@${ADMIN_DOMAIN}`, { is_admin: true });
  book = await item("The Lantern of Pebblewick", "lantern-of-pebblewick", "e-book", 9);
  page = await item("Mossy's colouring page", "mossy-colouring-page", "colouring page", 3);
  await studio.collection("digital_files").create(form({ digital_item: book, title: "The Lantern of Pebblewick (PDF)", stamp: true }, { file: pdf("lantern.pdf", lanternStory(6)) }));
  await studio.collection("digital_files").create(form({ digital_item: page, title: "Mossy to colour (PNG)" }, { file: pngFile("mossy.png") }));
});
afterAll(async () => {
  await server?.stop();
  proxy?.close();
  await mock?.stop();
  await mail?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("uploads", () => {
  it("keeps what the content says a file is, whatever the request claims", async () => {
    const [file] = await studio.collection("digital_files").getFullList({ filter: studio.filter("digital_item = {:b}", { b: book }) });
    expect(file).toMatchObject({ content_type: "application/pdf", pages: 7, stamp: true });
    await studio.collection("digital_files").update(file.id, { content_type: "image/png", pages: 1, bytes: 1 });
    expect(await studio.collection("digital_files").getOne(file.id)).toMatchObject({ content_type: "application/pdf", pages: 7 });
  });

  it("refuses a picture named as a PDF, a damaged PDF, a stamp on a picture, and a file of no item", async () => {
    const refused = async (fields: Record<string, unknown>, file: File) => {
      const err = await studio.collection("digital_files").create(form({ title: "x", ...fields }, { file })).catch((e) => e);
      expect(err.status).toBe(400);
      return err.response.message as string;
    };
    expect(await refused({ digital_item: page }, pngFile("mossy.pdf"))).toBe('"mossy.pdf" is a PNG picture, but its name ends in ".pdf": rename it to end in .png, or upload the file it claims to be.');
    const broken = Buffer.from(lanternStory(2).toString("latin1").replace("/Kids [", "/Kids ("), "latin1");
    expect(await refused({ digital_item: book }, pdf("broken.pdf", broken))).toMatch(/^"broken.pdf" cannot be sold: it is damaged and cannot be read \(.+\)\. Export it again from the program that made it\.$/);
    expect(await refused({ digital_item: page, stamp: true }, pngFile("mossy.png"))).toBe("Only a PDF can be stamped with its buyer's name: turn Stamp off for this file.");
    expect(await refused({}, pngFile("mossy.png"))).toBe("A file belongs to one digital item or one book: choose exactly one.");
    expect(await refused({ digital_item: page, book: book }, pngFile("mossy.png"))).toBe("A file belongs to one digital item or one book: choose exactly one.");
  });

  it("shows no file, grant or address to a visitor or a customer", async () => {
    const customer = await signedInUser(server, "curious@example.com");
    for (const pb of [server.client(), customer]) {
      for (const name of ["digital_files", "download_grants", "download_links"]) {
        const list = await pb.collection(name).getList(1, 10).catch((e) => e);
        expect(list.status === 403 || (list.items && list.items.length === 0), name).toBe(true);
      }
    }
    const [file] = await studio.collection("digital_files").getFullList();
    const direct = await fetch(`${server.url}/api/files/digital_files/${file.id}/${file.file}`);
    expect([403, 404]).toContain(direct.status);
  });
});

describe("a stamped e-book bought through Stripe", () => {
  let ada: Order;
  let first: Buffer;

  it("asks Stripe for no address or shipping when every line is a download", async () => {
    ada = await buy([{ id: book, type: "digital", quantity: 1 }], "Ada Lovelace", "ada@example.com");
    const sent = proxy.sent().filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").at(-1)!.params;
    expect([...sent.keys()].some((k) => k.startsWith("shipping"))).toBe(false);
    expect(sent.get("line_items[0][price_data][unit_amount]")).toBe("900");
  });

  it("grants each file once, however often the payment's news arrives", async () => {
    const again = await Promise.all([ada.paid(), ada.paid(), ada.paid()]);
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    const given = await grants(ada.id);
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({ used: 0, allowed: 5, email: "ada@example.com", revoked: "" });
    expect(ada.lines[0].files).toEqual([expect.objectContaining({ title: "The Lantern of Pebblewick (PDF)", left: 5, allowed: 5, ended: "" })]);
  });

  it("lists the file in the receipt with its allowance", async () => {
    const receipt = await mail.waitFor("ada@example.com", /Your order/);
    expect(receipt.text).toMatch(/Download The Lantern of Pebblewick \(PDF\) \(5 downloads until \d{4}-\d\d-\d\d\): http:\/\/\S+\/api\/studio\/orders\/\S+\/downloads\//);
  });

  it("serves a copy stamped with the buyer on the first and the last page, privately", async () => {
    const res = await fetchFile(await address(ada.lines[0].files![0].download));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="lantern.pdf"');
    // Sent as it is (a PDF is packed already), so a range is a range of the file itself.
    expect(res.headers.get("content-encoding")).toBe(null);
    first = Buffer.from(await res.arrayBuffer());
    const line = `Licensed to Ada Lovelace · ada@example.com · order ${ada.id.slice(0, 8).toUpperCase()}`;
    expect(pdfText(first, 1)).toContain(line);
    expect(pdfText(first, "last")).toContain(line);
    expect(pdfText(first, 1)).toContain("The Lantern of Pebblewick");
  });

  it("gives another buyer a copy of their own", async () => {
    const grace = await buy([{ id: book, type: "digital", quantity: 1 }], "Grace Hopper", "grace@example.com");
    const theirs = Buffer.from(await (await fetchFile(await address(grace.lines[0].files![0].download))).arrayBuffer());
    expect(pdfText(theirs, "last")).toContain("grace@example.com");
    expect(pdfText(theirs, "last")).not.toContain("ada@example.com");
    expect(theirs.equals(first)).toBe(false);
  });

  it("counts a download resumed by ranges once, and serves the same bytes again", async () => {
    const location = await address(ada.lines[0].files![0].download);
    const head = await fetchFile(location, { Range: "bytes=0-99" });
    expect(head.status).toBe(206);
    expect(head.headers.get("content-range")).toBe(`bytes 0-99/${first.length}`);
    const tail = await fetchFile(location, { Range: "bytes=100-" });
    expect(tail.status).toBe(206);
    const joined = Buffer.concat([Buffer.from(await head.arrayBuffer()), Buffer.from(await tail.arrayBuffer())]);
    expect(joined.equals(first)).toBe(true);
    expect((await grants(ada.id))[0].used).toBe(2);
  });

  it("refuses a counted address opened from another network", async () => {
    const location = await address(ada.lines[0].files![0].download);
    expect((await fetchFile(location, { Range: "bytes=0-9" })).status).toBe(206);
    const shared = await fetchFile(location, {}, "192.0.2.200");
    expect(shared.status).toBe(410);
    expect(await shared.text()).toContain("It was used from another network.");
    expect((await grants(ada.id))[0].used).toBe(3);
  });

  it("answers the sixth download 410 with a form for a fresh link, the same answer whatever is typed", async () => {
    const starts = await Promise.all([1, 2, 3].map(() => address(ada.lines[0].files![0].download)));
    const answers = await Promise.all(starts.map((l) => fetchFile(l)));
    // Two were left: exactly two parallel starts win.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 410]);
    const sixth = await fetchFile(await address(ada.lines[0].files![0].download));
    expect(sixth.status).toBe(410);
    expect(sixth.headers.get("cache-control")).toBe("private, no-store");
    const body = await sixth.text();
    expect(body).toContain("Every download of this file is used");
    expect(body).toContain("Send me a fresh link");
    const token = /name="token" value="([^"]+)"/.exec(body)![1];
    const ask = async (email: string) => {
      const res = await fetch(`${server.url}/api/studio/downloads/fresh`, { method: "POST", body: new URLSearchParams({ token, email }) });
      return { status: res.status, text: await res.text() };
    };
    const wrong = await ask("someone@else.example");
    const right = await ask("ADA@example.com");
    expect(wrong).toEqual(right);
    expect(right.status).toBe(200);
    const letter = await mail.waitFor("ada@example.com", /A fresh link to your downloads/);
    expect(letter.text).toContain("The Lantern of Pebblewick (PDF): Every download is used.");
    expect((await grants(ada.id))[0].used).toBe(5);
  });

  it("lets the studio reset, extend and resend, and keeps each act", async () => {
    const [grant] = await grants(ada.id);
    for (const act of ["reset", "extend", "resend"]) {
      const res = await fetch(`${server.url}/api/studio/admin/downloads/${grant.id}/${act}`, { method: "POST", headers: { Authorization: studio.authStore.token } });
      expect(res.status, act).toBe(200);
    }
    const after = (await grants(ada.id))[0];
    expect(after.used).toBe(0);
    expect(after.acts.map((a: { act: string; by: string }) => [a.act, a.by])).toEqual([
      ["reset", `studio@${ADMIN_DOMAIN}`],
      ["extend", `studio@${ADMIN_DOMAIN}`],
      ["resend", `studio@${ADMIN_DOMAIN}`],
    ]);
    expect(new Date(after.expires_at).getTime()).toBeGreaterThan(new Date(grant.expires_at).getTime() + 364 * 86400_000);
    const listed = await (await fetch(`${server.url}/api/studio/admin/orders/${ada.id}/downloads`, { headers: { Authorization: studio.authStore.token } })).json();
    expect(listed.items).toEqual([expect.objectContaining({ id: grant.id, email: "ada@example.com", used: 0, acts: after.acts })]);
    expect((await fetch(`${server.url}/api/studio/admin/orders/${ada.id}/downloads`)).status).toBe(403);
    await mail.waitFor("ada@example.com", /Your downloads from Lanternwood Studio/);
    expect((await fetchFile(await address(ada.lines[0].files![0].download))).status).toBe(200);
    // Not for a customer, nor a stranger.
    const customer = await signedInUser(server, "nosy@example.com");
    for (const auth of [customer.authStore.token, ""]) {
      const res = await fetch(`${server.url}/api/studio/admin/downloads/${grant.id}/reset`, { method: "POST", headers: auth ? { Authorization: auth } : {} });
      expect([401, 403]).toContain(res.status);
    }
  });
});

describe("addresses that must not serve", () => {
  let ada: Order;
  let bob: Order;
  beforeAll(async () => {
    ada = await buy([{ id: page, type: "digital", quantity: 1 }], "Ada", "ada2@example.com");
    bob = await buy([{ id: page, type: "digital", quantity: 1 }], "Bob", "bob@example.com");
  });

  it("gives no address for another order's file, nor without the order's key", async () => {
    const bobs = bob.lines[0].files![0].id;
    const other = await fetch(`${server.url}/api/studio/orders/${ada.id}/downloads/${bobs}?key=${encodeURIComponent(ada.key)}`, { redirect: "manual" });
    expect(other.status).toBe(404);
    const keyless = await fetch(`${server.url}/api/studio/orders/${bob.id}/downloads/${bobs}`, { redirect: "manual" });
    expect(keyless.status).toBe(404);
    const wrongKey = await fetch(`${server.url}/api/studio/orders/${bob.id}/downloads/${bobs}?key=${encodeURIComponent(ada.key)}`, { redirect: "manual" });
    expect(wrongKey.status).toBe(404);
  });

  it("knows no guessed or malformed address", async () => {
    for (const token of ["A".repeat(43), "short", "A".repeat(44), "%2e%2e%2fetc%2fpasswd", "A".repeat(42) + "!"]) {
      const res = await fetch(`${server.url}/api/studio/downloads/${token}`);
      expect(res.status, token).toBe(404);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(await res.text()).not.toContain("Send me a fresh link");
    }
  });

  it("lets an address that was never opened expire", async () => {
    const location = await address(ada.lines[0].files![0].download);
    const [link] = await server.su.collection("download_links").getFullList({ sort: "-created" });
    await server.su.collection("download_links").update(link.id, { expires_at: "2020-01-01 00:00:00.000Z" });
    const res = await fetchFile(location);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain("This download address has expired");
  });

  it("ends a grant after its year", async () => {
    const [grant] = await grants(bob.id);
    await server.su.collection("download_grants").update(grant.id, { expires_at: "2021-01-01 00:00:00.000Z" });
    const res = await fetchFile(await address(bob.lines[0].files![0].download));
    expect(res.status).toBe(410);
    expect(await res.text()).toContain("Its year to download ended on 1 January 2021.");
  });
});

describe("refunds and disputes", () => {
  it("ends a line refunded in full and leaves the other line of its order", async () => {
    const order = await buy([{ id: book, type: "digital", quantity: 1 }, { id: page, type: "digital", quantity: 1 }], "Cleo", "cleo@example.com");
    const purchases = await server.su.collection("purchases").getFullList({ filter: server.su.filter("metadata.payment_intent = {:pi}", { pi: order.pi }) });
    const bookLine = purchases.find((p) => p.product_id === book)!;
    await server.su.collection("purchases").update(bookLine.id, { status: "refunded" });
    const [bookFiles, pageFiles] = [order.lines.find((l) => l.title.startsWith("The Lantern"))!.files!, order.lines.find((l) => l.title.startsWith("Mossy"))!.files!];
    const refunded = await fetchFile(await address(bookFiles[0].download));
    expect(refunded.status).toBe(410);
    const text = await refunded.text();
    expect(text).toContain("This download was refunded");
    expect(text).not.toContain("Send me a fresh link");
    expect((await fetchFile(await address(pageFiles[0].download))).status).toBe(200);
  });

  it("ends every file of a payment disputed at Stripe, and of one refunded in full there", async () => {
    const disputed = await buy([{ id: page, type: "digital", quantity: 1 }], "Dee", "dee@example.com");
    expect((await webhook("charge.dispute.created", { id: "dp_1", object: "dispute", payment_intent: disputed.pi, amount: 300 })).status).toBe(200);
    const res = await fetchFile(await address(disputed.lines[0].files![0].download));
    expect(res.status).toBe(410);
    expect(await res.text()).toContain("A dispute was opened with the bank about its payment");

    const refunded = await buy([{ id: page, type: "digital", quantity: 1 }], "Eve", "eve@example.com");
    expect((await webhook("charge.refunded", { id: "ch_1", object: "charge", payment_intent: refunded.pi, refunded: true })).status).toBe(200);
    expect((await fetchFile(await address(refunded.lines[0].files![0].download))).status).toBe(410);
  });
});

describe("the EU and UK right to cancel", () => {
  const WORDING = "Start my download now; I understand I lose my 14-day right to cancel once it starts.";
  const items = () => [{ id: page, type: "digital", quantity: 1 }];

  it("shows the box in the cart of a download bought from the EU or the UK only", async () => {
    for (const [country, box] of [["DE", true], ["GB", true], ["US", false]] as const) {
      const preview = await post(server, "/api/studio/cart/price", { items: items(), country });
      expect(preview.status).toBe(200);
      expect(preview.body.ships).toBe(false);
      expect(preview.body.shipping).toBe(0);
      expect(preview.body.withdrawal_box, country).toEqual(box ? { wording: WORDING, version: expect.any(String) } : null);
    }
  });

  it("opens no checkout of a download without a country, nor from the EU until the box is ticked", async () => {
    const none = await post(server, "/api/studio/checkout", { items: items() });
    expect(none).toMatchObject({ status: 400, body: { message: "Please choose your country: what a download's buyer agrees to depends on where they buy it." } });
    for (const ticked of [undefined, false, "true", 1, "yes"]) {
      const refused = await post(server, "/api/studio/checkout", { items: items(), country: "FR", withdrawal_waiver: ticked });
      expect(refused).toMatchObject({ status: 400, body: { message: `Please tick "${WORDING}" to buy a download from FR.` } });
    }
    expect((await server.su.collection("checkout_sessions").getFullList({ filter: "ship_country = 'FR'" })).length).toBe(0);
  });

  it("keeps the wording's version and time on the order, and repeats it in the receipt", async () => {
    const before = Date.now();
    const order = await buy(items(), "Fleur", "fleur@example.com", { country: "FR", withdrawal_waiver: true });
    expect(order.waiver).toMatchObject({ wording: WORDING, version: expect.stringMatching(/\S/) });
    expect(new Date(order.waiver!.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const receipt = await mail.waitFor("fleur@example.com", /Your order/);
    expect(receipt.text).toContain(`: "${WORDING}" (wording ${order.waiver!.version}).`);
    expect(receipt.text).not.toContain("Your other items keep their 14-day right to cancel.");
  });
});
