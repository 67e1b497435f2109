// The app's sync engine and the hooks pages read the catalogue with.
import { useLiveQuery } from "dexie-react-hooks";
import { create } from "zustand";
import { db } from "../db";
import { pb } from "../pocketbase";
import type { CatalogCollection, CatalogTables } from "../catalog";
import { createSyncEngine, type SyncStatus } from "./engine";

export type { SyncStatus } from "./engine";

const useSyncStore = create<Partial<Record<CatalogCollection, SyncStatus>>>(() => ({}));

export const sync = createSyncEngine({
  pb,
  db,
  onStatus: (collection, status) => useSyncStore.setState({ [collection]: status }),
});

export interface CatalogRead<T> {
  rows: T[];
  /** True only while there is nothing local to show yet. */
  loading: boolean;
  /** True when the server could not be reached and there is nothing local to show. */
  failed: boolean;
  retry: () => void;
}

/** Rows of a public collection, live from IndexedDB; loading/failed only matter for an empty store. */
export function useCatalog<K extends CatalogCollection>(name: K): CatalogRead<CatalogTables[K]> {
  const rows = useLiveQuery(() => db.table(name).toArray() as Promise<CatalogTables[K][]>, [name]);
  const status = useSyncStore((s) => s[name] ?? "loading");
  const empty = !rows || rows.length === 0;
  return {
    rows: rows ?? [],
    loading: rows === undefined || (empty && (status === "loading" || status === "idle")),
    failed: empty && status === "error",
    retry: () => void sync.pull(name),
  };
}
