// Keeps the public catalogue in IndexedDB fresh with one request: the server's changes route
// (pb_hooks/lib/sync.js) answers "what changed since my cursor" for every public collection,
// deletions included, or sends a full snapshot when the cursor is too old to trust. Realtime
// carries only a hint (the server's newest change number) on one topic; the engine pulls when
// the hint is ahead of its cursor. The server sends that hint on every (re)subscription too, so
// a reconnect with nothing changed costs no request at all. Pages never wait for this when Dexie
// already holds data.
import type PocketBase from "pocketbase";
import type { StudioDb } from "../db";
import { applyChanges, CURSOR_KEY, type CatalogChanges } from "./store";

export type { CatalogChanges } from "./store";

export type SyncStatus = "idle" | "loading" | "ready" | "error";

export const CHANGES_ROUTE = "/api/studio/changes";
export const CATALOG_TOPIC = "studio/catalog";

/** The server's hint: its newest change number and the fingerprint of what visitors may see. */
export interface CatalogHint {
  seq: number;
  fp: string;
}

export interface SyncEngineOptions {
  pb: PocketBase;
  db: StudioDb;
  onStatus?: (status: SyncStatus) => void;
}

/** A cursor is "<fingerprint>.<seq>"; anything else reads as "never synced". */
export function parseCursor(cursor: string | undefined): CatalogHint | null {
  const m = /^([0-9a-f]+)\.(\d+)$/.exec(cursor ?? "");
  return m ? { fp: m[1], seq: Number(m[2]) } : null;
}

export function createSyncEngine({ pb, db, onStatus = () => {} }: SyncEngineOptions) {
  let inFlight: Promise<void> | null = null;
  // The newest hint heard while a pull was already running: one more pull if it is still ahead.
  let heard: CatalogHint | null = null;

  const cursor = async () => (await db.meta.get(CURSOR_KEY))?.value ?? "";

  const behind = (mine: CatalogHint | null, hint: CatalogHint) => !mine || mine.fp !== hint.fp || mine.seq < hint.seq;

  async function pullOnce() {
    const changes = await pb.send<CatalogChanges>(CHANGES_ROUTE, { query: { since: await cursor() } });
    await applyChanges(db, changes);
  }

  /** Brings the catalogue up to date; concurrent calls share the run in flight. */
  function pull(): Promise<void> {
    if (inFlight) return inFlight;
    onStatus("loading");
    inFlight = pullOnce()
      .then(() => onStatus("ready"))
      .catch((err) => {
        console.warn("catalogue sync failed", err);
        onStatus("error");
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight.then(async () => {
      const hint = heard;
      heard = null;
      if (hint && behind(parseCursor(await cursor()), hint)) await pull();
    });
  }

  async function onHint(hint: CatalogHint) {
    if (inFlight) {
      heard = hint;
      return;
    }
    if (behind(parseCursor(await cursor()), hint)) await pull();
  }

  return {
    pull,
    /** First pull, then realtime hints on one topic; the server repeats the hint on every reconnect. */
    start() {
      void pull();
      let unsubscribe: (() => Promise<void>) | undefined;
      let stopped = false;
      pb.realtime
        .subscribe(CATALOG_TOPIC, (hint: CatalogHint) => void onHint(hint))
        .then((u) => (stopped ? void u() : (unsubscribe = u)))
        .catch((err) => console.warn("realtime unavailable; pages stay on the last pull", err));
      return () => {
        stopped = true;
        void unsubscribe?.();
      };
    },
  };
}
