// One read per catalogue collection, however many components show it, and again only when a write
// touches it. Each read deserialises every record of the collection on the page's main thread: with
// one Dexie live query per component, a cold visit to the home page read the characters twice (a
// showcase per world) and the editions once per artwork card, each component's first render started
// a read it threw away (dexie-react-hooks probes for a value it could return at once), and the
// worker's one write of the snapshot now and then set a live query reading twice. Writes from any
// thread reach this one through Dexie's storagemutated event (its BroadcastChannel across threads).
import Dexie, { RangeSet, rangesOverlap, type ObservabilitySet } from "dexie";
import { db } from "../db";
import type { CatalogCollection, CatalogTables } from "../catalog";
import { CURSOR_KEY, readCollectionState } from "./store";

export interface CollectionState<T> {
  rows: T[];
  synced: boolean;
}

/** A read's answer: the collection, or why IndexedDB could not be read (for the page's error boundary). */
export type CollectionAnswer<T> = CollectionState<T> | { error: unknown };

interface SharedRead {
  name: CatalogCollection;
  /** The last answer; kept after the last reader leaves, so coming back shows it at once while it is read again. */
  answer: CollectionAnswer<unknown> | undefined;
  listeners: Set<() => void>;
  reading: boolean;
  /** A write touched the collection while it was being read: read once more when that read ends. */
  stale: boolean;
}

const reads = new Map<CatalogCollection, SharedRead>();

function refresh(read: SharedRead) {
  if (read.reading) {
    read.stale = true;
    return;
  }
  read.reading = true;
  read.stale = false;
  readCollectionState(db, read.name)
    .then(
      (state) => (read.answer = state),
      (error: unknown) => (read.answer = { error }),
    )
    .finally(() => {
      read.reading = false;
      if (read.stale && read.listeners.size > 0) refresh(read);
      else for (const listener of read.listeners) listener();
    });
}

const part = (table: string, index = "") => `idb://${db.name}/${table}/${index}`;

/** Whether a committed write changed the collection's buckets, or the cursor a collection not yet synced waits for. */
function touches(parts: ObservabilitySet, read: SharedRead): boolean {
  if (parts.all) return true;
  // A bucket's key is "<collection>:<n>", and its collection is indexed: a write shows in either.
  const byCollection = parts[part("catalog", "collection")];
  if (byCollection && rangesOverlap(byCollection, new RangeSet(read.name))) return true;
  const byKey = parts[part("catalog")];
  if (byKey && rangesOverlap(byKey, new RangeSet(`${read.name}:`, `${read.name}:\uffff`))) return true;
  const waiting = read.answer === undefined || ("synced" in read.answer && !read.answer.synced);
  const meta = parts[part("meta")];
  return waiting && meta !== undefined && rangesOverlap(meta, new RangeSet(CURSOR_KEY));
}

Dexie.on("storagemutated", (parts: ObservabilitySet) => {
  for (const read of reads.values()) if (read.listeners.size > 0 && touches(parts, read)) refresh(read);
});

/** Listens to a collection's read (read at its first listener, and again at every write that touches it). */
export function listenToCollection(name: CatalogCollection, onChange: () => void): () => void {
  let read = reads.get(name);
  if (!read) reads.set(name, (read = { name, answer: undefined, listeners: new Set(), reading: false, stale: false }));
  read.listeners.add(onChange);
  if (read.listeners.size === 1) refresh(read);
  return () => void read.listeners.delete(onChange);
}

/** What the collection's read last answered: undefined until its first answer. */
export function collectionAnswer<K extends CatalogCollection>(name: K): CollectionAnswer<CatalogTables[K]> | undefined {
  return reads.get(name)?.answer as CollectionAnswer<CatalogTables[K]> | undefined;
}

/**
 * Resolves once the collection has a first answer, or after half a second. A route whose page
 * arrives as the service worker's app shell, with no server-filled boxes, waits on it so its first
 * render shows what this device keeps instead of pushing the page down when the read lands.
 */
export function collectionRead(name: CatalogCollection): Promise<void> {
  if (collectionAnswer(name) !== undefined) return Promise.resolve();
  return new Promise((resolve) => {
    // A stuck IndexedDB must not keep the page from opening: the page's loading state takes over.
    const timer = setTimeout(done, 500);
    const stop = listenToCollection(name, done);
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}
