// An order after its sale, as its buyer and the studio's books see it: the order's own page opened
// by its key (guests included), the same 404 for every other way in, and the CSV for a date range.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type PocketBase from "pocketbase";
import { parseCsv } from "../support/csv";
import { startServer, signedInUser, ADMIN_DOMAIN, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";
import { startMailServer, linkIn, type MailServer } from "../support/maildev";

const STUDIO = `studio@${ADMIN_DOMAIN}`;
const STATE = "ME";

let server: TestServer;
let mail: MailServer;
let studio: PocketBase;
let bookId: string;

async function post(path: string, body: unknown, token = "") {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers.Authorization = token;
  const res = await fetch(server.url + path, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function get(path: string, token = "") {
  const res = await fetch(server.url + path, { headers: token ? { Authorization: token } : {} });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function details(name: string, email: string) {
  return { customer: { name, email }, shipping: { address: { line1: "1 Harbor Rd", line2: "Flat 2", city: "Pebble Cove", state: STATE, postal_code: "04101", country: "US" } } };
}

/** A paid order of `quantity` books, by a guest or through a customer's token. Returns the provider session id. */
async function order(name: string, email: string, quantity = 1, token = "") {
  const { body } = await post("/api/studio/checkout", { items: [{ id: bookId, type: "book", quantity }] }, token);
  expect((await post(`/api/studio/checkout/${body.session_id}/pay`, details(name, email))).status).toBe(200);
  return body.session_id as string;
}

async function sessionOf(providerId: string) {
  return server.su.collection("checkout_sessions").getFirstListItem(server.su.filter("provider_session_id = {:id}", { id: providerId }));
}

beforeAll(async () => {
  mail = await startMailServer();
  server = await startServer({ ...mail.env, STUDIO_PAYMENTS: "demo", STUDIO_MAIL_BATCH_SECONDS: "1", STUDIO_TRUSTED_PROXY_HEADERS: "X-Forwarded-For" });
  await server.su.settings.update({ rateLimits: { enabled: false } });
  studio = await signedInUser(server, STUDIO, { is_admin: true });
  const book = await server.su.collection("books").create(form({ title: "Tales of the Cove", price: 24.99, website_cart_available: true }, { image: pngFile() }));
  bookId = book.id;
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

describe("an order's own page", () => {
  let link = "";
  let id = "";
  let key = "";
  let providerId = "";

  beforeAll(async () => {
    providerId = await order("Ada Lovelace", "ada@example.com", 2);
    const receipt = await mail.waitFor("ada@example.com", /Your order/);
    link = linkIn(receipt, `${server.url}/orders/`);
    const url = new URL(link);
    id = url.pathname.split("/")[2];
    key = url.searchParams.get("key") ?? "";
  });

  it("reaches a guest through the receipt's link: the lines, the amounts, the address masked and the timeline", async () => {
    const receipt = await mail.waitFor("ada@example.com", /Your order/);
    expect(receipt.subject).toBe("Your order from Lanternwood Studio");
    expect(receipt.text).toContain("2 × Tales of the Cove (Autographed): $75.98");
    expect(receipt.text).toContain("Total: $80.93");
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(id).toBe((await sessionOf(providerId)).id);

    const page = await get(link.slice(server.url.length));
    expect(page.status).toBe(200);
    expect(page.text).toContain('<meta name="robots" content="noindex">');
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");

    const res = await get(`/api/studio/orders/${id}?key=${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const o = JSON.parse(res.text);
    expect(o.id).toBe(id);
    expect(o.status).toBe("unfulfilled");
    expect(o.status_label).toBe("Unfulfilled");
    expect(o.lines).toEqual([{ title: "Tales of the Cove (Autographed)", quantity: 2, unit_amount: 3799, amount: 7598, item_type: "book", code_excluded: false, shipped: false, refunded: false }]);
    expect(o.amounts).toEqual({ subtotal: 7598, shipping: 495, tax: 0, tax_included: 0, discount: 0, discount_code: "", tax_refunded: 0, total: 8093, refunded: 0 });
    expect(o.ship_to).toEqual({ name: "A.", street: "•••", city: "Pebble Cove", country: "US" });
    expect(o.timeline.map((t: { kind: string }) => t.kind)).toEqual(["paid"]);
    for (const secret of ["Harbor", "04101", "Flat 2", "ada@example.com", "Lovelace", "order_key", key]) expect(res.text).not.toContain(secret);
  });

  it("answers a wrong key, a missing key, another order's key and a made-up id with one and the same 404", async () => {
    const other = await sessionOf(await order("Bo Finch", "bo@example.com"));
    const otherKey = linkIn(await mail.waitFor("bo@example.com", /Your order/), `${server.url}/orders/`).split("key=")[1];
    const asks = [
      `/api/studio/orders/${id}?key=${key.slice(0, -1)}${key.endsWith("x") ? "y" : "x"}`,
      `/api/studio/orders/${id}?key=`,
      `/api/studio/orders/${id}`,
      `/api/studio/orders/${id}?key=${otherKey}`,
      `/api/studio/orders/${other.id}?key=${key}`,
      `/api/studio/orders/abcdefghijklmno?key=${key}`,
      `/api/studio/orders/${id}x?key=${key}`,
    ];
    const answers = await Promise.all(asks.map((a) => get(a)));
    for (const [i, a] of answers.entries()) {
      expect(a.status, asks[i]).toBe(404);
      expect(a.text, asks[i]).toBe(answers[0].text);
    }
    expect(JSON.parse(answers[0].text).message).toBe("This order does not exist.");

    const pages = await Promise.all(asks.map((a) => get(a.replace("/api/studio", ""))));
    for (const [i, p] of pages.entries()) {
      expect(p.status, asks[i]).toBe(404);
      expect(p.text, asks[i]).toBe(pages[0].text);
      expect(p.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(pages[0].text).toContain('<meta name="robots" content="noindex">');
    // An order not paid (still open) has no page, even by its id.
    const { body } = await post("/api/studio/checkout", { items: [{ id: bookId, type: "book", quantity: 1 }] });
    const open = await sessionOf(body.session_id);
    expect((await get(`/api/studio/orders/${open.id}?key=`)).status).toBe(404);
  });

  it("opens an order to the studio's sign-in without its key, and to no customer's", async () => {
    const asStudio = await get(`/api/studio/orders/${id}`, studio.authStore.token);
    expect(asStudio.status).toBe(200);
    expect(JSON.parse(asStudio.text).id).toBe(id);
    const customer = await signedInUser(server, "ivy@example.com");
    const asCustomer = await get(`/api/studio/orders/${id}`, customer.authStore.token);
    expect(asCustomer.status).toBe(404);
    expect(JSON.parse(asCustomer.text).message).toBe("This order does not exist.");
    // An order not paid yet is no order, for the studio too.
    const { body } = await post("/api/studio/checkout", { items: [{ id: bookId, type: "book", quantity: 1 }] });
    const open = await sessionOf(body.session_id);
    expect((await get(`/api/studio/orders/${open.id}`, studio.authStore.token)).status).toBe(404);
  });

  it("keeps the key and the checkout's id out of the access log and PocketBase's request log", async () => {
    await get(`/api/studio/orders/${id}?key=${key}`);
    await get(`/orders/${id}?key=${key}`);
    await fetch(`${server.url}/orders/${id}`, { headers: { Referer: `${server.url}/orders/${id}?key=${key}` } });
    await get(`/api/studio/checkout/${providerId}`);
    expect(server.log()).toContain(`/orders/${id}?key=REDACTED`);
    expect(server.log()).toContain("/api/studio/checkout/REDACTED");
    expect(server.log()).not.toContain(key);
    // (The set-up's own look-ups by the superuser name the id in their filters.)
    const routes = server.log().split("\n").filter((l) => !l.includes("/api/collections/checkout_sessions/records?"));
    expect(routes.filter((l) => l.includes(providerId))).toEqual([]);
    // PocketBase writes its request log in batches, every few seconds.
    let logged = "";
    for (let i = 0; i < 40 && !logged.includes("/api/studio/checkout/REDACTED"); i++) {
      await new Promise((r) => setTimeout(r, 250));
      logged = JSON.stringify((await server.su.logs.getList(1, 500, { filter: 'data.type = "request"' })).items);
    }
    expect(logged).toContain(`/orders/${id}?key=REDACTED`);
    expect(logged).toContain("/api/studio/checkout/REDACTED");
    expect(logged).not.toContain(key);
    const entries = (await server.su.logs.getList(1, 500, { filter: 'data.type = "request"' })).items;
    const ours = entries.filter((l) => !String(l.data.url).startsWith("/api/collections/checkout_sessions/records?"));
    expect(JSON.stringify(ours)).not.toContain(providerId);
  });

  it("gives the order's address only to the browser that paid, or the buyer's account, and only at payment", async () => {
    const opened = await fetch(`${server.url}/api/studio/checkout`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ items: [{ id: bookId, type: "book", quantity: 1 }] }) });
    const cookie = opened.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    expect(opened.headers.getSetCookie()[0]).toMatch(/; Path=\/api\/studio\/checkout; .*HttpOnly; SameSite=Lax/);
    const guestOrder = (await opened.json()).session_id as string;
    expect((await post(`/api/studio/checkout/${guestOrder}/pay`, details("Gil Moss", "gil@example.com"))).status).toBe(200);
    const asBuyer = JSON.parse((await (await fetch(`${server.url}/api/studio/checkout/${guestOrder}`, { headers: { Cookie: cookie } })).text()));
    expect(asBuyer.order_page).toMatch(/^\/orders\/[a-z0-9]{15}\?key=[A-Za-z0-9_-]{43}$/);
    // Anyone else who has the checkout's id (it travels in addresses) sees it paid, and no more.
    const withTheIdOnly = JSON.parse((await get(`/api/studio/checkout/${guestOrder}`)).text);
    expect(withTheIdOnly.status).toBe("paid");
    expect(withTheIdOnly.order_page).toBeUndefined();
    const otherBrowser = JSON.parse((await (await fetch(`${server.url}/api/studio/checkout/${guestOrder}`, { headers: { Cookie: "studio_checkout=guessed" } })).text()));
    expect(otherBrowser.order_page).toBeUndefined();
    // Later, the receipt carries the address; the success page no longer does.
    const session = await sessionOf(guestOrder);
    await server.su.collection("checkout_sessions").update(session.id, { fulfilled_at: new Date(Date.now() - 2 * 3600_000).toISOString() });
    expect(JSON.parse((await (await fetch(`${server.url}/api/studio/checkout/${guestOrder}`, { headers: { Cookie: cookie } })).text())).order_page).toBeUndefined();

    const cleo = await signedInUser(server, "cleo@example.com");
    const cleoOrder = await order("Cleo Marsh", "cleo@example.com", 1, cleo.authStore.token);
    const asCleo = JSON.parse((await get(`/api/studio/checkout/${cleoOrder}`, cleo.authStore.token)).text);
    expect(asCleo.order_page).toMatch(/^\/orders\/[a-z0-9]{15}\?key=[A-Za-z0-9_-]{43}$/);
    const asGuest = JSON.parse((await get(`/api/studio/checkout/${cleoOrder}`)).text);
    expect(asGuest.status).toBe("paid");
    expect(asGuest.order_page).toBeUndefined();
    const dan = await signedInUser(server, "dan@example.com");
    expect(JSON.parse((await get(`/api/studio/checkout/${cleoOrder}`, dan.authStore.token)).text).order_page).toBeUndefined();
  });

  it("lists a customer's own orders with their timelines, and nobody else's", async () => {
    const eve = await signedInUser(server, "eve@example.com");
    const mine = await order("Eve Stone", "eve@example.com", 1, eve.authStore.token);
    const other = await signedInUser(server, "fay@example.com");
    const eves = JSON.parse((await get("/api/studio/my-orders", eve.authStore.token)).text).items;
    expect(eves).toHaveLength(1);
    expect(eves[0].id).toBe((await sessionOf(mine)).id);
    expect(eves[0].timeline[0].kind).toBe("paid");
    expect((await get(eves[0].page)).status).toBe(200);
    expect(JSON.parse((await get("/api/studio/my-orders", other.authStore.token)).text).items).toEqual([]);
    expect((await get("/api/studio/my-orders")).status).toBe(401);
    // Another customer with the id alone, signed in or not, meets the same 404.
    expect((await get(`/api/studio/orders/${eves[0].id}`, other.authStore.token)).status).toBe(404);
  });

  it("follows the order through its shipments, delivery and refunds", async () => {
    const when = "2026-11-20 10:00:00.000Z";
    await server.su.collection("shipments").create({ order: id, lines: [0], carrier: "usps", tracking_number: "9400111899223197428490", tracking_url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490", shipped_at: when, note: "Wrapped in <b>tissue</b>", request_id: "r1", stripe_sync: "none" });
    await server.su.collection("checkout_sessions").update(id, { fulfilment: "shipped" });
    let o = JSON.parse((await get(`/api/studio/orders/${id}?key=${key}`)).text);
    expect(o.status_label).toBe("Shipped");
    expect(o.lines[0].shipped).toBe(true);
    const shipped = o.timeline.find((t: { kind: string }) => t.kind === "shipped");
    expect(shipped).toMatchObject({ carrier: "USPS", tracking_number: "9400111899223197428490", note: "Wrapped in <b>tissue</b>", lines: ["Tales of the Cove (Autographed)"] });
    expect(shipped.tracking_url).toMatch(/^https:\/\/tools\.usps\.com\//);

    // Only a web address becomes a link on the buyer's page (the field itself also takes ftp://).
    const odd = await server.su.collection("shipments").create({ order: id, lines: [], carrier: "other", tracking_number: "X1", tracking_url: "ftp://track.example/X1", shipped_at: when, request_id: "r2", stripe_sync: "none" });
    o = JSON.parse((await get(`/api/studio/orders/${id}?key=${key}`)).text);
    expect(o.timeline.find((t: { tracking_number?: string }) => t.tracking_number === "X1").tracking_url).toBe("");
    await server.su.collection("shipments").delete(odd.id);
    await server.su.collection("checkout_sessions").update(id, { fulfilment: "delivered", delivered_at: "2026-11-21 09:00:00.000Z" });
    o = JSON.parse((await get(`/api/studio/orders/${id}?key=${key}`)).text);
    expect(o.status_label).toBe("Delivered");
    // A shipment dated earlier on the day of payment still comes after it.
    expect(o.timeline.map((t: { kind: string }) => t.kind)).toEqual(["paid", "shipped", "delivered"]);
  });

  it("shows a refund where the piece went to someone else first", async () => {
    const piece = await server.su.collection("paintings").create(form({ title: "Owl Light", tags: ["Original - For Sale"], tag_prices: { "Original - For Sale": 300 } }, { image: pngFile() }));
    const { body } = await post("/api/studio/checkout", { items: [{ id: piece.id, type: "painting", variant: "original", quantity: 1 }] });
    await server.su.collection("paintings").update(piece.id, { tags: ["Original - Sold Out"] });
    expect((await post(`/api/studio/checkout/${body.session_id}/pay`, details("Kit Lowe", "kit@example.com"))).status).toBe(200);
    const link = linkIn(await mail.waitFor("kit@example.com", /Your order/), `${server.url}/orders/`);
    const o = JSON.parse((await get(link.replace(`${server.url}/orders/`, "/api/studio/orders/"))).text);
    expect(o.status_label).toBe("Refunded");
    expect(o.lines[0].refunded).toBe(true);
    expect(o.amounts.refunded).toBe(30495);
    expect(o.timeline.map((t: { kind: string; amount?: number }) => [t.kind, t.amount])).toEqual([["paid", undefined], ["refunded", 30495]]);
  });
});

describe("the studio's CSV of orders", () => {
  const march: string[] = [];
  let april = "";

  beforeAll(async () => {
    const paid = async (name: string, email: string, quantity: number, at: string) => {
      const s = await sessionOf(await order(name, email, quantity));
      await server.su.collection("checkout_sessions").update(s.id, { fulfilled_at: at });
      return s.id;
    };
    march.push(await paid("Gus, \"the Elder\" Moss", "gus@example.com", 1, "2025-03-01 00:00:00.000Z"));
    march.push(await paid("=HYPERLINK(\"http://evil.example\",\"x\")", "hyper@example.com", 3, "2025-03-31 23:59:59.000Z"));
    april = await paid("Ida Nilsson-Åberg", "ida@example.com", 1, "2025-04-01 00:00:00.000Z");
    await paid("Jo Early", "jo@example.com", 1, "2025-02-28 23:59:59.000Z");
    await server.su.collection("shipments").create({ order: march[0], lines: [0], carrier: "royal_mail", tracking_number: "AB123456789GB", tracking_url: "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB", shipped_at: "2025-03-02 10:00:00.000Z", request_id: "csv-1", stripe_sync: "none" });
    await server.su.collection("checkout_sessions").update(march[0], { fulfilment: "shipped" });
  });

  it("lists exactly the orders paid in the range, with their totals, in a file a spreadsheet opens", async () => {
    const res = await fetch(`${server.url}/api/studio/orders.csv?from=2025-03-01&to=2025-03-31`, { headers: { Authorization: studio.authStore.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="orders-2025-03-01-to-2025-03-31.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes.slice(3)));
    expect(rows[0]).toEqual(["Order", "Date", "Buyer", "Country", "State", "Lines", "Goods", "Discounts", "Code", "Shipping", "Tax", "Total", "Status", "Carrier", "Tracking", "Refunded"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(march);
    for (const r of rows) expect(r).toHaveLength(16);
    expect(rows[1]).toEqual([march[0], "2025-03-01", 'Gus, "the Elder" Moss <gus@example.com>', "US", STATE, "1 × Tales of the Cove (Autographed)", "37.99", "0.00", "", "4.95", "0.00", "42.94", "Shipped", "Royal Mail", "AB123456789GB", "0.00"]);
    expect(rows[2].slice(1, 13)).toEqual(["2025-03-31", `'=HYPERLINK("http://evil.example","x") <hyper@example.com>`, "US", STATE, "3 × Tales of the Cove (Autographed)", "113.97", "0.00", "", "4.95", "0.00", "118.92", "Unfulfilled"]);

    const april1 = await fetch(`${server.url}/api/studio/orders.csv?from=2025-04-01&to=2025-04-01`, { headers: { Authorization: studio.authStore.token } });
    const aprilRows = parseCsv((await april1.text()).replace(/^\uFEFF/, ""));
    expect(aprilRows.slice(1).map((r) => r[0])).toEqual([april]);
    expect(aprilRows[1][2]).toBe("Ida Nilsson-Åberg <ida@example.com>");
  });

  it("neutralises every cell a spreadsheet would run as a formula", async () => {
    const s = await sessionOf(await order("+1 Owl", "owl@example.com"));
    await server.su.collection("checkout_sessions").update(s.id, { fulfilled_at: "2025-05-05 12:00:00.000Z" });
    await server.su.collection("shipments").create({ order: s.id, lines: [0], carrier: "other", tracking_number: "@SUM(A1)", tracking_url: "https://track.example/x", shipped_at: "2025-05-06 10:00:00.000Z", request_id: "csv-2", stripe_sync: "none" });
    await server.su.collection("shipments").create({ order: s.id, lines: [], carrier: "other", tracking_number: "-2+3", tracking_url: "https://track.example/y", shipped_at: "2025-05-07 10:00:00.000Z", request_id: "csv-3", stripe_sync: "none" });
    const text = await (await fetch(`${server.url}/api/studio/orders.csv?from=2025-05-05&to=2025-05-05`, { headers: { Authorization: studio.authStore.token } })).text();
    const row = parseCsv(text.replace(/^\uFEFF/, ""))[1];
    expect(row[2]).toBe("'+1 Owl <owl@example.com>");
    expect(row[13]).toBe("Other; Other");
    expect(row[14]).toBe("'@SUM(A1); -2+3");
    for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("refuses a range it cannot read, with a clear message", async () => {
    const ask = async (query: string) => {
      const res = await fetch(`${server.url}/api/studio/orders.csv?${query}`, { headers: { Authorization: studio.authStore.token } });
      return { status: res.status, message: (await res.json()).message };
    };
    expect(await ask("to=2025-03-31")).toEqual({ status: 400, message: "Please choose the first day of the range." });
    expect(await ask("from=2025-03-01")).toEqual({ status: 400, message: "Please choose the last day of the range." });
    expect(await ask("from=2025-02-30&to=2025-03-31")).toEqual({ status: 400, message: "The first day must be a date written as YYYY-MM-DD, such as 2026-11-01." });
    expect(await ask("from=2025-03-01&to=31/03/2025")).toEqual({ status: 400, message: "The last day must be a date written as YYYY-MM-DD, such as 2026-11-01." });
    expect(await ask("from=2025-03-02&to=2025-03-01")).toEqual({ status: 400, message: "The last day must be the same as the first day or after it." });
    expect(await ask("from=2024-01-01&to=2025-03-01")).toEqual({ status: 400, message: "Please choose at most 366 days at a time." });
  });

  it("is the studio's alone", async () => {
    const customer = await signedInUser(server, "hal@example.com");
    for (const token of ["", customer.authStore.token]) {
      const res = await fetch(`${server.url}/api/studio/orders.csv?from=2025-03-01&to=2025-03-31`, { headers: token ? { Authorization: token } : {} });
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe("Only the studio can do this.");
    }
  });
});

describe("limits", () => {
  it("counts an order's reads per network, whatever address in it asks", async () => {
    await server.su.settings.update({ rateLimits: { enabled: true } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) {
        const res = await fetch(`${server.url}/api/studio/orders/abcdefghijklmno?key=x`, { headers: { "X-Forwarded-For": `2001:db8:5:5::${(i + 1).toString(16)}` } });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
      expect(statuses[60]).toBe(429);
      const nextDoor = await fetch(`${server.url}/api/studio/orders/abcdefghijklmno?key=x`, { headers: { "X-Forwarded-For": "2001:db8:5:6::1" } });
      expect(nextDoor.status).toBe(404);
    } finally {
      await server.su.settings.update({ rateLimits: { enabled: false } });
    }
  });
});
