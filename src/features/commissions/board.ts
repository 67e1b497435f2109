// What the studio takes in, read from the public board row the catalogue sync keeps (offline
// too, and moved on live with the rest). The row holds the states now and from the next time the
// studio set ahead; this switches to the latter at that time, as the server's page does.
import { useEffect, useState } from "react";
import { collectionRead, useCatalog } from "../../lib/sync";
import type { CommissionBoard, CommissionTypeState, QueueRow } from "../../lib/catalog";

// A page the service worker sends is the app's shell, with no states the server filled in: the
// pages that show the board load with it read (at most 500 ms), or its landing after the first
// render pushed the form down (CLS 0.157 on /commissions). A page the server sent keeps its own
// states until the board is read (ServerFilled), so it does not wait.
if (!globalThis.document?.querySelector(".prerendered")) await collectionRead("commission_board");

export interface BoardRead {
  states: CommissionTypeState[];
  queue: QueueRow[];
  queuePublic: boolean;
  loading: boolean;
  /** The board could not be read and none is kept: a page from the server keeps the states it was sent. */
  failed: boolean;
}

function passed(at: string, now: number) {
  const t = at ? Date.parse(at.replace(" ", "T")) : NaN;
  return Number.isFinite(t) && t <= now;
}

export function useCommissionBoard(): BoardRead {
  const { rows, loading, failed } = useCatalog("commission_board");
  const row: CommissionBoard | undefined = rows[0];
  const [now, setNow] = useState(() => Date.now());
  const nextAt = row?.next_at ?? "";
  useEffect(() => {
    const t = nextAt ? Date.parse(nextAt.replace(" ", "T")) : NaN;
    if (!Number.isFinite(t) || t <= Date.now()) return;
    // Timers of more than 24.8 days overflow; a page open that long checks again daily.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(t - Date.now() + 50, 86_400_000));
    return () => clearTimeout(timer);
  }, [nextAt, now]);
  const states = (row && passed(row.next_at, now) ? row.next_states : row?.states) ?? [];
  return { states, queue: row?.queue ?? [], queuePublic: row?.queue_public ?? true, loading: loading && !row, failed: failed && !row };
}
