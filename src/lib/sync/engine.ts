// Keeps the public catalogue in IndexedDB fresh: a pull per collection from a cursor on
// `updated` (only what changed), removal of rows the server no longer has, and realtime
// create/update/delete events applied as they come. Pages never wait for this when Dexie
// already holds data.
import type PocketBase from "pocketbase";
import type { Table } from "dexie";
import type { StudioDb } from "../db";
import { CATALOG_COLLECTIONS, type CatalogCollection, type CatalogRecord } from "../catalog";

export type SyncStatus = "idle" | "loading" | "ready" | "error";

export interface SyncEngineOptions {
  pb: PocketBase;
  db: StudioDb;
  collections?: CatalogCollection[];
  onStatus?: (collection: CatalogCollection, status: SyncStatus) => void;
}

export function createSyncEngine({ pb, db, collections = CATALOG_COLLECTIONS, onStatus = () => {} }: SyncEngineOptions) {
  const table = (name: CatalogCollection) => db.table(name) as Table<CatalogRecord, string>;
  const running = new Map<CatalogCollection, Promise<void>>();

  async function pullOnce(name: CatalogCollection) {
    const cursorKey = `cursor:${name}`;
    const cursor = (await db.meta.get(cursorKey))?.value ?? "";
    // >= and not >: several records can share one millisecond; bulkPut makes repeats harmless.
    const filter = cursor ? pb.filter("updated >= {:cursor}", { cursor }) : "";
    const [changed, present] = await Promise.all([
      pb.collection(name).getFullList<CatalogRecord>({ filter, sort: "updated", batch: 200 }),
      pb.collection(name).getFullList<{ id: string }>({ fields: "id", batch: 1000 }),
    ]);
    const keep = new Set(present.map((r) => r.id));
    await db.transaction("rw", table(name), db.meta, async () => {
      if (changed.length) await table(name).bulkPut(changed);
      const gone = (await table(name).toCollection().primaryKeys()).filter((id) => !keep.has(id));
      if (gone.length) await table(name).bulkDelete(gone);
      const newest = changed.at(-1)?.updated;
      if (newest) await db.meta.put({ key: cursorKey, value: newest });
    });
  }

  /** Pulls one collection; concurrent calls share the run in flight. */
  function pull(name: CatalogCollection): Promise<void> {
    const inFlight = running.get(name);
    if (inFlight) return inFlight;
    onStatus(name, "loading");
    const run = pullOnce(name)
      .then(() => onStatus(name, "ready"))
      .catch((err) => {
        console.warn(`sync of ${name} failed`, err);
        onStatus(name, "error");
      })
      .finally(() => running.delete(name));
    running.set(name, run);
    return run;
  }

  const pullAll = () => Promise.all(collections.map(pull)).then(() => undefined);

  async function subscribe() {
    let connectedBefore = false;
    // Every (re)connect: after the first, catch up on what happened while we were away.
    await pb.realtime.subscribe("PB_CONNECT", () => {
      if (connectedBefore) void pullAll();
      connectedBefore = true;
    });
    await Promise.all(
      collections.map((name) =>
        pb.collection(name).subscribe<CatalogRecord>("*", (e) => {
          if (e.action === "delete") void table(name).delete(e.record.id);
          else void table(name).put(e.record);
        }),
      ),
    );
  }

  return {
    pull,
    pullAll,
    /** First pull, realtime, and a catch-up whenever the browser comes back online. */
    start() {
      void pullAll();
      const listen = () => subscribe().catch((err) => console.warn("realtime unavailable; pages stay on the last pull", err));
      void listen();
      // A lost connection does not always end the realtime stream at once (nor does it tell us), so
      // when the browser says it is offline, close it; back online, subscribe afresh and catch up.
      const onOffline = () => void pb.realtime.unsubscribe();
      const onOnline = () => {
        void pullAll();
        if (!pb.realtime.isConnected) void listen();
      };
      globalThis.addEventListener?.("online", onOnline);
      globalThis.addEventListener?.("offline", onOffline);
      return () => {
        globalThis.removeEventListener?.("online", onOnline);
        globalThis.removeEventListener?.("offline", onOffline);
        void pb.realtime.unsubscribe();
      };
    },
  };
}
