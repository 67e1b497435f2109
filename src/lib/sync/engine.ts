// Keeps the public catalogue in IndexedDB fresh with one request: the server's changes route
// (pb_hooks/lib/catalog/sync.js) answers "what changed since my cursor" for every public collection,
// deletions included, or sends a full snapshot when the cursor is too old to trust. Realtime
// carries only a hint (the server's newest catalogue change number) on one topic; the engine
// pulls when the hint is ahead of its cursor. The server greets every (re)subscription with that
// hint, so a repeat visit or a reconnect with nothing changed asks nothing of the changes route;
// only a first visit (no cursor) pulls at once. Pages never wait for this when Dexie has data.
import type PocketBase from "pocketbase";
import type { StudioDb } from "../db";
import { CHANGES_ROUTE, CURSOR_KEY, pullChanges, type CatalogChanges } from "./store";

export { CHANGES_ROUTE, type CatalogChanges } from "./store";

export type SyncStatus = "idle" | "loading" | "ready" | "error";

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
  /** How long a repeat visit waits for the server's greeting before pulling anyway (realtime blocked). */
  greetingWaitMs?: number;
  /** One pull into `db`; the app's runs in a worker (./worker.ts), this thread's by default. */
  pullOnce?: () => Promise<void>;
}

/** A cursor is "<fingerprint>.<seq>"; anything else reads as "never synced". */
export function parseCursor(cursor: string | undefined): CatalogHint | null {
  const m = /^([0-9a-f]+)\.(\d+)$/.exec(cursor ?? "");
  return m ? { fp: m[1], seq: Number(m[2]) } : null;
}

export function createSyncEngine({
  pb,
  db,
  onStatus = () => {},
  greetingWaitMs = 4000,
  pullOnce = () => pullChanges(db, (since) => pb.send<CatalogChanges>(CHANGES_ROUTE, { query: { since } })),
}: SyncEngineOptions) {
  let inFlight: Promise<void> | null = null;
  // The newest hint heard while a pull was already running: one more pull if it is still ahead.
  let heard: CatalogHint | null = null;

  const cursor = async () => (await db.meta.get(CURSOR_KEY))?.value ?? "";

  const behind = (mine: CatalogHint | null, hint: CatalogHint) => !mine || mine.fp !== hint.fp || mine.seq < hint.seq;

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

  let greetingTimer: ReturnType<typeof setTimeout> | undefined;
  let greeted = false;

  async function onHint(hint: CatalogHint) {
    greeted = true;
    clearTimeout(greetingTimer);
    if (inFlight) {
      heard = hint;
      return;
    }
    if (behind(parseCursor(await cursor()), hint)) await pull();
  }

  return {
    pull,
    /** Realtime hints on one topic (greeted on every connect); a first visit pulls at once. */
    start() {
      let unsubscribe: (() => Promise<void>) | undefined;
      let stopped = false;
      void cursor().then((have) => {
        if (stopped) return;
        if (!have) void pull();
        else if (!greeted) greetingTimer = setTimeout(() => void pull(), greetingWaitMs);
      });
      pb.realtime
        .subscribe(CATALOG_TOPIC, (hint: CatalogHint) => void onHint(hint))
        .then((u) => (stopped ? void u() : (unsubscribe = u)))
        .catch((err) => {
          console.warn("realtime unavailable; the catalogue is pulled instead", err);
          clearTimeout(greetingTimer);
          if (!stopped) void pull();
        });
      return () => {
        stopped = true;
        clearTimeout(greetingTimer);
        void unsubscribe?.();
      };
    },
  };
}
