// The app's sync engine and the hooks pages read the catalogue with.
import { startTransition, useEffect, useState } from "react";
import { useLiveQuery } from "dexie-react-hooks";
import { create } from "zustand";
import { db } from "../db";
import { pb } from "../pocketbase";
import { reconnectWithTheNetwork } from "../realtime";
import type { CatalogCollection, CatalogTables } from "../catalog";
import { createSyncEngine, type SyncStatus } from "./engine";
import { pullInWorker } from "./in-worker";
import { readRecord } from "./store";
import { isTakingOver } from "../takeover";
import { collectionAnswer, listenToCollection } from "./shared-reads";

export { collectionRead } from "./shared-reads";

export type { SyncStatus } from "./engine";

const useSyncStore = create<{ status: SyncStatus }>(() => ({ status: "idle" }));

const engine = createSyncEngine({ pb, db, onStatus: (status) => useSyncStore.setState({ status }), pullOnce: pullInWorker() });

export const sync = {
  pull: engine.pull,
  /** The catalogue's pull and realtime hints, and the one realtime connection kept honest. */
  start() {
    const stopEngine = engine.start();
    const stopWatching = reconnectWithTheNetwork(pb);
    return () => {
      stopWatching();
      stopEngine();
    };
  },
};

export interface CatalogRead<T> {
  rows: T[];
  /** True only while there is nothing local to show yet. */
  loading: boolean;
  /** True when the server could not be reached and there is nothing local to show. */
  failed: boolean;
  retry: () => void;
}

/** What a collection's readers see now: its shared read's answer and the sync's status. */
const seenNow = <K extends CatalogCollection>(name: K) => ({ name, answer: collectionAnswer(name), status: useSyncStore.getState().status });

/** Rows of a public collection, live from IndexedDB; loading/failed only matter for an empty store. */
export function useCatalog<K extends CatalogCollection>(name: K): CatalogRead<CatalogTables[K]> {
  // Drawn in the takeover of the page the server sent, it draws that page as sent (nothing read
  // yet); drawn any other time, what this device holds at once.
  const [seen, setSeen] = useState(() => (isTakingOver() ? { name, answer: undefined, status: useSyncStore.getInitialState().status } : seenNow(name)));
  useEffect(() => {
    // In a transition: what lands redraws the page in slices that let a tap in. Read through
    // useSyncExternalStore, each read and each change of the sync's status redrew every reader at
    // once, in one task, and the first right after the page was taken over.
    const update = () =>
      startTransition(() =>
        setSeen((was) => {
          const now = seenNow(name);
          return was.name === now.name && was.answer === now.answer && was.status === now.status ? was : now;
        }),
      );
    const stopReading = listenToCollection(name, update);
    const stopStatus = useSyncStore.subscribe(update);
    update();
    return () => {
      stopReading();
      stopStatus();
    };
  }, [name]);
  const { answer: read, status } = seen.name === name ? seen : seenNow(name);
  if (read && "error" in read) throw read.error;
  // Until the first sync has landed, an empty store means "not here yet", never "none": the
  // status alone can say "ready" a moment before the live query has read what the sync wrote.
  const waiting = read === undefined || (read.rows.length === 0 && !read.synced);
  return {
    rows: read?.rows ?? [],
    loading: waiting && status !== "error",
    failed: waiting && status === "error",
    retry: () => void engine.pull(),
  };
}

/** One record of a public collection, live from IndexedDB: undefined while reading, null when it is not stored. */
export function useCatalogRecord<K extends CatalogCollection>(name: K, id: string | undefined): CatalogTables[K] | null | undefined {
  return useLiveQuery(async () => (id ? ((await readRecord(db, name, id)) ?? null) : null), [name, id]);
}
