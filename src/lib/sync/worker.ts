// The catalogue's sync off the page's main thread: a first visit's snapshot is hundreds of records
// to parse and write, which on a phone held the page deaf to taps. The worker fetches the changes
// and writes them into the same IndexedDB the page reads; Dexie tells the page's live queries
// (across threads, by BroadcastChannel). The engine (./engine.ts) stays on the page, where the
// realtime hints arrive, and asks for one pull at a time (./in-worker.ts).
import { db } from "../db";
import { CHANGES_ROUTE, pullChanges, type CatalogChanges } from "./store";

/** The page asks for a pull by number; the answer carries that number, and why it failed if it did. */
export interface PullRequest {
  id: number;
}
export interface PullAnswer {
  id: number;
  error?: string;
}

async function fetchChanges(since: string): Promise<CatalogChanges> {
  const res = await fetch(`${CHANGES_ROUTE}?since=${encodeURIComponent(since)}`, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`the catalogue's changes answered ${res.status}`);
  return (await res.json()) as CatalogChanges;
}

addEventListener("message", (event: MessageEvent<PullRequest>) => {
  const { id } = event.data;
  pullChanges(db, fetchChanges).then(
    () => postMessage({ id } satisfies PullAnswer),
    (err: unknown) => postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies PullAnswer),
  );
});
