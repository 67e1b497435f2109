// The catalogue's one changes route: what a browser asks to stay up to date.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type PocketBase from "pocketbase";
import { startServer, signedInUser, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";

interface Changes {
  cursor: string;
  reset: boolean;
  upserts: Array<Record<string, unknown> & { id: string; collectionName: string }>;
  deletes: Array<{ collection: string; id: string }>;
}

let server: TestServer;
let admin: PocketBase;
let customer: PocketBase;

async function changes(since = "", headers: Record<string, string> = {}): Promise<Changes & { bytes: number }> {
  const res = await fetch(`${server.url}/api/studio/changes?since=${encodeURIComponent(since)}`, { headers });
  expect(res.status).toBe(200);
  const text = await res.text();
  return { ...(JSON.parse(text) as Changes), bytes: Buffer.byteLength(text) };
}

const ids = (c: Changes, collection?: string) =>
  c.upserts.filter((r) => !collection || r.collectionName === collection).map((r) => r.id);

const painting = (title: string) =>
  form({ title, tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 30 } }, { image: pngFile() });

beforeAll(async () => {
  // Behind a proxy, so that a request can say which network it comes from.
  server = await startServer({ STUDIO_TRUSTED_PROXY_HEADERS: "X-Forwarded-For" });
  admin = await signedInUser(server, "owner@lanternwood.example");
  customer = await signedInUser(server, "ada@example.com");
});

afterAll(async () => {
  await server?.stop();
});

describe("the changes route", () => {
  it("gives a first visit the whole public catalogue and a cursor, and then nothing while nothing changes", async () => {
    const p = await admin.collection("paintings").create(painting("Harbor Lights"));
    const first = await changes();
    expect(first.reset).toBe(true);
    expect(ids(first, "paintings")).toContain(p.id);
    expect(ids(first, "tags")).toHaveLength(4);
    // Nothing private ever rides along.
    const names = new Set(first.upserts.map((r) => r.collectionName));
    for (const name of names) expect(["characters", "paintings", "books", "merchandise", "murals", "artist_profile", "tags", "commission_board", "editions", "digital_items"]).toContain(name);

    const again = await changes(first.cursor);
    expect(again).toMatchObject({ reset: false, upserts: [], deletes: [], cursor: first.cursor });
    expect(again.bytes).toBeLessThan(2048);
  });

  it("returns creates, updates and deletes since the cursor, each once", async () => {
    const start = (await changes()).cursor;
    const a = await admin.collection("paintings").create(painting("Lantern Bay"));
    const b = await admin.collection("murals").create(form({ title: "Tide Wall", year: 2024 }, { image: pngFile() }));
    const afterCreate = await changes(start);
    expect(afterCreate.reset).toBe(false);
    expect(ids(afterCreate).sort()).toEqual([a.id, b.id].sort());
    expect(afterCreate.upserts.find((r) => r.id === a.id)).toMatchObject({ title: "Lantern Bay", collectionName: "paintings" });

    await admin.collection("paintings").update(a.id, { title: "Lantern Bay at Dusk" });
    await admin.collection("murals").delete(b.id);
    const afterEdit = await changes(afterCreate.cursor);
    expect(afterEdit.upserts.map((r) => [r.id, r.title])).toEqual([[a.id, "Lantern Bay at Dusk"]]);
    expect(afterEdit.deletes).toEqual([{ collection: "murals", id: b.id }]);

    // A client that slept through all of it sees the end state: the update, and the deletion only.
    const sleeper = await changes(start);
    expect(ids(sleeper)).toEqual([a.id]);
    expect(sleeper.deletes).toEqual([{ collection: "murals", id: b.id }]);
  });

  it("numbers records written in the same millisecond one by one: none skipped, none repeated", async () => {
    await server.su.settings.update({ batch: { enabled: true, maxRequests: 50, timeout: 10, maxBodySize: 0 } });
    const start = (await changes()).cursor;
    const batch = server.su.createBatch();
    for (let i = 0; i < 40; i++) batch.collection("tags").create({ name: `Same instant ${i}` });
    // One transaction writes them back to back, most often several within one millisecond:
    // timestamps a time cursor could not tell apart.
    const created = (await batch.send()).map((r) => r.body as { id: string; updated: string });

    const seen = await changes(start);
    expect(ids(seen).sort()).toEqual(created.map((r) => r.id).sort());
    expect(await changes(seen.cursor)).toMatchObject({ upserts: [], deletes: [] });

    await admin.collection("tags").update(created[7].id, { name: "Same instant, renamed" });
    const one = await changes(seen.cursor);
    expect(one.upserts.map((r) => r.name)).toEqual(["Same instant, renamed"]);
  });

  it("never skips a write that commits while a client is following along", async () => {
    let cursor = (await changes()).cursor;
    const followed = new Set<string>();
    let writing = true;
    const follow = (async () => {
      // Poll as fast as the server answers while the writes race each other.
      while (writing) {
        const c = await changes(cursor);
        for (const r of c.upserts) followed.add(r.id);
        cursor = c.cursor;
      }
    })();
    const written = await Promise.all(
      Array.from({ length: 24 }, (_, i) => admin.collection("tags").create({ name: `Racing ${i}` })),
    );
    writing = false;
    await follow;
    const last = await changes(cursor);
    for (const r of last.upserts) followed.add(r.id);
    for (const r of written) expect(followed).toContain(r.id);
  });

  it("shows a signed-in customer and a superuser exactly what a visitor sees", async () => {
    const visitor = await changes();
    const asCustomer = await changes("", { Authorization: customer.authStore.token });
    const asSuperuser = await changes("", { Authorization: server.su.authStore.token });
    expect(asCustomer.upserts).toEqual(visitor.upserts);
    expect(asSuperuser.upserts).toEqual(visitor.upserts);
  });

  it("answers a cursor it cannot trust with a full snapshot, never an error", async () => {
    const { cursor } = await changes();
    const [fp] = cursor.split(".");
    for (const bad of ["nonsense", `${fp}.-1`, `${fp}.1e9`, `${"0".repeat(12)}.1`, `${fp}.${"9".repeat(40)}`, "x".repeat(5000)]) {
      expect((await changes(bad)).reset).toBe(true);
    }
    // A cursor from the future (the database was restored from an older backup).
    expect((await changes(`${fp}.999999999`)).reset).toBe(true);
  });
});

describe("what visitors may see decides what the route sends", () => {
  it("drops hidden fields, records a rule hides, and collections closed to visitors, and resets every cursor", async () => {
    const kept = await admin.collection("murals").create(form({ title: "Open Wall", year: 2020 }, { image: pngFile() }));
    const old = await admin.collection("murals").create(form({ title: "Old Wall", year: 1990 }, { image: pngFile() }));
    const before = await changes();

    const murals = await server.su.collections.getOne("murals");
    await server.su.collections.update("murals", {
      viewRule: "year >= 2000",
      fields: murals.fields.map((f: { name: string }) => (f.name === "location" ? { ...f, hidden: true } : f)),
    });
    const after = await changes(before.cursor);
    expect(after.reset).toBe(true);
    expect(ids(after, "murals")).toContain(kept.id);
    expect(ids(after, "murals")).not.toContain(old.id);
    expect(after.upserts.find((r) => r.id === kept.id)).not.toHaveProperty("location");

    // A record that a later edit hides reaches clients as a deletion.
    await admin.collection("murals").update(kept.id, { year: 1980 });
    expect((await changes(after.cursor)).deletes).toEqual([{ collection: "murals", id: kept.id }]);

    await server.su.collections.update("murals", { listRule: null });
    const closed = await changes(after.cursor);
    expect(closed.reset).toBe(true);
    expect(ids(closed, "murals")).toEqual([]);
  });
});

describe("tombstones", () => {
  let short: TestServer;
  beforeAll(async () => {
    // Tombstones kept for zero days: each deletion forgets the ones before it.
    short = await startServer({ STUDIO_SYNC_TOMBSTONE_DAYS: "0" });
  });
  afterAll(async () => {
    await short?.stop();
  });

  it("sends a client whose cursor is older than the tombstones kept a full snapshot", async () => {
    const get = async (since = "") => (await fetch(`${short.url}/api/studio/changes?since=${since}`)).json() as Promise<Changes>;
    const [a, b, c] = await Promise.all(["A", "B", "C"].map((name) => short.su.collection("tags").create({ name })));
    const start = (await get()).cursor;

    await short.su.collection("tags").delete(a.id);
    const afterA = (await get(start)).cursor;
    await new Promise((r) => setTimeout(r, 5)); // the next deletion must be at least a millisecond younger
    await short.su.collection("tags").delete(b.id);

    const stale = await get(start);
    expect(stale.reset).toBe(true);
    expect(ids(stale)).not.toContain(a.id);
    expect(ids(stale)).not.toContain(b.id);
    expect(ids(stale)).toContain(c.id);

    // A client that saw the first deletion still gets the second one as a change.
    const fresh = await get(afterA);
    expect(fresh).toMatchObject({ reset: false, deletes: [{ collection: "tags", id: b.id }] });
  });
});

describe("a live list's changes since its cursor", () => {
  interface ListChanges {
    cursor: string;
    reset: boolean;
    upserts: Array<{ id: string; content?: string }>;
    deletes: string[];
  }
  const feed = async (pb: PocketBase | null, collection: string, since: string, filter = "") => {
    const res = await fetch(`${server.url}/api/studio/changes/${collection}?since=${since}&filter=${encodeURIComponent(filter)}`, {
      headers: pb ? { Authorization: pb.authStore.token } : {},
    });
    return { status: res.status, body: (await res.json()) as ListChanges };
  };

  it("gives a thread only its own new messages, the ones that left its filter, and deletions", async () => {
    const other = await signedInUser(server, "bea@example.com");
    const mine = await customer.collection("commissions").create({ type: "watercolor-portrait", description: "Our lighthouse cat", contact_email: "ada@example.com" });
    const theirs = await other.collection("commissions").create({ type: "watercolor-portrait", description: "A heron", contact_email: "bea@example.com" });
    const thread = `commission = "${mine.id}"`;

    const start = await feed(customer, "commission_messages", "", thread);
    expect(start.body).toMatchObject({ reset: true, upserts: [] });

    const hello = await admin.collection("commission_messages").create({ commission: mine.id, content: "Hello from the studio" });
    const reply = await customer.collection("commission_messages").create({ commission: mine.id, content: "Hello back" });
    await other.collection("commission_messages").create({ commission: theirs.id, content: "Not for Ada" });

    const caught = await feed(customer, "commission_messages", start.body.cursor, thread);
    expect(caught.body.reset).toBe(false);
    expect(caught.body.upserts.map((m) => m.content)).toEqual(["Hello from the studio", "Hello back"]);
    expect(caught.body.deletes).toEqual([]);

    // Ada reads the studio's message: it leaves her "unread" list; the admin deletes her reply.
    const unread = `commission = "${mine.id}" && is_read = false && sender_role = "admin"`;
    await customer.collection("commission_messages").update(hello.id, { is_read: true });
    await admin.collection("commission_messages").delete(reply.id);
    const later = await feed(customer, "commission_messages", caught.body.cursor, unread);
    expect(later.body.upserts).toEqual([]);
    expect(later.body.deletes.sort()).toEqual([hello.id, reply.id].sort());

    // Bea asking for Ada's thread hears nothing of it.
    const snoop = await feed(other, "commission_messages", start.body.cursor, thread);
    expect(snoop.body.upserts).toEqual([]);
    expect(snoop.body.deletes).toContain(reply.id);
    expect(snoop.body.deletes).not.toContain(hello.id);
    const snoopAll = await feed(other, "commission_messages", start.body.cursor);
    expect(snoopAll.body.upserts.map((m) => m.content)).toEqual(["Not for Ada"]);
  });

  it("answers a filter about secrets, other collections or the request with one refusal, whatever it asks", async () => {
    const mine = await customer.collection("commissions").create({ type: "watercolor-portrait", description: "A moth", contact_email: "ada@example.com" });
    const { cursor } = (await feed(customer, "commission_messages", "")).body;
    const message = await customer.collection("commission_messages").create({ commission: mine.id, content: "Is it ready?" });
    const own = `id = "${message.id}"`;
    // Whether the message came back as an upsert or a deletion used to answer each question.
    const questions = [
      [`@collection._superusers.password ~ "$2a%"`, `@collection._superusers.password ~ "zz%"`],
      [`@collection.users.tokenKey ~ "a%"`, `@collection.users.tokenKey ~ "b%"`],
      [`@collection.users.email ~ "bea%"`, `@collection.users.email ~ "nobody%"`],
      [`commission.user.email ~ "ada%"`, `commission.user.email ~ "zed%"`],
      [`sender.password ~ "$2a%"`, `sender.password ~ "zz%"`],
      [`@request.headers.x_probe = "1"`, `@request.headers.x_probe = "2"`],
      [`@request.auth.tokenKey ~ "a%"`, `@request.auth.tokenKey ~ "b%"`],
      [`content:lower ~ "is"`, `content:length > 3`],
      [`strftime("%Y", created) = "2026"`, `strftime("%Y", created) = "1999"`],
    ];
    const answers: Array<{ status: number; body: unknown }> = [];
    for (const [yes, no] of questions) {
      const a = await feed(customer, "commission_messages", cursor, `${own} && ${yes}`);
      const b = await feed(customer, "commission_messages", cursor, `${own} && ${no}`);
      expect(a, yes).toEqual(b);
      answers.push(a);
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 400, body: { message: "The filter may only compare this list's own fields with plain values (no @, no dots, no functions)." } });

    // Seven aliases of another collection, each joined with every other, took seconds a request.
    const heavy = Array.from({ length: 7 }, (_, i) => `@collection.commission_messages:m${i}.content ~ "%a%"`).join(" && ");
    expect((await feed(customer, "commission_messages", cursor, heavy)).status).toBe(400);
    // The list's own public fields still narrow it, as the thread and the unread count ask.
    const thread = await feed(customer, "commission_messages", cursor, `commission = "${mine.id}" && (is_read = false || sender_role != "customer")`);
    expect(thread.body.upserts.map((m) => m.id)).toEqual([message.id]);
  });

  it("keeps closed lists closed and refuses lists it does not follow or bad filters", async () => {
    const { cursor: before } = (await feed(admin, "abandoned_carts", "")).body;
    const cart = await fetch(`${server.url}/api/studio/cart`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ session_id: "feed-test-session", items: [{ id: "x", type: "painting", title: "A print", quantity: 1 }] }),
    });
    expect(cart.status).toBe(200);
    expect((await feed(null, "abandoned_carts", before)).status).toBe(401);
    expect((await feed(customer, "abandoned_carts", before)).body).toMatchObject({ upserts: [], deletes: [] });
    expect((await feed(admin, "abandoned_carts", before)).body.upserts).toHaveLength(1);
    expect((await feed(customer, "users", "0")).status).toBe(404);
    expect((await feed(customer, "_superusers", "0")).status).toBe(404);
    const { cursor } = (await feed(customer, "commissions", "")).body;
    await customer.collection("commissions").create({ type: "watercolor-portrait", description: "Two hares", contact_email: "ada@example.com" });
    expect((await feed(customer, "commissions", cursor, "this is not a filter ((")).status).toBe(400);
    expect((await feed(customer, "commissions", cursor, "x".repeat(4000))).status).toBe(400);
    // Someone else sees nobody's commission, not even that one exists.
    const other = server.client();
    await other.collection("users").authWithPassword("bea@example.com", "correct-horse-42");
    expect((await feed(other, "commissions", cursor)).body).toMatchObject({ upserts: [], deletes: [] });
  });

  it("shows an account that owns nothing none of many changed rows, and limits each account's requests", async () => {
    const nobody = await signedInUser(server, "nobody@example.com");
    const cleo = await signedInUser(server, "cleo@example.com");
    const { cursor } = (await feed(nobody, "commission_messages", "")).body;
    const hers = await cleo.collection("commissions").create({ type: "watercolor-portrait", description: "A wren", contact_email: "cleo@example.com" });
    const studio = await server.su.collection("commissions").create({ type: "indoor-mural", description: "A hall", contact_email: "x@example.com" });
    for (let batch = 0; batch < 15; batch++) {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => server.su.collection("commission_messages").create({ commission: i % 4 ? studio.id : hers.id, content: `Note ${batch}-${i}` })),
      );
    }
    const mine = await feed(cleo, "commission_messages", cursor);
    expect(mine.body.upserts).toHaveLength(75);
    expect(mine.body.upserts.every((m) => m.content?.startsWith("Note "))).toBe(true);
    const seen = await feed(nobody, "commission_messages", cursor);
    expect(seen).toEqual({ status: 200, body: { cursor: mine.body.cursor, reset: false, upserts: [], deletes: [] } });

    // The route's own limit answers one account, whatever addresses it comes from; others go on.
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const res = await fetch(`${server.url}/api/studio/changes/commission_messages?since=${cursor}`, {
        headers: { Authorization: nobody.authStore.token, "X-Forwarded-For": `203.0.113.${i}` },
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.slice(0, 55).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await feed(cleo, "commission_messages", mine.body.cursor)).status).toBe(200);
  });

  it("counts many accounts on one network as one caller", async () => {
    const accounts = await Promise.all(["fen", "gil", "hal", "ivo", "jun", "kai"].map((name) => signedInUser(server, `${name}@example.com`)));
    const { cursor } = (await feed(accounts[0], "commission_messages", "")).body;
    // Every request from another address of one IPv6 /64: PocketBase's own limit counts addresses.
    let n = 0;
    const statuses = await Promise.all(
      accounts.flatMap((pb) =>
        Array.from({ length: 55 }, () =>
          fetch(`${server.url}/api/studio/changes/commission_messages?since=${cursor}`, { headers: { Authorization: pb.authStore.token, "X-Forwarded-For": `2001:db8:77:1::${(++n).toString(16)}` } }).then(async (r) => {
            await r.arrayBuffer();
            return r.status;
          }),
        ),
      ),
    );
    // Each account stays under its own 60 a minute; the network passes its 300.
    expect(statuses.filter((s) => s === 200)).toHaveLength(300);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const elsewhere = await fetch(`${server.url}/api/studio/changes/commission_messages?since=${cursor}`, { headers: { Authorization: accounts[0].authStore.token, "X-Forwarded-For": "2001:db8:77:2::1" } });
    expect(elsewhere.status).toBe(200);
  });
});
