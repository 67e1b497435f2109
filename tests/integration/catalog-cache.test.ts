// Guests' catalogue reads are answered from memory (pocketbase/internal/cache/catalogcache.go): never older than
// a write through the server, never mixed between gzip and plain clients, never shared with
// signed-in people.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync, spawnSync } from "node:child_process";
import type { IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type PocketBase from "pocketbase";
import { startServer, signedInUser, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";
import { rawRequest, type RawResponse } from "../support/raw-http";
import { pieceAddress } from "../../src/lib/addresses";

type Raw = RawResponse;

interface List {
  totalItems: number;
  items: Array<Record<string, unknown> & { id: string }>;
}

interface Changes {
  cursor: string;
  upserts: Array<{ id: string; collectionName: string; title?: string }>;
  deletes: Array<{ collection: string; id: string }>;
}

const LIST = "/api/collections/paintings/records?perPage=50&sort=-created";

let server: TestServer;
let customer: PocketBase;
const paintingIds: string[] = [];

const raw = (path: string, headers: Record<string, string> = {}, method = "GET") => rawRequest(server.url + path, headers, method);

function json<T>(res: Raw): T {
  return JSON.parse((res.headers["content-encoding"] === "gzip" ? gunzipSync(res.body) : res.body).toString("utf8")) as T;
}

/** What a browser does: asks for gzip and reads the JSON. */
async function guest<T>(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await raw(path, { "Accept-Encoding": "gzip, deflate, br", ...headers });
  return { status: res.status, body: json<T>(res) };
}

const withoutDate = (h: IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).filter(([k]) => k !== "date"));

const painting = (title: string) =>
  form({ title, tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 30 } }, { image: pngFile() });

beforeAll(async () => {
  server = await startServer();
  // Hundreds of requests from one address: the per-client limits would answer 429.
  await server.su.settings.update({ rateLimits: { enabled: false } });
  customer = await signedInUser(server, "ada@example.com");
  for (let i = 0; i < 12; i++) paintingIds.push((await server.su.collection("paintings").create(painting(`Study ${i}`))).id);
});

afterAll(async () => {
  await server?.stop();
});

describe("guest catalogue reads kept in memory", () => {
  it.skipIf(spawnSync("sqlite3", ["-version"]).status !== 0)(
    "answers a guest's repeat read from memory, and a signed-in read never from it",
    async () => {
      const id = paintingIds[0];
      const before = (await guest<List>(LIST)).body.items.find((p) => p.id === id)!.title;
      expect((await guest<{ title: string }>(`/api/collections/paintings/records/${id}`)).body.title).toBe(before);

      // A change slipped into the database behind the server's back fires no write hook: guests go on
      // getting the answer kept in memory, while a signed-in reader asks the database.
      execFileSync("sqlite3", [join(server.dataDir, "data.db"), ".timeout 5000", `UPDATE paintings SET title = 'Behind the back' WHERE id = '${id}'`]);
      expect((await guest<List>(LIST)).body.items.find((p) => p.id === id)!.title).toBe(before);
      expect((await guest<{ title: string }>(`/api/collections/paintings/records/${id}`)).body.title).toBe(before);
      const asCustomer = await guest<List>(LIST, { Authorization: customer.authStore.token });
      expect(asCustomer.body.items.find((p) => p.id === id)!.title).toBe("Behind the back");
      // ...and the signed-in answer did not replace the guests'.
      expect((await guest<List>(LIST)).body.items.find((p) => p.id === id)!.title).toBe(before);

      // Any write through the server drops what was kept.
      await server.su.collection("tags").create({ name: "Drops the cache" });
      expect((await guest<List>(LIST)).body.items.find((p) => p.id === id)!.title).toBe("Behind the back");
    },
  );

  it.skipIf(spawnSync("sqlite3", ["-version"]).status !== 0)(
    "keeps the catalogue and the pages when a stranger's request moves only the commission board",
    async () => {
      const id = paintingIds[2];
      const admin = await signedInUser(server, "studio@lanternwood.example");
      await admin.send("/api/studio/admin/commission-slots", { method: "POST", body: { queue_public: true } });
      const before = (await guest<List>(LIST)).body.items.find((p) => p.id === id)!.title as string;
      const pagePath = pieceAddress("gallery", { id, title: before });
      expect(await (await fetch(server.url + pagePath)).text()).toContain(before);
      const queueBefore = await (await fetch(`${server.url}/commissions/queue`)).text();

      execFileSync("sqlite3", [join(server.dataDir, "data.db"), ".timeout 5000", `UPDATE paintings SET title = 'Not a catalogue write' WHERE id = '${id}'`]);
      const board = (await guest<List>("/api/collections/commission_board/records")).body.items[0];
      const request = await fetch(`${server.url}/api/collections/commissions/records`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ type: "watercolor-portrait", description: "Our cat", contact_email: "stranger@example.com" }),
      });
      expect(request.status).toBe(200);

      // The board moved, and its readers see it at once...
      const boardNow = (await guest<List>("/api/collections/commission_board/records")).body.items[0];
      expect(boardNow.updated).not.toBe(board.updated);
      expect(await (await fetch(`${server.url}/commissions/queue`)).text()).not.toBe(queueBefore);
      // ...while what it does not touch is still the answer kept before it.
      expect((await guest<List>(LIST)).body.items.find((p) => p.id === id)!.title).toBe(before);
      expect(await (await fetch(server.url + pagePath)).text()).toContain(before);
    },
  );

  it("shows every update to the very next guest read, list and record alike", async () => {
    const id = paintingIds[1];
    for (let i = 0; i < 30; i++) {
      await server.su.collection("paintings").update(id, { title: `Tide ${i}` });
      const list = await guest<List>(LIST);
      expect(list.body.items.find((p) => p.id === id)!.title).toBe(`Tide ${i}`);
      expect((await guest<{ title: string }>(`/api/collections/paintings/records/${id}`)).body.title).toBe(`Tide ${i}`);
      // Plain clients are kept apart from gzip ones, and are just as fresh.
      expect(json<List>(await raw(LIST)).items.find((p) => p.id === id)!.title).toBe(`Tide ${i}`);
    }
  });

  it("follows creates and deletes at once, in the list's count and on the changes route", async () => {
    let cursor = (await guest<Changes>("/api/studio/changes")).body.cursor;
    for (let i = 0; i < 10; i++) {
      const count = (await guest<List>(LIST)).body.totalItems;
      const created = await server.su.collection("paintings").create(painting(`Fleeting ${i}`));
      expect((await guest<List>(LIST)).body.totalItems).toBe(count + 1);
      const afterCreate = await guest<Changes>(`/api/studio/changes?since=${cursor}`);
      expect(afterCreate.body.upserts.map((r) => r.id)).toEqual([created.id]);
      cursor = afterCreate.body.cursor;

      await server.su.collection("paintings").delete(created.id);
      expect((await guest<List>(LIST)).body.totalItems).toBe(count);
      expect((await guest(`/api/collections/paintings/records/${created.id}`)).status).toBe(404);
      const afterDelete = await guest<Changes>(`/api/studio/changes?since=${cursor}`);
      expect(afterDelete.body.deletes).toEqual([{ collection: "paintings", id: created.id }]);
      cursor = afterDelete.body.cursor;
    }
  });

  it("gives gzip and plain clients their own bytes, the same on a repeat as the first time", async () => {
    const gzip1 = await raw(LIST, { "Accept-Encoding": "gzip" });
    const plain1 = await raw(LIST);
    const gzip2 = await raw(LIST, { "Accept-Encoding": "gzip" });
    const plain2 = await raw(LIST);

    expect(gzip1.headers["content-encoding"]).toBe("gzip");
    expect(plain1.headers["content-encoding"]).toBeUndefined();
    expect(json<List>(gzip1)).toEqual(json<List>(plain1));
    expect(json<List>(plain1).items.length).toBeGreaterThanOrEqual(12);
    expect(gzip2.body.equals(gzip1.body)).toBe(true);
    expect(plain2.body.equals(plain1.body)).toBe(true);
    for (const [first, repeat] of [[gzip1, gzip2], [plain1, plain2]]) {
      expect(withoutDate(repeat.headers)).toEqual(withoutDate(first.headers));
      // Shareable by a cache in front, for seconds (no purge configured), as the same answer to every guest.
      expect(repeat.headers).toMatchObject({ "content-type": "application/json", "cache-control": expect.stringMatching(/^public, max-age=0, s-maxage=10, stale-while-revalidate=60, stale-if-error=86400$/), "x-frame-options": "DENY", vary: "Origin, Accept-Encoding" });
    }

    // HEAD shares GET's answer: the same headers, no body.
    const head = await raw(LIST, { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(head.headers["content-type"]).toBe("application/json");
  });

  it("keys answers by their query: fields, filter and sort each get their own", async () => {
    const id = paintingIds[2];
    const base = "/api/collections/paintings/records";
    const idsOnly = await guest<List>(`${base}?fields=id`);
    const titles = await guest<List>(`${base}?fields=id,title`);
    expect(Object.keys(idsOnly.body.items[0])).toEqual(["id"]);
    expect(Object.keys(titles.body.items[0]).sort()).toEqual(["id", "title"]);

    const one = await guest<List>(`${base}?filter=${encodeURIComponent(`id="${id}"`)}`);
    expect(one.body.items.map((p) => p.id)).toEqual([id]);
    const all = await guest<List>(`${base}?perPage=200`);
    expect(all.body.totalItems).toBeGreaterThan(1);
    const expanded = await guest<List>(`${base}?perPage=200&expand=nothing`);
    expect(expanded.body.items.length).toBe(all.body.items.length);
  });

  it("never keeps an answer that changes by itself: a random order is drawn afresh each time", async () => {
    const path = "/api/collections/paintings/records?perPage=200&fields=id&sort=@random";
    const orders = new Set<string>();
    for (let i = 0; i < 6; i++) orders.add((await guest<List>(path)).body.items.map((p) => p.id).join());
    // Twelve paintings or more: six equal draws in a row would be a one in 10^43 chance.
    expect(orders.size).toBeGreaterThan(1);
  });

  it("never answers a signed-in request from the guests' answers, nor the other way round", async () => {
    const mine = await customer.collection("commissions").create({ type: "watercolor-portrait", description: "A fox", contact_email: "ada@example.com" });
    expect((await guest<List>("/api/collections/commissions/records")).body.items).toEqual([]);
    const asCustomer = await guest<List>("/api/collections/commissions/records", { Authorization: customer.authStore.token });
    expect(asCustomer.body.items.map((c) => c.id)).toEqual([mine.id]);
    expect((await guest<List>("/api/collections/commissions/records")).body.items).toEqual([]);

    // A field hidden from visitors: the superuser sees it, guests before and after do not.
    const paintings = await server.su.collections.getOne("paintings");
    await server.su.collections.update("paintings", {
      fields: paintings.fields.map((f: { name: string }) => (f.name === "description" ? { ...f, hidden: true } : f)),
    });
    try {
      expect((await guest<List>(LIST)).body.items[0]).not.toHaveProperty("description");
      const asSuperuser = await guest<List>(LIST, { Authorization: server.su.authStore.token });
      expect(asSuperuser.body.items[0]).toHaveProperty("description");
      expect((await guest<List>(LIST)).body.items[0]).not.toHaveProperty("description");
    } finally {
      await server.su.collections.update("paintings", { fields: paintings.fields });
    }
    expect((await guest<List>(LIST)).body.items[0]).toHaveProperty("description");
  });

  it("applies a rule change at once: paintings closed to visitors, then open again", async () => {
    const id = paintingIds[4];
    const view = `/api/collections/paintings/records/${id}`;
    expect((await guest<List>(LIST)).status).toBe(200);
    expect((await guest(view)).status).toBe(200);
    const open = await guest<Changes>("/api/studio/changes");
    expect(open.body.upserts.some((r) => r.collectionName === "paintings")).toBe(true);

    await server.su.collections.update("paintings", { listRule: null, viewRule: null });
    try {
      expect((await guest<List>(LIST)).status).toBe(403);
      expect((await guest(view)).status).toBe(403);
      const closed = await guest<Changes>("/api/studio/changes");
      expect(closed.body.upserts.some((r) => r.collectionName === "paintings")).toBe(false);
    } finally {
      await server.su.collections.update("paintings", { listRule: "", viewRule: "" });
    }
    expect((await guest<List>(LIST)).body.items.map((p) => p.id)).toContain(id);
    expect((await guest(view)).status).toBe(200);
    const reopened = await guest<Changes>("/api/studio/changes");
    expect(reopened.body.upserts.some((r) => r.collectionName === "paintings")).toBe(true);
  });

  it("keeps nothing while a rule reads another collection: a cart saved opens the paintings at once", async () => {
    // Writes of carts do not drop the cache, so answers that depend on them must not be kept.
    await server.su.collections.update("paintings", { listRule: '@collection.abandoned_carts.session_id ?= "open-house"' });
    try {
      expect((await guest<List>(LIST)).body.items).toEqual([]);
      expect((await guest<List>(LIST)).body.items).toEqual([]);
      const cart = await fetch(`${server.url}/api/studio/cart`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ session_id: "open-house", items: [{ id: paintingIds[0], type: "painting", variant: "print", quantity: 1 }] }),
      });
      expect(cart.status).toBe(200);
      expect((await guest<List>(LIST)).body.items.map((p) => p.id)).toContain(paintingIds[0]);
    } finally {
      await server.su.collections.update("paintings", { listRule: "" });
    }
  });

  it("leaves guests' successful catalogue reads out of the dashboard's request log, but not their failures", async () => {
    const marker = `log-${Date.now()}`;
    for (let i = 0; i < 5; i++) expect((await guest(`${LIST}&probe=${marker}`)).status).toBe(200);
    expect((await guest(`/api/collections/paintings/records/missing${marker.slice(-6)}?probe=${marker}`)).status).toBe(404);
    // PocketBase writes its log in batches.
    const logged = async () => (await server.su.logs.getList(1, 50, { filter: server.su.filter("data.url ~ {:m}", { m: marker }) })).items.map((l) => Number(l.data.status));
    await expect.poll(logged, { timeout: 15000 }).toEqual([404]);
  });
});

describe("the rate limit", () => {
  it("counts a guest's catalogue reads answered from memory like any other", async () => {
    const rules = [
      { label: "paintings:list", maxRequests: 5, duration: 60, audience: "" },
      { label: "/api/", maxRequests: 1000, duration: 10, audience: "" },
    ];
    await server.su.settings.update({ rateLimits: { enabled: true, rules } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await raw(LIST, { "Accept-Encoding": "gzip" })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      // Another collection's reads have their own allowance.
      expect((await raw("/api/collections/tags/records", { "Accept-Encoding": "gzip" })).status).toBe(200);
    } finally {
      await server.su.settings.update({ rateLimits: { enabled: false } });
    }
  });
});
