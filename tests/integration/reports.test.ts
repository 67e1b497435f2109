// Reports without a cookie: visits counted first-party (never for a browser that asks not to be,
// never for a bot that says so), three orders, one refund, two referrers and a commission deposit,
// read back as every report and its CSV with exact totals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type PocketBase from "pocketbase";
import { ADMIN_DOMAIN, signedInUser, startServer, type TestServer } from "../support/server";
import { parseCsv } from "../support/csv";
import { arrangeShop, TWO_ZONES } from "../support/shop";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const BOOK = 3799;
const DAY_MS = 86400000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// Days sure to hold every count of this file, whenever it runs (across midnight or a month's end
// too): from the day before it started to two days after. A report asks for them, never for "today".
const RANGE = { from: dayOf(Date.now() - DAY_MS), to: dayOf(Date.now() + 2 * DAY_MS) };
const IN_RANGE = `?from=${RANGE.from}&to=${RANGE.to}`;

let server: TestServer;
let shop: Awaited<ReturnType<typeof arrangeShop>>;
let admin: PocketBase;
let character: string;
const cookies: string[] = [];

const id = () => Array.from({ length: 15 }, () => "abcdefghijklmnopqrstuvwxyz0123456789"[Math.floor(Math.random() * 36)]).join("");

async function send(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, { method: "POST", headers: { "Content-Type": "application/json", "User-Agent": BROWSER, ...headers }, body: JSON.stringify(body) });
  const cookie = res.headers.get("set-cookie");
  if (cookie) cookies.push(path + ": " + cookie);
  return { status: res.status, body: await res.json() };
}

async function visit(fields: Record<string, unknown>, headers: Record<string, string> = {}) {
  const v = id();
  const res = await send("/api/studio/visits", { id: v, at: Date.now(), ...fields }, headers);
  return { id: v, ...res };
}

const event = (visitId: string, kind: string, item: string, headers: Record<string, string> = {}) => send(`/api/studio/visits/${visitId}/events`, { kind, item, at: Date.now() }, headers);

const PAYER = { customer: { name: "Greta Brun", email: "greta@example.com" }, shipping: { address: { line1: "Am Hang 3", city: "Bonn", postal_code: "53111", country: "DE" } } };

async function buy(visitId: string, items: unknown[], before?: () => Promise<unknown>) {
  const opened = await send("/api/studio/checkout", { items, country: "DE", visit_id: visitId });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  await before?.();
  const paid = await send(`/api/studio/checkout/${opened.body.session_id}/pay`, PAYER);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

async function report(name: string, query = IN_RANGE) {
  const res = await fetch(`${server.url}/api/studio/reports/${name}${query}`, { headers: { Authorization: admin.authStore.token } });
  expect(res.headers.get("set-cookie")).toBeNull();
  return { status: res.status, body: await res.json() };
}

async function csv(name: string, table: string) {
  const res = await fetch(`${server.url}/api/studio/reports/${name}.csv${IN_RANGE}&table=${table}`, { headers: { Authorization: admin.authStore.token } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
  return parseCsv(await res.text());
}

const tableOf = (r: { tables: { key: string }[] }, key: string) => r.tables.find((t) => t.key === key) as unknown as { rows: Record<string, unknown>[]; total: Record<string, unknown> | null; columns: { key: string; label: string }[] };
const rowNamed = (rows: Record<string, unknown>[], key: string, name: string) => rows.find((r) => r[key] === name);

beforeAll(async () => {
  server = await startServer({ STUDIO_PAYMENTS: "demo" });
  shop = await arrangeShop(server);
  const zones = await server.su.collection("shop_settings").getFirstListItem(`key = "shipping"`);
  await server.su.collection("shop_settings").update(zones.id, { value: TWO_ZONES });
  character = (await server.su.collection("characters").create({ name: "Captain Pebble", character_type: "pebblewick", status: "current" })).id;
  admin = await signedInUser(server, `owner@${ADMIN_DOMAIN}`);

  // Two referrers, one of them with a campaign; a third visit comes straight in.
  const pinterest = await visit({ landing: "/gallery/cove", referrer: "https://www.pinterest.com/pin/123?x=1" });
  const instagram = await visit({ landing: "/pebblewick", referrer: "https://instagram.com/lanternwood", utm_source: "insta", utm_medium: "social", utm_campaign: "Spring" });
  const direct = await visit({ landing: "/" });
  for (const v of [pinterest, instagram, direct]) expect(v.body).toEqual({ counted: true });

  await event(pinterest.id, "view", `paintings:${shop.ids.painting}`);
  await event(pinterest.id, "cart", `paintings:${shop.ids.painting}`);
  await buy(pinterest.id, [shop.line("print", 2)]);

  await event(instagram.id, "world", "pebblewick");
  await event(instagram.id, "character", character);
  await event(instagram.id, "view", `books:${shop.ids.book}`);
  await event(instagram.id, "view", `books:${shop.ids.book}`);
  await event(instagram.id, "cart", `books:${shop.ids.book}`);
  await buy(instagram.id, [shop.line("book", 1), shop.line("tee", 1)]);

  // The original is sold in the studio while this buyer pays: the line is refunded at once.
  await event(direct.id, "view", `paintings:${shop.ids.painting}`);
  await event(direct.id, "cart", `paintings:${shop.ids.painting}`);
  await buy(direct.id, [shop.line("original", 1)], () => server.su.collection("paintings").update(shop.ids.painting, { tags: ["Print - For Sale", "Original - Sold Out"] }));

  // A commission's deposit.
  const ada = await signedInUser(server, "ada@example.com");
  const commission = (await ada.collection("commissions").create({ type: "watercolor-portrait", description: "Our cat in a lantern", contact_email: "ada@example.com" })).id;
  const quoted = await fetch(`${server.url}/api/studio/commissions/${commission}/quotes`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: admin.authStore.token }, body: JSON.stringify({ total_cents: 24000, deposit_cents: 12000 }) });
  const quote = await quoted.json();
  expect(quoted.status, JSON.stringify(quote)).toBe(200);
  const started = await fetch(`${server.url}/api/studio/commission-quotes/${quote.id}/pay`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: ada.authStore.token }, body: "{}" });
  const payment = await started.json();
  expect((await send(`/api/studio/checkout/${payment.session_id}/pay`, {})).body.status).toBe("paid");
});

afterAll(() => server?.stop());

const REVENUE = 7000 + BOOK + 2800 + 12000;

describe("counting", () => {
  it("counts nothing for a browser that sends Sec-GPC: 1 or DNT: 1, or for a bot that says it is one", async () => {
    const before = (await report("funnel")).body;
    const gpc = await visit({ landing: "/", referrer: "https://gpc.example/" }, { "Sec-GPC": "1" });
    expect(gpc.body).toEqual({ counted: false });
    expect((await event(gpc.id, "view", `paintings:${shop.ids.painting}`, { "Sec-GPC": "1" })).body).toEqual({ counted: false });
    expect((await visit({ landing: "/" }, { DNT: "1" })).body).toEqual({ counted: false });
    expect((await visit({ landing: "/" }, { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" })).body).toEqual({ counted: false });
    // A checkout from such a browser is tied to no visit.
    const opened = await send("/api/studio/checkout", { items: [shop.line("tee", 1)], country: "DE", visit_id: gpc.id }, { "Sec-GPC": "1" });
    expect(opened.status).toBe(200);
    await send(`/api/studio/checkout/${opened.body.session_id}/cancel`, {});
    expect((await report("funnel")).body.tables).toEqual(before.tables);
    expect(tableOf((await report("sources")).body, "referrers").rows.map((r) => r.name)).not.toContain("gpc.example");
  });

  it("counts a visit once, whatever repeats it", async () => {
    const v = id();
    const answers = await Promise.all(Array.from({ length: 4 }, () => send("/api/studio/visits", { id: v, landing: "/about" })));
    expect(answers.filter((a) => a.body.counted)).toHaveLength(1);
    // Its piece pages, seen at once in four tabs' worth of requests: four views, one visit that viewed.
    const viewed = async () => tableOf((await report("funnel")).body, "funnel").rows[1].count as number;
    const before = await viewed();
    await Promise.all(Array.from({ length: 4 }, () => event(v, "view", `merchandise:${shop.ids.tee}`)));
    expect((await viewed()) - before).toBe(1);
  });

  it("refuses what is not a visit: odd ids, pieces that do not exist, unknown kinds and big bodies", async () => {
    expect((await send("/api/studio/visits", { id: "../../x" })).status).toBe(400);
    expect((await send("/api/studio/visits", { id: "A".repeat(15) })).status).toBe(400);
    const v = await visit({ landing: "/" });
    expect((await event(v.id, "view", "users:" + "a".repeat(15))).status).toBe(400);
    expect((await event(v.id, "view", `paintings:${"z".repeat(15)}`)).status).toBe(400);
    expect((await event(v.id, "steal", "x")).status).toBe(400);
    expect((await event(id(), "view", `paintings:${shop.ids.painting}`)).status).toBe(404);
    expect((await send("/api/studio/visits", { id: id(), landing: "/" + "x".repeat(5000) })).status).toBe(413);
    // A referrer or campaign that is not plain words is kept as nothing rather than as it came.
    const odd = await visit({ landing: "/", referrer: "javascript:alert(1)", utm_source: "=HYPERLINK(\"x\")", code: "NOSUCHCODE" });
    expect(odd.body).toEqual({ counted: true });
    const rows = tableOf((await report("sources")).body, "campaigns").rows;
    expect(rows.map((r) => r.name)).not.toContain("=HYPERLINK(\"x\")");
    expect(rows.filter((r) => String(r.name).startsWith("insta"))).toHaveLength(1);
  });

  it("marks a letter's links to the shop with the letter, and names the letter in the campaigns", async () => {
    const letter = (await server.su.collection("campaigns").create({ subject: "Winter prints", lists: ["news"], state: "sent", links: ["/gallery#new", "https://elsewhere.example/x?a=1"] })).id;
    const to = async (n: number) => (await fetch(`${server.url}/letters/click/${letter}/${n}/nobody`, { redirect: "manual" })).headers.get("location");
    expect(await to(0)).toBe(`/gallery?utm_source=letter&utm_medium=email&utm_campaign=${letter}#new`);
    expect(await to(1)).toBe("https://elsewhere.example/x?a=1");
    const query = new URL((await to(0))!, server.url).searchParams;
    await visit({ landing: "/gallery", utm_source: query.get("utm_source"), utm_medium: query.get("utm_medium"), utm_campaign: query.get("utm_campaign") });
    const rows = tableOf((await report("sources")).body, "campaigns").rows;
    expect(rowNamed(rows, "name", "Letter: Winter prints")).toMatchObject({ visits: 1, orders: 0 });
  });

  it("shows the reports to the studio only", async () => {
    const stranger = await signedInUser(server, "stranger@example.com");
    for (const headers of [{}, { Authorization: stranger.authStore.token }] as Record<string, string>[]) {
      expect((await fetch(`${server.url}/api/studio/reports/money`, { headers })).status).toBe(403);
      expect((await fetch(`${server.url}/api/studio/reports/money.csv`, { headers })).status).toBe(403);
    }
    expect((await report("nothing")).status).toBe(404);
    expect((await report("money", "?from=2026-02-30x")).status).toBe(400);
  });
});

describe("the reports", () => {
  it("money by month: each kind, the deposit and the refund as a negative, revenue without tax or shipping", async () => {
    const r = (await report("money")).body;
    const money = tableOf(r, "money");
    const kinds = Object.fromEntries(money.rows.map((row) => [row.kind, row.total]));
    expect(kinds).toEqual({ Prints: 7000, Originals: 48000, Books: BOOK, Murals: 0, Merchandise: 2800, Digital: 0, "Commission deposits": 12000, "Commission balances": 0, Refunds: -48000 });
    expect(money.total).toMatchObject({ kind: "Revenue", total: REVENUE, before: 0 });
    const file = await csv("money", "money");
    expect(file[0]).toEqual(money.columns.map((c) => c.label));
    const totalColumn = money.columns.findIndex((c) => c.key === "total");
    expect(file.find((row) => row[0] === "Refunds")![totalColumn]).toBe("-480.00");
    expect(file.at(-1)![0]).toBe("Revenue");
    expect(file.at(-1)![totalColumn]).toBe((REVENUE / 100).toFixed(2));
  });

  it("pieces: views, adds to cart, units and revenue, refunds taken off", async () => {
    const r = (await report("pieces")).body;
    const byRevenue = tableOf(r, "by-revenue");
    expect(byRevenue.rows).toEqual([
      { piece: "Cove", views: 2, carts: 2, units: 2, revenue: 7000, revenue_before: 0 },
      { piece: "Tales", views: 2, carts: 1, units: 1, revenue: BOOK, revenue_before: 0 },
      { piece: "Tee", views: 4, carts: 0, units: 1, revenue: 2800, revenue_before: 0 },
    ]);
    expect(byRevenue.total).toMatchObject({ units: 4, revenue: 7000 + BOOK + 2800 });
    const file = await csv("pieces", "by-revenue");
    expect(file.at(-1)).toEqual(["Total", "8", "3", "4", ((7000 + BOOK + 2800) / 100).toFixed(2), "0.00"]);
  });

  it("where buyers came from: referrers and campaigns by visits, orders and revenue", async () => {
    const r = (await report("sources")).body;
    const referrers = tableOf(r, "referrers");
    expect(rowNamed(referrers.rows, "name", "pinterest.com")).toMatchObject({ visits: 1, orders: 1, revenue: 7000 });
    expect(rowNamed(referrers.rows, "name", "instagram.com")).toMatchObject({ visits: 1, orders: 1, revenue: BOOK + 2800 });
    expect(rowNamed(referrers.rows, "name", "direct")).toMatchObject({ orders: 1, revenue: 0 });
    expect(referrers.total).toMatchObject({ orders: 3, revenue: 7000 + BOOK + 2800 });
    expect(rowNamed(tableOf(r, "campaigns").rows, "name", "insta / social / spring")).toMatchObject({ visits: 1, orders: 1, revenue: BOOK + 2800 });
    const file = await csv("sources", "referrers");
    expect(file.at(-1)!.slice(2, 4)).toEqual(["3", ((7000 + BOOK + 2800) / 100).toFixed(2)]);
  });

  it("the funnel: visits → piece views → cart → checkout → paid, and conversion", async () => {
    const rows = tableOf((await report("funnel")).body, "funnel").rows;
    const visits = rows[0].count as number;
    expect(rows.map((r) => [r.stage, r.count])).toEqual([
      ["Visits", visits],
      ["Viewed a piece", 4],
      ["Added to cart", 3],
      ["Started checkout", 3],
      ["Paid orders", 3],
    ]);
    expect(rows[4].share).toBe(Math.round((3 * 10000) / visits) / 100);
    expect((await csv("funnel", "funnel")).slice(1).map((r) => r[1])).toEqual(rows.map((r) => String(r.count)));
  });

  it("stories: revenue by world and by character page seen before buying", async () => {
    const r = (await report("stories")).body;
    expect(tableOf(r, "worlds").rows).toEqual([{ name: "Pebblewick", orders: 1, revenue: BOOK + 2800, revenue_before: 0 }]);
    expect(tableOf(r, "characters").rows).toEqual([{ name: "Captain Pebble", orders: 1, revenue: BOOK + 2800, revenue_before: 0 }]);
    expect((await csv("stories", "characters"))[1]).toEqual(["Captain Pebble", "1", ((BOOK + 2800) / 100).toFixed(2), "0.00"]);
  });

  it("commissions: requested, quoted, deposit paid, delivered", async () => {
    const rows = tableOf((await report("commissions")).body, "stages").rows;
    expect(rows.map((r) => [r.stage, r.count])).toEqual([
      ["Requested", 1],
      ["Quoted", 1],
      ["Deposit paid", 1],
      ["Delivered", 0],
    ]);
    expect(rows[1].median_days).toBeGreaterThanOrEqual(0);
  });

  it("puts the period of the same length before beside the range: nothing counted before this file ran", async () => {
    const r = (await report("money")).body;
    const from = Date.parse(RANGE.from);
    expect(r.before).toEqual({ from: dayOf(from - 4 * DAY_MS), to: dayOf(from - DAY_MS) });
    expect(tableOf(r, "money").total).toMatchObject({ total: REVENUE, before: 0 });
  });
});

describe("limits and cookies", () => {
  it("sets no cookie on any counting answer or page", async () => {
    for (const path of ["/", "/gallery", "/pebblewick"]) expect((await fetch(server.url + path, { headers: { "User-Agent": BROWSER } })).headers.get("set-cookie")).toBeNull();
    expect(cookies.filter((c) => !c.startsWith("/api/studio/checkout"))).toEqual([]);
  });

  it("counts at most so many visits from one network in a minute", async () => {
    const answers = await Promise.all(Array.from({ length: 70 }, () => send("/api/studio/visits", { id: id(), landing: "/" })));
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 429)[0].body.message).toMatch(/Too many visits/);
  });
});
