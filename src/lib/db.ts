// The browser's database (IndexedDB through Dexie): the public catalogue the pages read, the cart,
// and the outbox of actions waiting to be sent. One database, one schema history: to change a
// table, add a new this.version(n + 1) with only the changed stores, never edit a released one.
import Dexie, { type Table } from "dexie";
import type { OutboxAction } from "./outbox/outbox";
import type { ArtistProfile, Book, Character, Merchandise, Mural, Painting, Tag } from "./catalog";

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

export class StudioDb extends Dexie {
  outbox!: Table<OutboxAction, string>;
  characters!: Table<Character, string>;
  paintings!: Table<Painting, string>;
  books!: Table<Book, string>;
  merchandise!: Table<Merchandise, string>;
  murals!: Table<Mural, string>;
  artist_profile!: Table<ArtistProfile, string>;
  tags!: Table<Tag, string>;
  cart!: Table<StoredCart, string>;
  /** Sync cursors and other small facts, by key. */
  meta!: Table<MetaRow, string>;

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
  }
}

export const db = new StudioDb();
