import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import type PocketBase from "pocketbase";
import { StudioDb } from "../db";
import { CATALOG_TOPIC, CHANGES_ROUTE, createSyncEngine, type CatalogChanges, type CatalogHint } from "./engine";
import { bucketKey } from "../buckets";
import { readCollection } from "./store";

type Row = { id: string; collectionName: string; updated: string; title?: string; name?: string };

/**
 * A stand-in for the server's changes route: a numbered log like pb_hooks/lib/catalog/sync.js keeps,
 * answering a cursor with what changed since, and anything it cannot trust with a snapshot.
 */
function fakeServer(fp = "abc123") {
  const rows = new Map<string, Row>();
  const log: Array<{ seq: number; collection: string; id: string; deleted: boolean }> = [];
  const requests: string[] = [];
  let hintListener: ((hint: CatalogHint) => void) | undefined;
  let failing = false;
  let realtimeBlocked = false;
  let seq = 0;
  const write = (row: Row) => {
    rows.set(row.id, row);
    log.push({ seq: ++seq, collection: row.collectionName, id: row.id, deleted: false });
  };
  const remove = (collection: string, id: string) => {
    rows.delete(id);
    log.push({ seq: ++seq, collection, id, deleted: true });
  };
  const answer = (since: string): CatalogChanges => {
    const m = /^(\w+)\.(\d+)$/.exec(since);
    if (!m || m[1] !== fp) return { cursor: `${fp}.${seq}`, reset: true, upserts: [...rows.values()] as never, deletes: [] };
    const after = log.filter((l) => l.seq > Number(m[2]));
    const last = new Map(after.map((l) => [l.id, l]));
    return {
      cursor: `${fp}.${after.at(-1)?.seq ?? m[2]}`,
      reset: false,
      upserts: [...last.values()].filter((l) => !l.deleted).map((l) => rows.get(l.id)) as never,
      deletes: [...last.values()].filter((l) => l.deleted).map((l) => ({ collection: l.collection, id: l.id })),
    };
  };
  const pb = {
    send: vi.fn(async (path: string, opts: { query: { since: string } }) => {
      expect(path).toBe(CHANGES_ROUTE);
      requests.push(opts.query.since);
      if (failing) throw new Error("offline");
      return answer(opts.query.since);
    }),
    realtime: {
      subscribe: vi.fn(async (topic: string, cb: (hint: CatalogHint) => void) => {
        expect(topic).toBe(CATALOG_TOPIC);
        if (realtimeBlocked) throw new Error("realtime blocked");
        hintListener = cb;
        // Like the server: every subscription is greeted with the newest number.
        setTimeout(() => hintListener?.({ seq, fp }), 5);
        return async () => void (hintListener = undefined);
      }),
    },
  };
  return {
    pb: pb as unknown as PocketBase,
    requests,
    write,
    remove,
    fail: (on: boolean) => void (failing = on),
    blockRealtime: () => void (realtimeBlocked = true),
    hint: (h: Partial<CatalogHint> = {}) => hintListener?.({ seq, fp, ...h }),
  };
}

const painting = (id: string, title: string): Row => ({ id, collectionName: "paintings", updated: "", title });
const newDb = () => new StudioDb(`sync-test-${Math.random()}`);
const titles = async (db: StudioDb) => (await readCollection(db, "paintings")).map((r) => r.title).sort();

describe("sync engine", () => {
  it("fills every table from one snapshot, then asks only for what changed since its cursor", async () => {
    const db = newDb();
    const server = fakeServer();
    server.write(painting("a", "Harbor"));
    server.write({ id: "t", collectionName: "tags", updated: "", name: "Print - For Sale" });
    const statuses: string[] = [];
    const engine = createSyncEngine({ pb: server.pb, db, onStatus: (s) => statuses.push(s) });

    await engine.pull();
    expect(await titles(db)).toEqual(["Harbor"]);
    expect(await readCollection(db, "tags")).toHaveLength(1);
    expect(statuses).toEqual(["loading", "ready"]);

    server.write(painting("b", "Lanterns"));
    server.write(painting("a", "Harbor at Dusk"));
    server.remove("tags", "t");
    await engine.pull();
    expect(server.requests).toEqual(["", "abc123.2"]);
    expect(await titles(db)).toEqual(["Harbor at Dusk", "Lanterns"]);
    expect(await readCollection(db, "tags")).toHaveLength(0);

    await engine.pull();
    expect(server.requests.at(-1)).toBe("abc123.5");
  });

  it("replaces everything local with a snapshot when the server cannot trust the cursor", async () => {
    const db = newDb();
    await db.catalog.put({ key: bucketKey("paintings", "gone"), collection: "paintings", rows: [painting("gone", "Deleted long ago") as never] });
    await db.meta.put({ key: "catalog:cursor", value: "0ld0ld.7" });
    const server = fakeServer();
    server.write(painting("a", "Harbor"));
    await createSyncEngine({ pb: server.pb, db }).pull();
    expect(await titles(db)).toEqual(["Harbor"]);
  });

  it("ignores records of collections it does not keep", async () => {
    const db = newDb();
    const server = fakeServer();
    server.write({ id: "x", collectionName: "price_secrets", updated: "" });
    server.write(painting("a", "Harbor"));
    await createSyncEngine({ pb: server.pb, db }).pull();
    expect(await titles(db)).toEqual(["Harbor"]);
  });

  it("pulls on a realtime hint only when the hint is ahead of its cursor", async () => {
    const db = newDb();
    const server = fakeServer();
    server.write(painting("a", "Harbor"));
    const stop = createSyncEngine({ pb: server.pb, db }).start();
    await vi.waitFor(async () => expect(await titles(db)).toEqual(["Harbor"]));
    expect(server.requests).toHaveLength(1);

    // A reconnect greets with the same number: nothing to ask.
    server.hint();
    await new Promise((r) => setTimeout(r, 20));
    expect(server.requests).toHaveLength(1);

    server.write(painting("b", "Lanterns"));
    server.hint();
    await vi.waitFor(async () => expect(await titles(db)).toEqual(["Harbor", "Lanterns"]));
    expect(server.requests).toHaveLength(2);

    // What visitors may see changed (rules or fields): the old cursor no longer holds.
    server.hint({ fp: "def456" });
    await vi.waitFor(() => expect(server.requests).toHaveLength(3));
    stop();
  });

  it("on a repeat visit asks nothing when the server's greeting says the catalogue is up to date", async () => {
    const db = newDb();
    const server = fakeServer();
    server.write(painting("a", "Harbor"));
    await createSyncEngine({ pb: server.pb, db }).pull();
    expect(server.requests).toHaveLength(1);

    const stop = createSyncEngine({ pb: server.pb, db, greetingWaitMs: 40 }).start();
    await new Promise((r) => setTimeout(r, 100));
    expect(server.requests).toHaveLength(1);
    stop();

    // Something changed since the last visit: the greeting is ahead, one request.
    server.write(painting("b", "Lanterns"));
    const again = createSyncEngine({ pb: server.pb, db, greetingWaitMs: 40 }).start();
    await vi.waitFor(async () => expect(await titles(db)).toEqual(["Harbor", "Lanterns"]));
    expect(server.requests).toHaveLength(2);
    again();
  });

  it("pulls anyway when realtime is out of reach", async () => {
    const db = newDb();
    const server = fakeServer();
    server.write(painting("a", "Harbor"));
    await createSyncEngine({ pb: server.pb, db }).pull();
    server.write(painting("b", "Lanterns"));
    server.blockRealtime();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const stop = createSyncEngine({ pb: server.pb, db, greetingWaitMs: 10_000 }).start();
    await vi.waitFor(async () => expect(await titles(db)).toEqual(["Harbor", "Lanterns"]));
    stop();
  });

  it("folds hints that arrive during a pull into at most one more pull", async () => {
    const db = newDb();
    const server = fakeServer();
    server.write(painting("a", "Harbor"));
    const engine = createSyncEngine({ pb: server.pb, db });
    const stop = engine.start();
    // Hints arrive while the first pull is in flight: the first is already covered by it.
    server.hint();
    server.hint();
    await vi.waitFor(async () => expect(await titles(db)).toEqual(["Harbor"]));
    await new Promise((r) => setTimeout(r, 20));
    expect(server.requests).toHaveLength(1);

    const second = engine.pull();
    server.write(painting("b", "Lanterns"));
    server.hint();
    server.write(painting("c", "Tide"));
    server.hint();
    await second;
    await vi.waitFor(async () => expect(await titles(db)).toEqual(["Harbor", "Lanterns", "Tide"]));
    await new Promise((r) => setTimeout(r, 20));
    expect(server.requests.length).toBeLessThanOrEqual(3);
    stop();
  });

  it("reports an error and keeps local rows when the server is unreachable, and catches up later", async () => {
    const db = newDb();
    const server = fakeServer();
    server.write(painting("a", "Harbor"));
    const statuses: string[] = [];
    const engine = createSyncEngine({ pb: server.pb, db, onStatus: (s) => statuses.push(s) });
    await engine.pull();
    server.fail(true);
    server.write(painting("b", "Lanterns"));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await engine.pull();
    expect(statuses.at(-1)).toBe("error");
    expect(await titles(db)).toEqual(["Harbor"]);
    server.fail(false);
    await engine.pull();
    expect(await titles(db)).toEqual(["Harbor", "Lanterns"]);
  });
});
