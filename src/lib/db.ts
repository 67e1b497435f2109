// The browser's database (IndexedDB through Dexie): the public catalogue the pages read, the cart,
// and the outbox of actions waiting to be sent. One database, one schema history: to change a
// table, add a new this.version(n + 1) with only the changed stores, never edit a released one.
import Dexie, { type Table } from "dexie";
import type { OutboxAction } from "./outbox/outbox";
import type { CatalogCollection, CatalogRecord } from "./catalog";
import { bucketsOf, type CatalogBucket } from "./buckets";

/** The cart as earlier versions kept it; the cart now lives in localStorage and reads this row once, then deletes it. */
export interface StoredCart {
  id: "current";
  items: unknown;
  sessionId: string;
  updatedAt: number;
}

export interface MetaRow {
  key: string;
  value: string;
}

/** A bought file this browser has downloaded, kept so the installed app opens it again with no signal. */
export interface KeptFile {
  grant: string;
  name: string;
  type: string;
  blob: Blob;
  savedAt: number;
}

export class StudioDb extends Dexie {
  outbox!: Table<OutboxAction, string>;
  /** The visit counts waiting to be sent (src/features/visits), an outbox of their own. */
  tallies!: Table<OutboxAction, string>;
  /** The public catalogue, filled by src/lib/sync and read through it (useCatalog). */
  catalog!: Table<CatalogBucket, string>;
  cart!: Table<StoredCart, string>;
  /** Sync cursors and other small facts, by key. */
  meta!: Table<MetaRow, string>;
  /** Bought files opened here (src/features/orders/keptFiles.ts), by grant; never their addresses. */
  files!: Table<KeptFile, string>;

  constructor(name = "lanternwood-studio") {
    super(name);
    this.version(1).stores({
      // Actions made offline (src/lib/outbox), sent oldest first.
      outbox: "id, createdAt, status, kind",
    });
    this.version(2).stores({
      // The public catalogue, filled by src/lib/sync; pages filter and sort these small sets in memory.
      characters: "id, updated",
      paintings: "id, updated",
      books: "id, updated",
      merchandise: "id, updated",
      murals: "id, updated",
      artist_profile: "id, updated",
      tags: "id, updated",
      cart: "id",
      meta: "key",
    });
    this.version(3)
      .stores({
        // The catalogue in buckets (src/lib/buckets.ts): IndexedDB pays per stored row far more
        // than per byte, so 2,000 paintings in 16 rows write in a fraction of the time of 2,000 rows.
        catalog: "key, collection",
      })
      .upgrade(async (tx) => {
        // The tables version 2 had: later collections never had a table of their own.
        for (const name of ["characters", "paintings", "books", "merchandise", "murals", "artist_profile", "tags"] as CatalogCollection[]) {
          const rows = (await tx.table(name).toArray()) as CatalogRecord[];
          await tx.table("catalog").bulkPut(bucketsOf(name, rows));
        }
        // Per-collection cursors mean nothing to the changes route: the next pull is a snapshot.
        await tx.table("meta").where("key").startsWith("cursor:").delete();
      });
    this.version(4).stores({
      characters: null,
      paintings: null,
      books: null,
      merchandise: null,
      murals: null,
      artist_profile: null,
      tags: null,
    });
    this.version(5).stores({
      files: "grant",
      tallies: "id, createdAt, status, kind",
    });
  }
}

export const db = new StudioDb();
