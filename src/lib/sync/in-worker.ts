// The page's side of the sync worker (./worker.ts): one pull per call, answered when the changes
// are written. The worker starts at the first pull (a repeat visit with nothing new never starts
// it); one that fails to start (offline before it was ever cached) is started again next time.
import type { PullAnswer, PullRequest } from "./worker";

// The build makes the worker an entry of its own beside the app (vite.config.ts, SYNC_WORKER).
const WORKER_URL = import.meta.env.DEV ? "/src/lib/sync/worker.ts" : "/catalogue-sync.js";

export function pullInWorker(): () => Promise<void> {
  let worker: Worker | null = null;
  let last = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();

  function startWorker(): Worker {
    const w = new Worker(WORKER_URL, { type: "module", name: "catalogue-sync" });
    w.addEventListener("message", (event: MessageEvent<PullAnswer>) => {
      const { id, error } = event.data;
      const pending = waiting.get(id);
      waiting.delete(id);
      if (error === undefined) pending?.resolve();
      else pending?.reject(new Error(error));
    });
    w.addEventListener("error", (event) => {
      event.preventDefault();
      w.terminate();
      worker = null;
      for (const pending of waiting.values()) pending.reject(new Error(event.message || "the catalogue's sync worker did not start"));
      waiting.clear();
    });
    return w;
  }

  return () =>
    new Promise<void>((resolve, reject) => {
      worker ??= startWorker();
      const id = ++last;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id } satisfies PullRequest);
    });
}
