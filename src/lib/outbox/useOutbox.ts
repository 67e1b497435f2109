import { useLiveQuery } from "dexie-react-hooks";
import { outboxTable, outbox } from "./instance";
import type { OutboxAction } from "./outbox";

const none: OutboxAction[] = [];

/**
 * The actions waiting in the outbox (queued, in flight or refused), oldest first, live.
 * Pass a kind to see only one feature's actions. `cancel` and `retry` act on one action; `editPath`
 * says where a refused one can be edited and sent again (if its feature registered such a place).
 */
export function useOutbox<P = unknown>(kind?: string) {
  const items = useLiveQuery(
    () => (kind ? outboxTable().where("kind").equals(kind).sortBy("createdAt") : outboxTable().orderBy("createdAt").toArray()),
    [kind],
    none,
  ) as OutboxAction<P>[];
  return { items, cancel: outbox.cancel, retry: outbox.retry as (id: string, payload?: P) => Promise<void>, editPath: outbox.editPath };
}
