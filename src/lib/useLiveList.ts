// A list of records kept live by realtime events: create/update/delete applied by id (so an event
// seen twice changes nothing), and a full re-read after every reconnect so nothing is missed.
import { useCallback, useEffect, useState } from "react";
import type { RecordModel } from "pocketbase";
import { pb } from "./pocketbase";

export function useLiveList<T extends RecordModel>(collection: string, filter: string, sort: string) {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState(false);

  const load = useCallback(async () => {
    try {
      setItems(await pb.collection(collection).getFullList<T>({ filter, sort }));
      setError(false);
    } catch {
      setError(true);
    }
  }, [collection, filter, sort]);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => Promise<void>) | undefined;
    let unsubscribeConnect: (() => Promise<void>) | undefined;
    void load();
    const ascending = !sort.startsWith("-");
    pb.collection(collection)
      .subscribe<T>(
        "*",
        (e) =>
          setItems((list) => {
            const rest = (list ?? []).filter((r) => r.id !== e.record.id);
            if (e.action === "delete") return rest;
            return ascending ? [...rest, e.record].sort((a, b) => String(a.created).localeCompare(String(b.created))) : [e.record, ...rest];
          }),
        { filter },
      )
      .then((u) => (cancelled ? void u() : (unsubscribe = u)), () => undefined);
    pb.realtime
      // Fired on every (re)connection: re-read what may have changed while away.
      .subscribe("PB_CONNECT", () => void load())
      .then((u) => (cancelled ? void u() : (unsubscribeConnect = u)), () => undefined);
    return () => {
      cancelled = true;
      void unsubscribe?.();
      void unsubscribeConnect?.();
    };
  }, [collection, filter, sort, load]);

  return { items, error, reload: load };
}
