import "fake-indexeddb/auto";
import Dexie from "dexie";
import { describe, expect, it } from "vitest";
import { StudioDb } from "../db";
import type { CatalogRecord } from "../catalog";
import { BUCKETS } from "../buckets";
import { applyChanges, readCollection, readCollectionState, readRecord } from "./store";

const painting = (id: string, title = id) => ({ id, title, collectionName: "paintings", collectionId: "p", created: "", updated: "" }) as CatalogRecord;

describe("the catalogue's buckets", () => {
  it("keeps thousands of records in a few rows and reads them back whole, in id order", async () => {
    const db = new StudioDb(`store-${Math.random()}`);
    const rows = Array.from({ length: 2000 }, (_, i) => painting(`p${String(i).padStart(5, "0")}`));
    await applyChanges(db, { cursor: "f.1", reset: true, upserts: [...rows].reverse(), deletes: [] });
    expect(await db.catalog.count()).toBeLessThanOrEqual(BUCKETS);
    expect((await readCollection(db, "paintings")).map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(await readRecord(db, "paintings", "p01234")).toMatchObject({ id: "p01234" });
    expect(await readRecord(db, "paintings", "nope")).toBeUndefined();
    expect((await db.meta.get("catalog:cursor"))?.value).toBe("f.1");
  });

  it("tells an empty collection of a synced catalogue from one not synced yet", async () => {
    const db = new StudioDb(`store-${Math.random()}`);
    expect(await readCollectionState(db, "murals")).toEqual({ rows: [], synced: false });
    await applyChanges(db, { cursor: "f.1", reset: true, upserts: [painting("p1")], deletes: [] });
    expect(await readCollectionState(db, "murals")).toEqual({ rows: [], synced: true });
    expect((await readCollectionState(db, "paintings")).rows.map((r) => r.id)).toEqual(["p1"]);
  });

  it("applies changes to the buckets they touch and leaves the rest alone", async () => {
    const db = new StudioDb(`store-${Math.random()}`);
    const rows = Array.from({ length: 100 }, (_, i) => painting(`p${i}`));
    await applyChanges(db, { cursor: "f.1", reset: true, upserts: rows, deletes: [] });
    await applyChanges(db, {
      cursor: "f.4",
      reset: false,
      upserts: [painting("p7", "Renamed"), painting("new", "New")],
      deletes: [{ collection: "paintings", id: "p8" }, { collection: "paintings", id: "never-had-it" }, { collection: "secrets", id: "x" }],
    });
    const after = await readCollection(db, "paintings");
    expect(after).toHaveLength(100);
    expect(after.find((r) => r.id === "p7")?.title).toBe("Renamed");
    expect(after.map((r) => r.id)).toContain("new");
    expect(after.map((r) => r.id)).not.toContain("p8");
    expect((await db.meta.get("catalog:cursor"))?.value).toBe("f.4");
  });

  it("carries a catalogue stored one row per record (version 2) into the buckets on upgrade", async () => {
    const name = `store-${Math.random()}`;
    const old = new Dexie(name);
    old.version(1).stores({ outbox: "id, createdAt, status, kind" });
    old.version(2).stores({ characters: "id, updated", paintings: "id, updated", books: "id, updated", merchandise: "id, updated", murals: "id, updated", artist_profile: "id, updated", tags: "id, updated", cart: "id", meta: "key" });
    await old.table("paintings").bulkPut([painting("a", "Harbor"), painting("b", "Lanterns")]);
    await old.table("meta").put({ key: "cursor:paintings", value: "2026-01-01 10:00:00.000Z" });
    await old.table("cart").put({ id: "current", items: [1], sessionId: "s", updatedAt: 1 });
    old.close();

    const db = new StudioDb(name);
    expect((await readCollection(db, "paintings")).map((r) => r.title)).toEqual(["Harbor", "Lanterns"]);
    expect(await db.meta.get("cursor:paintings")).toBeUndefined();
    expect((await db.cart.get("current"))?.sessionId).toBe("s");
    expect(db.tables.map((t) => t.name)).not.toContain("paintings");
  });
});
