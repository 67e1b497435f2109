// The catalogue in IndexedDB as the pages and the sync engine see it: whole collections, single
// records, and one answer of the changes route written with its cursor (the buckets: ../buckets.ts).
import type { Table } from "dexie";
import type { StudioDb } from "../db";
import { bucketKey, bucketsOf, type CatalogBucket } from "../buckets";
import { CATALOG_COLLECTIONS, type CatalogCollection, type CatalogRecord, type CatalogTables } from "../catalog";

/** One answer of the changes route (pb_hooks/lib/catalog/sync.js). */
export interface CatalogChanges {
  cursor: string;
  reset: boolean;
  upserts: CatalogRecord[];
  deletes: Array<{ collection: string; id: string }>;
}

export const CURSOR_KEY = "catalog:cursor";

/** The server's changes route (pb_hooks/lib/sync.js). */
export const CHANGES_ROUTE = "/api/studio/changes";

/** Asks for what changed since a cursor ("" for a snapshot). */
export type FetchChanges = (since: string) => Promise<CatalogChanges>;

/** One pull: what changed since the stored cursor, written with its new cursor. */
export async function pullChanges(db: StudioDb, fetchChanges: FetchChanges): Promise<void> {
  const since = (await db.meta.get(CURSOR_KEY))?.value ?? "";
  await applyChanges(db, await fetchChanges(since));
}

const byId = (a: CatalogRecord, b: CatalogRecord) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every record of a collection, in id order (the order pages saw before buckets). */
export async function readCollection<K extends CatalogCollection>(db: StudioDb, collection: K): Promise<CatalogTables[K][]> {
  const buckets = await db.catalog.where("collection").equals(collection).toArray();
  return (buckets.flatMap((b) => b.rows) as CatalogTables[K][]).sort(byId);
}

/**
 * A collection's records and whether the catalogue has ever been synced, read in one transaction:
 * the sync writes rows and cursor together, so "synced with no rows" really means empty.
 */
export async function readCollectionState<K extends CatalogCollection>(db: StudioDb, collection: K): Promise<{ rows: CatalogTables[K][]; synced: boolean }> {
  return db.transaction("r", db.catalog, db.meta, async () => ({
    rows: await readCollection(db, collection),
    synced: (await db.meta.get(CURSOR_KEY)) !== undefined,
  }));
}

export async function readRecord<K extends CatalogCollection>(db: StudioDb, collection: K, id: string): Promise<CatalogTables[K] | undefined> {
  const bucket = await db.catalog.get(bucketKey(collection, id));
  return bucket?.rows.find((r) => r.id === id) as CatalogTables[K] | undefined;
}

/** Writes one answer of the changes route, and its cursor, in one transaction. */
export async function applyChanges(db: StudioDb, changes: CatalogChanges): Promise<void> {
  const known = new Set<string>(CATALOG_COLLECTIONS);
  const catalog: Table<CatalogBucket, string> = db.catalog;
  await db.transaction("rw", catalog, db.meta, async () => {
    if (changes.reset) {
      // A snapshot replaces everything: whatever it does not hold is gone.
      await catalog.clear();
      const byCollection = new Map<CatalogCollection, CatalogRecord[]>();
      for (const r of changes.upserts) {
        if (!known.has(r.collectionName)) continue;
        const name = r.collectionName as CatalogCollection;
        let list = byCollection.get(name);
        if (!list) byCollection.set(name, (list = []));
        list.push(r);
      }
      await catalog.bulkPut([...byCollection].flatMap(([name, rows]) => bucketsOf(name, rows)));
    } else {
      const touched = new Map<string, { collection: CatalogCollection; put: CatalogRecord[]; gone: Set<string> }>();
      const touch = (collection: CatalogCollection, id: string) => {
        const key = bucketKey(collection, id);
        let t = touched.get(key);
        if (!t) touched.set(key, (t = { collection, put: [], gone: new Set() }));
        return t;
      };
      for (const r of changes.upserts) if (known.has(r.collectionName)) touch(r.collectionName as CatalogCollection, r.id).put.push(r);
      for (const d of changes.deletes) if (known.has(d.collection)) touch(d.collection as CatalogCollection, d.id).gone.add(d.id);
      const keys = [...touched.keys()];
      const current = await catalog.bulkGet(keys);
      await catalog.bulkPut(
        keys.map((key, i) => {
          const t = touched.get(key)!;
          const rows = new Map((current[i]?.rows ?? []).map((r) => [r.id, r]));
          for (const r of t.put) rows.set(r.id, r);
          for (const id of t.gone) rows.delete(id);
          return { key, collection: t.collection, rows: [...rows.values()] };
        }),
      );
    }
    await db.meta.put({ key: CURSOR_KEY, value: changes.cursor });
  });
}
