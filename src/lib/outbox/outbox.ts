// The outbox: actions a person takes (a commission request, a message, a newsletter signup) are
// written to IndexedDB first and sent from there, in order and once, whenever the connection
// allows. The outbox knows nothing about features: each feature registers a sender for its kind.
import type { Table } from "dexie";

export type OutboxStatus = "queued" | "sending" | "refused";

export interface OutboxAction<P = unknown> {
  /** Client-generated, PocketBase-shaped id (15 × [a-z0-9]); senders use it as the record id so a repeat is refused as a duplicate instead of stored twice. */
  id: string;
  kind: string;
  payload: P;
  createdAt: number;
  status: OutboxStatus;
  /** A short human description for lists of waiting actions ("Commission request: mural"). */
  summary?: string;
  /** The server's reason when it refused the action (status "refused"), or the last network error while queued. */
  error?: string;
  attempts: number;
}

export interface SendContext {
  /** The action's id: pass it as the record id (or idempotency key) so the server can drop a repeat. */
  id: string;
  attempt: number;
}

export type Sender<P = unknown> = (payload: P, ctx: SendContext) => Promise<unknown>;

export interface SenderOptions {
  /** Where a refused action of this kind can be edited and sent again (an in-app path), by action id. */
  editPath?: (id: string) => string;
}

/** Thrown by a sender (or recognised from an HTTP 4xx) when the server will never accept this content as it is. */
export class OutboxRefusal extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "OutboxRefusal";
  }
}

/** How a saved action ended when no open form was waiting for it (sent after a reconnect, or refused then). */
export type BackgroundOutcome = { state: "sent"; summary?: string } | { state: "refused"; summary?: string; reason: string };

export type SubmitResult =
  | { state: "sent"; id: string; result: unknown }
  | { state: "queued"; id: string }
  | { state: "refused"; id: string; reason: string };

/** SPEC §9: retry back-off starts at 200 ms, doubles, and is capped at 30 s. */
export const BACKOFF_START_MS = 200;
export const BACKOFF_CAP_MS = 30_000;
export function backoffDelay(attempts: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_START_MS * 2 ** Math.max(0, attempts - 1));
}

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
export function newActionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  let id = "";
  for (const b of bytes) id += ID_ALPHABET[b % ID_ALPHABET.length];
  return id;
}

type Outcome = { kind: "sent"; result: unknown } | { kind: "refused"; reason: string } | { kind: "retry"; reason: string };

interface HttpishError {
  status?: number;
  message?: string;
  response?: { message?: string; data?: Record<string, { code?: string; message?: string } | undefined> };
}

/** Turns what a sender threw into sent (a duplicate of an id already stored), refused (4xx) or retry (network, 5xx, 408, 429). */
export function classify(err: unknown): Outcome {
  if (err instanceof OutboxRefusal) return { kind: "refused", reason: err.message };
  const e = (err ?? {}) as HttpishError;
  const status = typeof e.status === "number" ? e.status : 0;
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
    const data = e.response?.data ?? {};
    // The same id sent twice: the first attempt reached the server even though its answer was lost.
    if (data.id?.code === "validation_not_unique") return { kind: "sent", result: undefined };
    const fields = Object.entries(data)
      .map(([name, v]) => (v?.message ? `${name}: ${v.message}` : ""))
      .filter(Boolean);
    const reason = [e.response?.message || e.message || "The server refused this request.", ...fields].join(" ");
    return { kind: "refused", reason };
  }
  return { kind: "retry", reason: e.message || "Network error" };
}

export interface OutboxOptions {
  /** Whether the browser believes it is online; defaults to navigator.onLine. */
  isOnline?: () => boolean;
  /** Runs fn while holding a cross-tab lock so two tabs never send the same action; defaults to the Web Locks API when present. */
  withLock?: <T>(fn: () => Promise<T>) => Promise<T>;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(table: () => Table<OutboxAction, string>, options: OutboxOptions = {}) {
  const senders = new Map<string, Sender>();
  const editPaths = new Map<string, (id: string) => string>();
  const isOnline = options.isOnline ?? (() => typeof navigator === "undefined" || navigator.onLine !== false);
  const withLock =
    options.withLock ??
    (<T>(fn: () => Promise<T>): Promise<T> => {
      const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
      return locks ? (locks.request("studio-outbox", fn) as Promise<T>) : fn();
    });
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));

  let lastCreatedAt = 0;
  let running: Promise<void> | null = null;
  let again = false;
  let retryTimer: unknown = null;
  let recovered = false;
  // Results of recently sent actions, so submit() can hand the created record back to its form.
  const lastResults = new Map<string, unknown>();
  // Actions whose form is waiting in submit(): the form says how they ended, so they are not reported.
  const awaited = new Set<string>();
  // Outcomes not yet told, reported together at the end of a flush; kept until someone listens,
  // since a start-up flush can settle before the part of the page that says them has loaded.
  let untold: BackgroundOutcome[] = [];
  const listeners = new Set<(outcomes: BackgroundOutcome[]) => void>();

  function registerSender<P>(kind: string, sender: Sender<P>, options: SenderOptions = {}): () => void {
    senders.set(kind, sender as Sender);
    if (options.editPath) editPaths.set(kind, options.editPath);
    if (isOnline()) void flush();
    return () => {
      if (senders.get(kind) === sender) senders.delete(kind);
    };
  }

  function newAction<P>(kind: string, payload: P, summary?: string): OutboxAction<P> {
    // Strictly increasing, so actions made within one millisecond keep their order.
    lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
    const action: OutboxAction<P> = { id: newActionId(), kind, payload, createdAt: lastCreatedAt, status: "queued", attempts: 0 };
    if (summary) action.summary = summary;
    return action;
  }

  async function enqueue<P>(kind: string, payload: P, summary?: string): Promise<OutboxAction<P>> {
    const action = newAction(kind, payload, summary);
    await table().add(action as OutboxAction);
    return action;
  }

  /** Claims a queued action (marks it in flight) unless another flush already took it. */
  async function claim(id: string): Promise<OutboxAction | null> {
    const t = table();
    return t.db.transaction("rw", t, async () => {
      const a = await t.get(id);
      if (!a || a.status !== "queued") return null;
      a.status = "sending";
      a.attempts += 1;
      await t.put(a);
      return a;
    });
  }

  async function deliver(action: OutboxAction): Promise<Outcome> {
    const sender = senders.get(action.kind);
    if (!sender) return { kind: "retry", reason: `No sender for ${action.kind}` };
    try {
      return { kind: "sent", result: await sender(action.payload, { id: action.id, attempt: action.attempts }) };
    } catch (err) {
      return classify(err);
    }
  }

  async function settle(action: OutboxAction, outcome: Outcome): Promise<void> {
    const t = table();
    if (outcome.kind !== "retry" && !awaited.has(action.id)) {
      const { summary } = action;
      untold.push(outcome.kind === "sent" ? { state: "sent", summary } : { state: "refused", summary, reason: outcome.reason });
    }
    if (outcome.kind === "sent") {
      lastResults.set(action.id, outcome.result);
      if (lastResults.size > 20) lastResults.delete(lastResults.keys().next().value as string);
      await t.delete(action.id);
    } else if (outcome.kind === "refused") {
      await t.update(action.id, { status: "refused", error: outcome.reason });
    } else {
      await t.update(action.id, { status: "queued", error: outcome.reason });
    }
  }

  function scheduleRetry(attempts: number) {
    if (retryTimer !== null) return;
    retryTimer = setTimer(() => {
      retryTimer = null;
      void flush();
    }, backoffDelay(attempts));
  }

  async function runOnce(): Promise<void> {
    const t = table();
    if (!recovered) {
      // We hold the lock, so nothing is in flight: an action left "sending" belongs to a tab that
      // closed mid-request. Send it again; its id lets the server drop it if it did arrive.
      recovered = true;
      await t.where("status").equals("sending").modify({ status: "queued" });
    }
    // A back-off is running: the oldest action failed a moment ago and everything waits behind it.
    if (retryTimer !== null) return;
    const queued = await t.where("status").equals("queued").sortBy("createdAt");
    for (const { id, kind } of queued) {
      if (!senders.has(kind)) continue; // the feature that sends it has not loaded yet
      if (!isOnline()) return;
      const action = await claim(id);
      if (!action) continue;
      const outcome = await deliver(action);
      await settle(action, outcome);
      if (outcome.kind === "retry") {
        // Keep the order: later actions wait for this one.
        scheduleRetry(action.attempts);
        return;
      }
    }
  }

  /** Sends every queued action whose sender is registered, oldest first. Concurrent calls share one run. */
  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await withLock(runOnce);
        } while (again);
      } finally {
        running = null;
        report();
      }
    })();
    return running;
  }

  function report() {
    if (running || untold.length === 0 || listeners.size === 0) return;
    const outcomes = untold;
    untold = [];
    for (const listener of listeners) listener(outcomes);
  }

  /** Tells `listener` how saved actions ended when no form was waiting for them, one call per flush. Returns a stop function. */
  function onBackgroundOutcomes(listener: (outcomes: BackgroundOutcome[]) => void): () => void {
    listeners.add(listener);
    report();
    return () => void listeners.delete(listener);
  }

  /**
   * For a form that is open in front of the person: stores the action, then tries to send it now.
   * Sent: the result. Offline or a network error: stays queued and is sent later. Refused: removed from
   * the outbox (the form still holds the content) and the reason returned for the form to show.
   */
  async function submit<P>(kind: string, payload: P, summary?: string): Promise<SubmitResult> {
    const queued = newAction(kind, payload, summary);
    // Marked before it is stored, so a flush already running cannot report it as a background send.
    awaited.add(queued.id);
    try {
      await table().add(queued as OutboxAction);
      if (!isOnline() || !senders.has(kind)) return { state: "queued", id: queued.id };
      // Wait for earlier actions first so order holds; then this one.
      await flush();
      const left = await table().get(queued.id);
      if (!left) return { state: "sent", id: queued.id, result: lastResults.get(queued.id) };
      if (left.status === "refused") {
        await table().delete(queued.id);
        return { state: "refused", id: queued.id, reason: left.error ?? "" };
      }
      return { state: "queued", id: queued.id };
    } finally {
      awaited.delete(queued.id);
    }
  }

  /** Removes a queued or refused action. An action already in flight cannot be called back. */
  async function cancel(id: string): Promise<boolean> {
    const t = table();
    return t.db.transaction("rw", t, async () => {
      const a = await t.get(id);
      if (!a || a.status === "sending") return false;
      await t.delete(id);
      return true;
    });
  }

  /** Puts a refused (or queued) action back in the queue, with edited content if given. */
  async function retry<P>(id: string, payload?: P): Promise<void> {
    const t = table();
    await t.db.transaction("rw", t, async () => {
      const a = await t.get(id);
      if (!a || a.status === "sending") return;
      await t.update(id, { status: "queued", error: undefined, attempts: 0, ...(payload === undefined ? {} : { payload }) });
    });
    void flush();
  }

  /** Flushes now and whenever the browser comes back online. Returns a stop function. */
  function start(): () => void {
    const onOnline = () => {
      if (retryTimer !== null) {
        clearTimer(retryTimer);
        retryTimer = null;
      }
      void flush();
    };
    if (typeof window !== "undefined") window.addEventListener("online", onOnline);
    void flush();
    return () => {
      if (typeof window !== "undefined") window.removeEventListener("online", onOnline);
      if (retryTimer !== null) clearTimer(retryTimer);
      retryTimer = null;
    };
  }

  /** The in-app path where this action can be edited and sent again, when its feature offers one. */
  function editPath(action: Pick<OutboxAction, "id" | "kind">): string | undefined {
    return editPaths.get(action.kind)?.(action.id);
  }

  return { registerSender, enqueue, submit, flush, cancel, retry, start, editPath, onBackgroundOutcomes };
}
