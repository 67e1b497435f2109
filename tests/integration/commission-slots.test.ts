// Commission slots, the waitlist and the public queue with a real server and real mail: slots
// filled at the deposit, the waitlist invited in turn (the clock moved by rewriting invited_at,
// then the minute's work run through the studio's route), a time set ahead, closed types refused,
// and a queue that shows nobody's name, address or words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type PocketBase from "pocketbase";
import { startServer, signedInUser, ADMIN_DOMAIN, type TestServer } from "../support/server";
import { startMailServer, type MailServer } from "../support/maildev";

const STUDIO = `owner@${ADMIN_DOMAIN}`;
const TYPE = "watercolor-portrait";

let server: TestServer;
let mail: MailServer;
let admin: PocketBase;
const customers: { pb: PocketBase; email: string; name: string; description: string }[] = [];

interface State {
  type: string;
  state: string;
  text: string;
}
interface QueueRow {
  ref: string;
  position: number;
  waitlist_position: number;
  type: string;
  stage: string;
  days: number;
}

async function call(pb: PocketBase | null, path: string, body?: unknown) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (pb?.authStore.token) headers.Authorization = pb.authStore.token;
  const res = await fetch(server.url + path, body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : null };
}

async function plan(body: Record<string, unknown>) {
  const res = await call(admin, "/api/studio/admin/commission-slots", body);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function stateOf(type: string): Promise<State> {
  const res = await call(null, "/api/studio/commission-board");
  return (res.body.states as State[]).find((s) => s.type === type)!;
}

async function request(pb: PocketBase, description: string, type = TYPE) {
  return (await pb.collection("commissions").create({ type, description, contact_email: "ignored@example.com" })).id;
}

async function depositPaid(pb: PocketBase, commission: string) {
  const q = await call(admin, `/api/studio/commissions/${commission}/quotes`, { total_cents: 20000 });
  expect(q.status, q.text).toBe(200);
  const started = await call(pb, `/api/studio/commission-quotes/${q.body.id}/pay`, {});
  expect(started.status, started.text).toBe(200);
  const paid = await call(null, `/api/studio/checkout/${started.body.session_id}/pay`, {});
  expect(paid.body.status).toBe("paid");
}

async function tick() {
  const res = await call(admin, "/api/studio/admin/commission-slots/tick", {});
  expect(res.status, res.text).toBe(200);
  return res.body;
}

beforeAll(async () => {
  mail = await startMailServer();
  server = await startServer({ ...mail.env, STUDIO_PAYMENTS: "demo", STUDIO_MAIL_BATCH_SECONDS: "0", STUDIO_NOTIFY_EMAIL: STUDIO });
  // Many requests from one address in a minute: PocketBase's per-address limit would answer 429.
  await server.su.settings.update({ rateLimits: { enabled: false } });
  admin = await signedInUser(server, STUDIO);
  for (const [first, last] of [
    ["Agatha", "Quillfeather"],
    ["Bartholomew", "Inkwell"],
    ["Cordelia", "Marchbank"],
    ["Desmond", "Thistlewood"],
    ["Ermengarde", "Fogg"],
  ]) {
    const email = `${first.toLowerCase()}@example.com`;
    customers.push({ pb: await signedInUser(server, email, { first_name: first, last_name: last }), email, name: first, description: `A lighthouse keeper for ${first}, with a secret blue door` });
  }
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

describe("a fresh shop", () => {
  it("shows every type open from the first start, and rewrites the public row only when something changed", async () => {
    const html = await (await fetch(`${server.url}/commissions`)).text();
    for (const label of ["Illustrated book", "Indoor mural", "Outdoor mural", "Watercolor portrait", "Watercolor illustration"]) {
      expect(html).toContain(`<span>${label}</span> <strong>Open</strong>`);
    }
    const before = (await server.client().collection("commission_board").getFullList())[0];
    await tick();
    await tick();
    expect((await server.client().collection("commission_board").getFullList())[0].updated).toBe(before.updated);
  });
});

describe("slots and the waitlist", () => {
  it("counts three slots at the deposit, then waitlists, invites in turn, and passes an unanswered invitation on", async () => {
    await plan({ types: [{ type: TYPE, state: "open", slots: 3 }] });
    expect((await stateOf(TYPE)).text).toBe("Open: 3 of 3 slots free");

    const first = await Promise.all(customers.slice(0, 3).map((c) => request(c.pb, c.description)));
    // Requests alone take no slot while the deposit is what fills one.
    expect((await stateOf(TYPE)).text).toBe("Open: 3 of 3 slots free");
    for (let i = 0; i < 3; i++) await depositPaid(customers[i].pb, first[i]);
    expect(await stateOf(TYPE)).toMatchObject({ state: "waitlist", text: "Waitlist: 0 waiting" });

    const d = await request(customers[3].pb, customers[3].description);
    const e = await request(customers[4].pb, customers[4].description);
    expect(await customers[3].pb.collection("commissions").getOne(d)).toMatchObject({ waitlist: "waiting" });
    const queue = (await call(null, "/api/studio/commission-queue")).body.rows as QueueRow[];
    const mine = (await call(customers[3].pb, "/api/studio/commission-queue/mine")).body.refs as string[];
    const dRow = queue.find((r) => mine.includes(r.ref))!;
    expect(dRow).toMatchObject({ waitlist_position: 1, type: TYPE, stage: "Requested" });
    expect(queue.filter((r) => r.waitlist_position === 2)).toHaveLength(1);
    expect(queue.filter((r) => r.position > 0).map((r) => r.stage)).toEqual(["Deposit paid", "Deposit paid", "Deposit paid"]);
    expect((await stateOf(TYPE)).text).toBe("Waitlist: 2 waiting");

    // A delivery frees a slot: the first waiting is invited by mail, the second still waits.
    await admin.collection("commissions").update(first[0], { status: "Complete" });
    const letter = await mail.waitFor(customers[3].email, /slot has opened/);
    expect(letter.text).toContain("48 hours");
    expect(await customers[3].pb.collection("commissions").getOne(d)).toMatchObject({ waitlist: "invited", invited_at: expect.stringMatching(/^\d{4}-/) });
    expect(await customers[4].pb.collection("commissions").getOne(e)).toMatchObject({ waitlist: "waiting" });
    const seen = (await call(admin, "/api/studio/admin/commission-slots")).body.waitlist as { id: string; waitlist: string; invited_at: string }[];
    expect(seen.find((w) => w.id === d)).toMatchObject({ waitlist: "invited", invited_at: expect.stringMatching(/^\d{4}-/) });

    // 49 hours later, unanswered: the hold passes to the next.
    await tick();
    expect((await mail.all()).filter((m) => m.to.some((t) => t.address === customers[4].email) && /slot has opened/.test(m.subject))).toHaveLength(0);
    await server.su.collection("commissions").update(d, { invited_at: new Date(Date.now() - 49 * 3600_000).toISOString() });
    await tick();
    await mail.waitFor(customers[4].email, /slot has opened/);
    expect(await customers[3].pb.collection("commissions").getOne(d)).toMatchObject({ waitlist: "lapsed" });
    expect(await customers[4].pb.collection("commissions").getOne(e)).toMatchObject({ waitlist: "invited" });
    // Too late for the first; the second takes theirs.
    expect((await call(customers[3].pb, `/api/studio/commissions/${d}/take-slot`, {})).status).toBe(400);
    expect((await call(customers[3].pb, `/api/studio/commissions/${e}/take-slot`, {})).status).toBe(404);
    expect((await call(customers[4].pb, `/api/studio/commissions/${e}/take-slot`, {})).body).toMatchObject({ waitlist: "admitted" });
  });
});

describe("other fill rules and endings", () => {
  it("counts a sent quote when the studio says so, and a cancelled commission frees its slot for the next waiting", async () => {
    await plan({ fill_rule: "quoted", types: [{ type: "watercolor-illustration", state: "open", slots: 1 }] });
    const a = await request(customers[0].pb, "A fox reading by lantern light", "watercolor-illustration");
    const q = await call(admin, `/api/studio/commissions/${a}/quotes`, { total_cents: 9000 });
    expect(q.status, q.text).toBe(200);
    expect((await stateOf("watercolor-illustration")).text).toBe("Waitlist: 0 waiting");
    const b = await request(customers[1].pb, "Two owls and a teapot", "watercolor-illustration");
    await admin.collection("commissions").update(a, { status: "Cancelled" });
    await mail.waitFor(customers[1].email, /watercolor illustration slot has opened/);
    expect(await customers[1].pb.collection("commissions").getOne(b)).toMatchObject({ waitlist: "invited" });
    await plan({ fill_rule: "deposit", types: [{ type: "watercolor-illustration", state: "open", slots: 0 }] });
  });
});

describe("a waitlist strangers cannot stall", () => {
  it("asks a guest to sign in to join it, skips a request no account can take, and greets no name nobody confirmed", async () => {
    const kind = "outdoor-mural";
    await plan({ fill_rule: "quoted", types: [{ type: kind, state: "open", slots: 1 }] });
    const a = await request(customers[2].pb, "A harbour wall", kind);
    expect((await call(admin, `/api/studio/commissions/${a}/quotes`, { total_cents: 9000 })).status).toBe(200);
    expect((await stateOf(kind)).state).toBe("waitlist");

    const guest = await fetch(`${server.url}/api/collections/commissions/records`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ type: kind, description: "Hold this for me", contact_email: "victim@example.com", contact_name: "Claim your prize at evil.example" }),
    });
    expect(guest.status).toBe(400);
    expect((await guest.json()).message).toBe(
      "Outdoor mural commissions have a waitlist, and a slot is taken from your account. Please sign in or create an account to join it. Nothing was sent; your words are still in the form.",
    );

    // Filed by the studio for someone without an account: it waits for the studio, never invited.
    const filed = await server.su.collection("commissions").create({ type: kind, description: "A wall by phone", contact_email: "stranger@example.com", contact_name: "Claim your prize at evil.example" });
    expect(filed.waitlist).toBe("waiting");
    // An account whose address nobody confirmed, named by whoever made it.
    await server.su.collection("users").create({ email: "zed@example.com", password: "correct-horse-42", passwordConfirm: "correct-horse-42", verified: false, first_name: "Claim your prize at evil.example" });
    const zed = server.client();
    await zed.collection("users").authWithPassword("zed@example.com", "correct-horse-42");
    const z = await request(zed, "A garden wall", kind);

    await admin.collection("commissions").update(a, { status: "Cancelled" });
    const letter = await mail.waitFor("zed@example.com", /outdoor mural slot has opened/);
    expect(letter.text).toContain("Hello,");
    expect(letter.text).not.toContain("evil.example");
    expect(await zed.collection("commissions").getOne(z)).toMatchObject({ waitlist: "invited" });
    expect((await server.su.collection("commissions").getOne(filed.id)).waitlist).toBe("waiting");
    expect((await mail.all()).filter((m) => m.to.some((t) => t.address === "stranger@example.com" || t.address === "victim@example.com"))).toHaveLength(0);
    for (const id of [z, filed.id]) await admin.collection("commissions").update(id, { status: "Cancelled" });
    await plan({ fill_rule: "deposit", types: [{ type: kind, state: "open", slots: 0 }] });
  });
});

describe("closed types", () => {
  it("refuses a request for a closed type whatever the browser sends, and says until when", async () => {
    const opens = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 11, 1, 9));
    await plan({ types: [{ type: "indoor-mural", state: "closed", slots: 0, opens_at: opens.toISOString() }] });
    expect((await stateOf("indoor-mural")).text).toBe(`Closed until 1 December ${opens.getUTCFullYear()}`);
    await expect(request(customers[0].pb, "A mural of the sea", "indoor-mural")).rejects.toMatchObject({
      status: 400,
      response: { message: expect.stringContaining("closed until 1 December") },
    });
    const guest = await fetch(`${server.url}/api/collections/commissions/records`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ type: "indoor-mural", description: "Please", contact_email: "guest@example.com", waitlist: "admitted" }),
    });
    expect(guest.status).toBe(400);
    expect((await server.su.collection("commissions").getFullList({ filter: "type = 'indoor-mural'" })).length).toBe(0);
  });

  it("refuses bad settings with a clear message and changes nothing", async () => {
    const before = (await call(admin, "/api/studio/admin/commission-slots")).body.settings;
    const soon = Date.now() + 3600_000;
    for (const [body, message] of [
      [{ types: [{ type: TYPE, state: "open", slots: -1 }] }, /whole number from 0/],
      [{ types: [{ type: TYPE, state: "closed", slots: 2, opens_at: new Date(soon + 3600_000).toISOString(), closes_at: new Date(soon).toISOString() }] }, /must come after its opening time/],
      [{ overall: { state: "closed", slots: 0, opens_at: new Date(Date.now() - 60_000).toISOString() } }, /already passed/],
      [{ invite_hold_hours: 0 }, /from 1 to 720/],
      [{ fill_rule: "vibes" }, /what fills a slot/],
    ] as const) {
      const res = await call(admin, "/api/studio/admin/commission-slots", body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await call(admin, "/api/studio/admin/commission-slots")).body.settings).toEqual(before);
    expect((await call(customers[0].pb, "/api/studio/admin/commission-slots", { invite_hold_hours: 1 })).status).toBe(403);
  });

  it("opens a closed type at the time set ahead, on every read at once and in the stored rows within a minute", async () => {
    const at = Date.now() + 2500;
    await plan({ types: [{ type: "outdoor-mural", state: "closed", slots: 2, opens_at: new Date(at).toISOString() }] });
    expect((await stateOf("outdoor-mural")).state).toBe("closed");
    const outdoor = (html: string) => /Outdoor mural<\/span> <strong>([^<]*)</.exec(html)?.[1];
    // The page is kept from now on; it is not kept past the time set ahead.
    expect(outdoor(await (await fetch(`${server.url}/commissions`)).text())).toMatch(/^Closed until /);
    await expect.poll(async () => (await stateOf("outdoor-mural")).text, { timeout: 20_000, interval: 250 }).toBe("Open: 2 of 2 slots free");
    expect(Date.now()).toBeGreaterThanOrEqual(at);
    await expect.poll(async () => outdoor(await (await fetch(`${server.url}/commissions`)).text()), { timeout: 5_000, interval: 100 }).toBe("Open: 2 of 2 slots free");
    // The minute's cron folds the time into the type's row and the public board, with nobody asking.
    await expect
      .poll(async () => (await server.su.collection("commission_types").getFirstListItem("type = 'outdoor-mural'")).state, { timeout: 75_000, interval: 500 })
      .toBe("open");
    const board = await server.client().collection("commission_board").getFullList();
    expect((board[0].states as State[]).find((s) => s.type === "outdoor-mural")).toMatchObject({ state: "open", text: "Open: 2 of 2 slots free" });
  }, 90_000);
});

describe("the public queue", () => {
  it("shows positions and stages but no name, address or words of anyone, and goes away when hidden", async () => {
    const api = await call(null, "/api/studio/commission-queue");
    const page = await (await fetch(`${server.url}/commissions/queue`)).text();
    const records = await (await fetch(`${server.url}/api/collections/commission_board/records`)).text();
    expect(api.body.rows.length).toBeGreaterThan(3);
    expect(page).toContain("<title>Commission queue");
    expect(page).toContain("Deposit paid");
    for (const answer of [api.text, page, records]) {
      for (const c of customers) {
        expect(answer).not.toContain(c.email);
        expect(answer).not.toContain(c.name);
        expect(answer).not.toContain(c.description);
        expect(answer).not.toContain("secret blue door");
      }
    }
    for (const row of api.body.rows as Record<string, unknown>[]) {
      expect(Object.keys(row).sort()).toEqual(["days", "position", "ref", "stage", "type", "type_label", "waitlist_position"]);
    }
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("/commissions/queue</loc>");

    await plan({ queue_public: false });
    expect((await call(null, "/api/studio/commission-queue")).status).toBe(404);
    expect((await fetch(`${server.url}/commissions/queue`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain("/commissions/queue");
    await plan({ queue_public: true });
    expect((await fetch(`${server.url}/commissions/queue`)).status).toBe(200);
  });

  it("shows each type's state in the page the server sends, and a change reaches the kept page", async () => {
    const html = await (await fetch(`${server.url}/commissions`)).text();
    expect(html).toContain("Waitlist: 0 waiting");
    expect(html).toContain("Open: 2 of 2 slots free");
    await plan({ types: [{ type: "illustrated-book", state: "closed", slots: 0 }] });
    const after = await (await fetch(`${server.url}/commissions`)).text();
    expect(after).toMatch(/Illustrated book[^<]*<\/[a-z]+>\s*<[^>]+>Closed</);
  });
});

describe("the board's size", () => {
  it("shows a bounded queue however many requests arrive", async () => {
    const kind = "illustrated-book";
    await plan({ types: [{ type: kind, state: "open", slots: 0 }] });
    for (let batch = 0; batch < 7; batch++) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => server.su.collection("commissions").create({ type: kind, description: `Book ${batch}-${i}`, contact_email: "x@example.com" })));
    }
    await tick();
    const rows = (await call(null, "/api/studio/commission-queue")).body.rows as QueueRow[];
    expect(rows.filter((r) => r.position > 0)).toHaveLength(60);
    expect(rows.length).toBeLessThanOrEqual(120);
  });
});
