import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import type PocketBase from "pocketbase";
import { StudioDb } from "../db";
import { createSyncEngine } from "./engine";

type Row = { id: string; updated: string; title?: string };

/** A stand-in for the PocketBase client that serves one collection from an array and records filters. */
function fakeServer(rows: Row[]) {
  const filters: string[] = [];
  const listeners: Array<(e: { action: string; record: Row }) => void> = [];
  const pb = {
    filter: (expr: string, params: Record<string, string>) => expr.replace("{:cursor}", `'${params.cursor}'`),
    collection: () => ({
      getFullList: async (opts: { filter?: string; fields?: string }) => {
        if (opts.fields === "id") return rows.map((r) => ({ id: r.id }));
        filters.push(opts.filter ?? "");
        const since = opts.filter?.match(/'(.*)'/)?.[1] ?? "";
        return rows.filter((r) => r.updated >= since).sort((a, b) => a.updated.localeCompare(b.updated));
      },
      subscribe: async (_topic: string, cb: (e: { action: string; record: Row }) => void) => void listeners.push(cb),
    }),
    realtime: { subscribe: vi.fn(async () => {}), unsubscribe: vi.fn(async () => {}) },
  };
  return { pb: pb as unknown as PocketBase, filters, rows, emit: (action: string, record: Row) => listeners.forEach((l) => l({ action, record })) };
}

describe("sync engine", () => {
  it("pulls everything first, then only what changed since the cursor, and removes deleted rows", async () => {
    const db = new StudioDb(`sync-test-${Math.random()}`);
    const server = fakeServer([
      { id: "a", updated: "2026-01-01 10:00:00.000Z", title: "A" },
      { id: "b", updated: "2026-01-02 10:00:00.000Z", title: "B" },
    ]);
    const statuses: string[] = [];
    const engine = createSyncEngine({ pb: server.pb, db, collections: ["paintings"], onStatus: (_c, s) => statuses.push(s) });

    await engine.pull("paintings");
    expect((await db.paintings.toArray()).map((r) => r.id).sort()).toEqual(["a", "b"]);
    expect(server.filters[0]).toBe("");
    expect(statuses).toEqual(["loading", "ready"]);

    server.rows.splice(0, 1);
    server.rows.push({ id: "c", updated: "2026-01-03 10:00:00.000Z", title: "C" });
    await engine.pull("paintings");
    expect(server.filters[1]).toContain("2026-01-02 10:00:00.000Z");
    expect((await db.paintings.toArray()).map((r) => r.id).sort()).toEqual(["b", "c"]);
  });

  it("applies realtime creates, updates and deletes", async () => {
    const db = new StudioDb(`sync-test-${Math.random()}`);
    const server = fakeServer([]);
    const engine = createSyncEngine({ pb: server.pb, db, collections: ["murals"] });
    const stop = engine.start();
    await vi.waitFor(() => expect(server.pb.realtime.subscribe).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 10));
    server.emit("create", { id: "m1", updated: "x", title: "Harbor" });
    await vi.waitFor(async () => expect((await db.murals.get("m1"))?.title).toBe("Harbor"));
    server.emit("update", { id: "m1", updated: "y", title: "Harbor II" });
    await vi.waitFor(async () => expect((await db.murals.get("m1"))?.title).toBe("Harbor II"));
    server.emit("delete", { id: "m1", updated: "y" });
    await vi.waitFor(async () => expect(await db.murals.get("m1")).toBeUndefined());
    stop();
  });

  it("reports an error and keeps local rows when the server is unreachable", async () => {
    const db = new StudioDb(`sync-test-${Math.random()}`);
    await db.tags.put({ id: "t", updated: "x", name: "Print - For Sale", collectionId: "", collectionName: "tags", created: "" });
    const pb = { filter: () => "", collection: () => ({ getFullList: async () => { throw new Error("offline"); } }) } as unknown as PocketBase;
    const statuses: string[] = [];
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await createSyncEngine({ pb, db, collections: ["tags"], onStatus: (_c, s) => statuses.push(s) }).pull("tags");
    expect(statuses).toEqual(["loading", "error"]);
    expect(await db.tags.count()).toBe(1);
  });
  it("closes realtime when the browser goes offline, and back online subscribes afresh and catches up", async () => {
    const db = new StudioDb(`sync-test-${Math.random()}`);
    const server = fakeServer([{ id: "m1", updated: "2026-01-01 10:00:00.000Z", title: "Harbor" }]);
    const events = new EventTarget();
    const g = globalThis as unknown as Partial<EventTarget>;
    const saved = { add: g.addEventListener, remove: g.removeEventListener };
    g.addEventListener = events.addEventListener.bind(events);
    g.removeEventListener = events.removeEventListener.bind(events);
    try {
      const engine = createSyncEngine({ pb: server.pb, db, collections: ["murals"] });
      const stop = engine.start();
      await vi.waitFor(async () => expect(await db.murals.count()).toBe(1));
      expect(server.pb.realtime.subscribe).toHaveBeenCalledTimes(1);

      events.dispatchEvent(new Event("offline"));
      expect(server.pb.realtime.unsubscribe).toHaveBeenCalledTimes(1);
      // While away: one mural removed, one added.
      server.rows.splice(0, 1, { id: "m2", updated: "2026-01-02 10:00:00.000Z", title: "Lanterns" });

      events.dispatchEvent(new Event("online"));
      await vi.waitFor(async () => expect((await db.murals.toArray()).map((r) => r.id)).toEqual(["m2"]));
      expect(server.pb.realtime.subscribe).toHaveBeenCalledTimes(2);
      stop();
    } finally {
      g.addEventListener = saved.add;
      g.removeEventListener = saved.remove;
    }
  });
});
