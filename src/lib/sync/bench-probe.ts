// Bundled into a test page by scripts/bench-sync.mjs (never by the app): cold syncs of the
// catalogue into a fresh IndexedDB, with the changes route and with the per-collection pattern
// the engine used before it (a changes list and a list of every id per collection), side by side.
import PocketBase from "pocketbase";
import Dexie, { type Table } from "dexie";
import { StudioDb } from "../db";
import { CATALOG_COLLECTIONS, type CatalogCollection, type CatalogRecord } from "../catalog";
import { createSyncEngine } from "./engine";
import { readCollection } from "./store";

const pb = new PocketBase(location.origin);
pb.autoCancellation(false);

/** The database as it was before the changes route: one row per record, indexed by `updated`. */
class PerRecordDb extends Dexie {
  meta!: Table<{ key: string; value: string }, string>;
  constructor(name: string) {
    super(name);
    const stores: Record<string, string> = { meta: "key" };
    for (const c of CATALOG_COLLECTIONS) stores[c] = "id, updated";
    this.version(2).stores(stores);
  }
}

async function perCollectionPull(db: PerRecordDb, name: CatalogCollection) {
  const table = db.table(name) as Table<CatalogRecord, string>;
  const cursorKey = `cursor:${name}`;
  const cursor = (await db.meta.get(cursorKey))?.value ?? "";
  const filter = cursor ? pb.filter("updated >= {:cursor}", { cursor }) : "";
  const [changed, present] = await Promise.all([
    pb.collection(name).getFullList<CatalogRecord>({ filter, sort: "updated", batch: 200 }),
    pb.collection(name).getFullList<{ id: string }>({ fields: "id", batch: 1000 }),
  ]);
  const keep = new Set(present.map((r) => r.id));
  await db.transaction("rw", table, db.meta, async () => {
    if (changed.length) await table.bulkPut(changed);
    const gone = (await table.toCollection().primaryKeys()).filter((id) => !keep.has(id));
    if (gone.length) await table.bulkDelete(gone);
    const newest = changed.at(-1)?.updated;
    if (newest) await db.meta.put({ key: cursorKey, value: newest });
  });
}

async function timed<D extends Dexie>(db: D, pull: (db: D) => Promise<void>, count: (db: D, name: CatalogCollection) => Promise<number>) {
  await db.open();
  const start = performance.now();
  await pull(db);
  const ms = performance.now() - start;
  const rows = Object.fromEntries(await Promise.all(CATALOG_COLLECTIONS.map(async (n) => [n, await count(db, n)])));
  db.close();
  return { ms, rows };
}

const probe = {
  changesRoute: (dbName: string) =>
    timed(
      new StudioDb(dbName),
      (db) => createSyncEngine({ pb, db }).pull(),
      async (db, name) => (await readCollection(db, name)).length,
    ),
  perCollection: (dbName: string) =>
    timed(
      new PerRecordDb(dbName),
      async (db) => void (await Promise.all(CATALOG_COLLECTIONS.map((name) => perCollectionPull(db, name)))),
      (db, name) => db.table(name).count(),
    ),
};

(globalThis as unknown as { syncProbe: typeof probe }).syncProbe = probe;
