// New visitors for `npm run bench:viral`, in a worker thread of their own so the bench's other work
// (the price watch, the buyers) never queues behind them: each visitor loads a page (the hot piece's
// 60 % of the time), then the catalogue's first sync and the pictures at once, as a browser does.
// The bench sets the phase (shared memory): 0 the server is up, 1 down, 2 back, 3 stop arriving.
import { parentPort, workerData } from "node:worker_threads";
import { setTimeout as sleep } from "node:timers/promises";
import { Agent, request } from "undici";

export const UP = 0;
export const DOWN = 1;
export const BACK = 2;
export const STOP = 3;

const { cache, hotPath, others, pictures, rate, phase: shared } = workerData ?? {};

async function run() {
  const phase = new Int32Array(shared);
  const dispatcher = new Agent({ connections: 512, pipelining: 1, keepAliveTimeout: 30_000 });
  const stats = [UP, DOWN, BACK].map(() => ({ sent: 0, ms: [], statuses: {}, hits: 0 }));
  let visitors = 0;
  const get = async (path) => {
    const s = stats[Atomics.load(phase, 0) === STOP ? BACK : Atomics.load(phase, 0)];
    s.sent++;
    const started = performance.now();
    let status;
    try {
      const res = await request(cache + path, { dispatcher, headers: { "accept-encoding": "gzip", accept: "image/webp,*/*" } });
      await res.body.dump();
      status = res.statusCode;
      if (res.headers["x-cache"] === "hit") s.hits++;
    } catch {
      status = 0;
    }
    s.ms.push(performance.now() - started);
    s.statuses[status] = (s.statuses[status] ?? 0) + 1;
  };
  const visit = async () => {
    visitors++;
    await get(Math.random() < 0.6 ? hotPath : others[Math.floor(Math.random() * others.length)]);
    // The first sync of a browser with nothing yet, as src/lib/sync/engine.ts asks for it.
    await Promise.all([get("/api/studio/changes?since="), ...pictures.map(get)]);
  };
  const inflight = new Set();
  const start = performance.now();
  for (let n = 0; Atomics.load(phase, 0) !== STOP; n++) {
    const wait = start + (n * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    const v = visit().finally(() => inflight.delete(v));
    inflight.add(v);
  }
  await Promise.all(inflight);
  await dispatcher.close();
  parentPort.postMessage({ visitors, stats: stats.map((s) => ({ ...s, ms: Float64Array.from(s.ms) })) });
}

if (parentPort && workerData) await run();
