// How the catalogue sits in IndexedDB: each collection's records spread over a fixed number of
// bucket rows by a hash of the id. A cold sync writes a few dozen rows instead of thousands
// (IndexedDB's cost is per row, not per byte), and a change rewrites one bucket. The database's
// schema (db.ts) and the sync's store (sync/store.ts) both build on this; it depends on neither.
import type { CatalogCollection, CatalogRecord } from "./catalog";

export const BUCKETS = 16;

/** A share of one collection's records, chosen by a hash of the id. */
export interface CatalogBucket {
  key: string;
  collection: CatalogCollection;
  rows: CatalogRecord[];
}

function bucketOf(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) | 0;
  return (h >>> 0) % BUCKETS;
}

export function bucketKey(collection: CatalogCollection, id: string): string {
  return `${collection}:${bucketOf(id)}`;
}

export function bucketsOf(collection: CatalogCollection, rows: CatalogRecord[]): CatalogBucket[] {
  const buckets = new Map<string, CatalogBucket>();
  for (const row of rows) {
    const key = bucketKey(collection, row.id);
    let bucket = buckets.get(key);
    if (!bucket) buckets.set(key, (bucket = { key, collection, rows: [] }));
    bucket.rows.push(row);
  }
  return [...buckets.values()];
}
