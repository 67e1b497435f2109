// The browser's database (IndexedDB through Dexie): the public catalogue the pages read, the cart,
// and the outbox of actions waiting to be sent. One database, one schema history: to change a
// table, add a new this.version(n + 1) with only the changed stores, never edit a released one.
import Dexie, { type Table } from "dexie";
import type { OutboxAction } from "./outbox/outbox";

export class StudioDb extends Dexie {
  outbox!: Table<OutboxAction, string>;

  constructor(name = "lanternwood-studio") {
    super(name);
    this.version(1).stores({
      // Actions made offline (src/lib/outbox), sent oldest first.
      outbox: "id, createdAt, status, kind",
    });
  }
}

export const db = new StudioDb();
