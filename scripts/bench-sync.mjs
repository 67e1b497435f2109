// `npm run bench:sync`: the catalogue at scale, in Chromium against the real server.
// Generates the large catalogue (scripts/lib/large-catalog.mjs), then measures
//  - cold sync into IndexedDB: the changes route vs the per-collection pattern, alternating, same run;
//  - a repeat visit of /gallery with nothing changed: API requests and bytes;
//  - the 2,000-painting gallery: first paint, tag filter and View Details to the next paint;
// and writes the figures to bench/results/sync-<date>.json. Flags: --no-build, --runs=N.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadavg, tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import PocketBase from "pocketbase";
import { rolldown } from "rolldown";
import { chromium } from "playwright";
import { root, freePort } from "./lib/project.mjs";
import { launchServer } from "./lib/server.mjs";
import { LARGE, seedLargeCatalog } from "./lib/large-catalog.mjs";
import { measureGallery } from "./lib/bench-gallery.mjs";

const runs = Number(process.argv.find((a) => a.startsWith("--runs="))?.split("=")[1] ?? 5);
if (!process.argv.includes("--no-build")) {
  if (spawnSync(process.execPath, [join(root, "scripts/build.mjs")], { stdio: "inherit" }).status !== 0) process.exit(1);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (n) => Math.round(n);
const kb = (n) => Math.round((n / 1024) * 10) / 10;

async function probeBundle() {
  const bundle = await rolldown({ input: join(root, "src/lib/sync/bench-probe.ts"), logLevel: "silent" });
  const { output } = await bundle.generate({ format: "iife", minify: true });
  return output[0].code;
}

/** Counts the API requests a page makes (pictures under /api/files aside) and the bytes of their answers. */
function apiMeter(page) {
  let requests = [];
  page.on("requestfinished", async (req) => {
    const path = new URL(req.url()).pathname;
    if (!path.startsWith("/api/") || path.startsWith("/api/files/")) return;
    const sizes = await req.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
    requests.push({ method: req.method(), path: new URL(req.url()).pathname, bytes: sizes.responseBodySize + sizes.responseHeadersSize });
  });
  // The realtime stream never finishes while open: count it when it starts.
  page.on("request", (req) => {
    if (new URL(req.url()).pathname === "/api/realtime" && req.method() === "GET") requests.push({ method: "GET", path: "/api/realtime (stream)", bytes: 0 });
  });
  return {
    reset: () => (requests = []),
    read: () => requests,
  };
}

/** The realtime greeting a (re)connecting browser gets for the catalogue: the bytes of its SSE event. */
async function greetingBytes(url) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/realtime`, { signal: controller.signal });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const nextEvent = async () => {
    while (!text.includes("\n\n")) text += decoder.decode((await reader.read()).value, { stream: true });
    const [event, rest] = [text.slice(0, text.indexOf("\n\n") + 2), text.slice(text.indexOf("\n\n") + 2)];
    text = rest;
    return event;
  };
  const connect = await nextEvent();
  const clientId = /id:(\S+)/.exec(connect)[1];
  await fetch(`${url}/api/realtime`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ clientId, subscriptions: ["studio/catalog"] }) });
  const greeting = await nextEvent();
  controller.abort();
  return { bytes: Buffer.byteLength(greeting), event: greeting.trim() };
}

const dataDir = mkdtempSync(join(tmpdir(), "studio-bench-sync-"));
const server = await launchServer({ http: `127.0.0.1:${await freePort()}`, dataDir });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
// Figures from a shared machine vary with its load; it is written beside them.
const results = { measuredAt: new Date().toISOString(), loadAverage: loadavg().map((n) => Math.round(n * 10) / 10), catalogue: LARGE };
try {
  const su = new PocketBase(server.url);
  su.autoCancellation(false);
  await su.collection("_superusers").authWithPassword(server.superuser.email, server.superuser.password);
  let t = Date.now();
  await seedLargeCatalog(su);
  results.generateSeconds = Math.round((Date.now() - t) / 100) / 10;
  console.log(`generated ${Object.entries(LARGE).map(([k, v]) => `${v} ${k}`).join(", ")} in ${results.generateSeconds} s`);
  await server.untilIdle();

  // Cold sync, both ways, alternating so neither gets a warmer server or browser.
  const code = await probeBundle();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route(`${server.url}/__bench/sync`, (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><title>sync bench</title><script>${code}</script>` }),
  );
  await page.goto(`${server.url}/__bench/sync`);
  const meter = apiMeter(page);
  const cold = { changesRoute: [], perCollection: [] };
  for (let i = 0; i < runs * 2; i++) {
    const kind = i % 4 === 0 || i % 4 === 3 ? "changesRoute" : "perCollection";
    meter.reset();
    const run = await page.evaluate(([k, name]) => globalThis.syncProbe[k](name), [kind, `bench-${kind}-${i}`]);
    await page.waitForTimeout(50);
    const reqs = meter.read();
    cold[kind].push({ ms: run.ms, rows: run.rows, requests: reqs.length, bytes: reqs.reduce((n, r) => n + r.bytes, 0) });
  }
  await context.close();
  const summary = (list) => ({
    medianMs: round(median(list.map((r) => r.ms))),
    runsMs: list.map((r) => round(r.ms)),
    requests: list[0].requests,
    transferKB: kb(list[0].bytes),
    rows: list[0].rows,
  });
  results.coldSync = { changesRoute: summary(cold.changesRoute), perCollection: summary(cold.perCollection) };
  results.coldSync.speedup = Math.round((results.coldSync.perCollection.medianMs / results.coldSync.changesRoute.medianMs) * 10) / 10;
  const same = JSON.stringify(results.coldSync.changesRoute.rows) === JSON.stringify(results.coldSync.perCollection.rows);
  if (!same) throw new Error(`the two syncs stored different catalogues: ${JSON.stringify(results.coldSync)}`);
  console.log(
    `cold sync into IndexedDB: changes route ${results.coldSync.changesRoute.medianMs} ms (${results.coldSync.changesRoute.requests} request, ${results.coldSync.changesRoute.transferKB} KB)` +
      ` vs per collection ${results.coldSync.perCollection.medianMs} ms (${results.coldSync.perCollection.requests} requests, ${results.coldSync.perCollection.transferKB} KB): ${results.coldSync.speedup}x`,
  );

  // A repeat visit of the real app with nothing changed.
  const visit = await browser.newContext();
  const app = await visit.newPage();
  const appMeter = apiMeter(app);
  await app.goto(`${server.url}/gallery`);
  await app.waitForResponse((r) => r.url().includes("/api/studio/changes"));
  await app.waitForTimeout(3000);
  appMeter.reset();
  await app.reload();
  await app.waitForTimeout(3000);
  const repeat = appMeter.read();
  const greeting = await greetingBytes(server.url);
  results.repeatVisit = {
    apiRequests: repeat.length,
    requests: repeat,
    changesRouteBytes: repeat.filter((r) => r.path === "/api/studio/changes").reduce((n, r) => n + r.bytes, 0),
    realtimeGreeting: greeting,
  };
  console.log(
    `repeat visit, nothing changed: ${repeat.length} API requests (${repeat.map((r) => `${r.method} ${r.path}`).join(", ")});` +
      ` the catalogue's answer is the realtime greeting, ${greeting.bytes} bytes (${greeting.event.replace(/\n/g, " ")})`,
  );

  await visit.close();

  const galleryContext = await browser.newContext();
  results.gallery = await measureGallery(galleryContext, server.url);
  await galleryContext.close();
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

mkdirSync(join(root, "bench", "results"), { recursive: true });
const out = join(root, "bench", "results", `sync-${new Date().toISOString().slice(0, 10)}.json`);
writeFileSync(out, JSON.stringify(results, null, 2));
console.log(`figures written to ${out}`);
