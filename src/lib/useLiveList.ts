// A list of records kept live by realtime events, and caught up by cursor after every reconnect:
// the server's change log (GET /api/studio/changes/{collection}) answers with only what changed
// since the list was read, so a bad network costs a small request, not a re-read of everything.
// Every change is applied by id (an event seen twice, or seen and then caught up, changes
// nothing) and the list is kept in its sort order.
import { useCallback, useEffect, useRef, useState } from "react";
import type { RecordModel } from "pocketbase";
import { pb } from "./pocketbase";

export interface ListChanges<T> {
  cursor: string;
  reset: boolean;
  upserts: T[];
  deletes: string[];
}

/** Orders records by a PocketBase sort of one field ("created", "-created", "name"), then by id. */
export function comparator<T extends RecordModel>(sort: string): (a: T, b: T) => number {
  const desc = sort.startsWith("-");
  const field = sort.replace(/^[-+]/, "") || "created";
  return (a, b) => {
    const x = String(a[field] ?? "");
    const y = String(b[field] ?? "");
    const byField = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return desc ? -byField : byField;
  };
}

/** Applies changes by id; of two versions of a record, the one updated last wins. */
export function merge<T extends RecordModel>(list: T[], upserts: T[], deletes: string[], order: (a: T, b: T) => number): T[] {
  const byId = new Map(list.map((r) => [r.id, r]));
  for (const r of upserts) {
    const mine = byId.get(r.id);
    if (!mine || String(mine.updated ?? "") <= String(r.updated ?? "")) byId.set(r.id, r);
  }
  for (const id of deletes) byId.delete(id);
  return [...byId.values()].sort(order);
}

function changesSince<T>(collection: string, filter: string, since: string) {
  return pb.send<ListChanges<T>>(`/api/studio/changes/${encodeURIComponent(collection)}`, { query: { since, filter } });
}

// How long a first read waits for realtime before reading anyway (realtime may be blocked).
const SUBSCRIBE_WAIT_MS = 3000;
const CATCH_UP_RETRY_MS = 2000;

export function useLiveList<T extends RecordModel>(collection: string, filter: string, sort: string) {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState(false);
  const cursor = useRef<string | null>(null);
  // Answers that arrive after a newer read started are dropped.
  const generation = useRef(0);
  // Realtime events heard while a full read is in flight, laid over its answer.
  const heard = useRef<{ upserts: T[]; deletes: string[] } | null>(null);

  const load = useCallback(async () => {
    const mine = ++generation.current;
    heard.current = { upserts: [], deletes: [] };
    try {
      // The cursor is taken before the list is read: what changes in between comes again later.
      const head = await changesSince<T>(collection, filter, "");
      const list = await pb.collection(collection).getFullList<T>({ filter, sort });
      if (mine !== generation.current) return;
      cursor.current = head.cursor;
      const during = heard.current ?? { upserts: [], deletes: [] };
      heard.current = null;
      setItems(merge(list, during.upserts, during.deletes, comparator<T>(sort)));
      setError(false);
    } catch {
      if (mine === generation.current) setError(true);
    }
  }, [collection, filter, sort]);

  const catchUp = useCallback(async () => {
    if (cursor.current === null) return load();
    const mine = ++generation.current;
    try {
      const changes = await changesSince<T>(collection, filter, cursor.current);
      if (mine !== generation.current) return;
      if (changes.reset) return load();
      cursor.current = changes.cursor;
      setItems((list) => merge(list ?? [], changes.upserts, changes.deletes, comparator<T>(sort)));
      setError(false);
    } catch {
      // A list already read stays on screen (the connection may have dropped again as it came
      // back): the catch-up is tried again shortly instead of the list giving way to an error,
      // which unmounted whatever was open inside it.
      if (mine === generation.current) retry.current = setTimeout(() => mine === generation.current && void catchUpAgain.current?.(), CATCH_UP_RETRY_MS);
    }
  }, [collection, filter, sort, load]);
  const catchUpAgain = useRef<(() => Promise<void>) | null>(null);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    catchUpAgain.current = catchUp;
    return () => clearTimeout(retry.current);
  }, [catchUp]);

  useEffect(() => {
    let cancelled = false;
    let subscribed = false;
    const reads = generation;
    let loading = false;
    const unsubscribers: Array<() => Promise<void>> = [];
    const keep = (u: () => Promise<void>) => (cancelled ? void u() : unsubscribers.push(u));
    const order = comparator<T>(sort);

    const subscription = pb
      .collection(collection)
      .subscribe<T>(
        "*",
        (e) => {
          const upserts = e.action === "delete" ? [] : [e.record];
          const deletes = e.action === "delete" ? [e.record.id] : [];
          heard.current?.upserts.push(...upserts);
          heard.current?.deletes.push(...deletes);
          setItems((list) => (list ? merge(list, upserts, deletes, order) : list));
        },
        { filter },
      )
      .then((u) => {
        keep(u);
        subscribed = true;
        // Realtime came after the list was read: fetch what happened in between.
        if (loading && !cancelled) void catchUp();
      })
      .catch(() => undefined);
    // Every reconnect after the first subscription (the SDK resubscribes before telling us).
    pb.realtime
      .subscribe("PB_CONNECT", () => void (subscribed && !cancelled && catchUp()))
      .then(keep)
      .catch(() => undefined);
    // Read once realtime is listening, so nothing falls between the read and the first event.
    void Promise.race([subscription, new Promise((r) => setTimeout(r, SUBSCRIBE_WAIT_MS))]).then(() => {
      if (cancelled) return;
      loading = !subscribed;
      void load();
    });
    return () => {
      cancelled = true;
      // Answers still in flight belong to the old list.
      reads.current++;
      for (const u of unsubscribers) void u();
    };
  }, [collection, filter, sort, load, catchUp]);

  // One way to bring a list up to date, for the page as for a reconnect: what changed since the
  // cursor (the whole list only when it was never read, or the server says the cursor is too old).
  return { items, error, catchUp };
}
