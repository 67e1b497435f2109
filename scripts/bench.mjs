// `npm run bench`: how fast the shop is on a phone. Builds, starts the real server with the demo
// studio, runs Lighthouse (mobile preset, simulated throttling, median of 3) on every public route
// cold and on a repeat visit served by the service worker, measures what travels on the wire,
// compares each figure with the targets of docs/decisions/013-fast-on-a-phone.md, and writes
// bench/results.json. Beside it, in every run, the stack's floor (React + router + Dexie + the
// PocketBase client and nothing else) is measured the same way, a run of it after each run of a
// route, as a ratio ours/floor; each route shows its longest main-thread task and its TBT as a
// share of the floor's measured beside it (target ≤ 1.5). A measurement that fails (a page that
// does not load, a service worker that never takes control on a busy machine) is named in the
// report and the others are still reported; the exit status is then 1.
//
// Options: --no-build, --runs N (default 3), --routes /,/gallery, --no-repeat.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import { root, freePort } from "./lib/project.mjs";
import { launchServer } from "./lib/server.mjs";
import { seedDemoData } from "./lib/seed.mjs";
import { shopConfig } from "./lib/config.mjs";
import { routeBudgets, BUDGET } from "./lib/budget.mjs";
import { precacheOnTheWire } from "./lib/wire.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const has = (name) => process.argv.includes(name);
const runs = Number(arg("--runs", "3"));
const kb = (n) => Math.round((n / 1024) * 10) / 10;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const TARGETS = {
  performance: { max: false, value: 95 },
  fcpMs: { max: true, value: 1000 },
  lcpMs: { max: true, value: 1500 },
  tbtMs: { max: true, value: 50 },
  cls: { max: true, value: 0.02 },
  longestTaskMs: { max: true, value: 50 },
  repeatFcpMs: { max: true, value: 500 },
};
// The floor's TBT in the same run is what this stack costs at least; a route may take 1.5 times it.
const TBT_PER_FLOOR = 1.5;

if (!has("--no-build") && spawnSync(process.execPath, [join(root, "scripts/build.mjs")], { stdio: "inherit" }).status !== 0) process.exit(1);
const floorDir = mkdtempSync(join(tmpdir(), "studio-floor-"));
process.on("exit", () => rmSync(floorDir, { recursive: true, force: true }));
const floorBuilt = spawnSync(process.execPath, [join(root, "scripts/build-floor.mjs"), floorDir], { stdio: "inherit" }).status === 0;

const { default: lighthouse } = await import("lighthouse");
const chromeLauncher = await import("chrome-launcher");
const puppeteer = (await import("puppeteer-core")).default;

const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

function summarize(lhr) {
  const a = lhr.audits;
  const byType = Object.fromEntries((a["resource-summary"].details?.items ?? []).map((i) => [i.resourceType, i.transferSize]));
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    fcpMs: Math.round(a["first-contentful-paint"].numericValue),
    lcpMs: Math.round(a["largest-contentful-paint"].numericValue),
    tbtMs: Math.round(a["total-blocking-time"].numericValue),
    cls: Math.round(a["cumulative-layout-shift"].numericValue * 1000) / 1000,
    ...longestTask(a),
    ...mainThreadWork(a),
    bytes: byType,
    lcpElement: a["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    lcpPictureBytes: lcpPictureBytes(a),
    urls: (a["network-requests"].details?.items ?? []).map((i) => i.url),
  };
}

// The longest main-thread task, as Lighthouse simulates it on a phone, with the script it is
// charged to; Lighthouse lists only tasks of 50 ms or more, so a page without one says 0.
function longestTask(audits) {
  const task = audits["long-tasks"]?.details?.items?.[0];
  return { longestTaskMs: task ? Math.round(task.duration) : 0, longestTaskUrl: task?.url ?? null };
}

// All the main thread's work over the load, as Lighthouse scales it to a phone, and the script
// evaluation within it. Unlike TBT it counts every task, not only what a task holds beyond 50 ms,
// so a few milliseconds either side of that line do not move it: steadier from run to run.
function mainThreadWork(audits) {
  const a = audits["mainthread-work-breakdown"];
  const script = (a?.details?.items ?? []).filter((i) => i.group === "scriptEvaluation").reduce((sum, i) => sum + i.duration, 0);
  return { mainThreadMs: Math.round(a?.numericValue ?? 0), scriptMs: Math.round(script) };
}

// The LCP element's picture, as transferred (0 when the largest paint is text).
function lcpPictureBytes(audits) {
  const snippet = audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? "";
  if (!snippet.startsWith("<img")) return 0;
  const pictures = (audits["network-requests"].details?.items ?? []).filter((i) => i.resourceType === "Image" && i.url.includes("/api/files/"));
  const alt = snippet.match(/alt="([^"]*)"/)?.[1];
  const src = snippet.match(/src="([^"?]*)/)?.[1]?.replace(/^https?:\/\/[^/]+/, "");
  const hit = pictures.find((p) => src && p.url.includes(src.replace(/…$/, ""))) ?? pictures.sort((x, y) => y.transferSize - x.transferSize)[0];
  return alt !== undefined && hit ? hit.transferSize : 0;
}

function medianOf(list) {
  const pick = (key) => median(list.map((r) => r[key]));
  const mid = [...list].sort((a, b) => a.performance - b.performance)[Math.floor(list.length / 2)];
  return {
    performance: pick("performance"),
    fcpMs: pick("fcpMs"),
    lcpMs: pick("lcpMs"),
    tbtMs: pick("tbtMs"),
    // Every run's, in the order taken: the spread says how far the median can be trusted.
    tbtRunsMs: list.map((r) => r.tbtMs),
    cls: pick("cls"),
    longestTaskMs: pick("longestTaskMs"),
    mainThreadMs: pick("mainThreadMs"),
    scriptMs: pick("scriptMs"),
    longestTaskUrl: mid.longestTaskUrl,
    bytes: mid.bytes,
    lcpElement: mid.lcpElement,
    lcpPictureBytes: mid.lcpPictureBytes,
    urls: mid.urls,
  };
}

const reason = (err) => String(err?.message ?? err).split("\n")[0];

// Each run has a browser of its own, as the Lighthouse CLI does. A browser kept across runs
// learns the page: from the second visit on, Chromium's loading predictor fetches the fonts
// before the first paint, which no first-time visitor's browser does, and Lighthouse's simulated
// FCP then counts their download (about 1.05 s against 0.7 s on every route).
async function lighthouseRun(url, { repeat }) {
  let chrome;
  try {
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
    if (repeat) await installServiceWorker(chrome, url);
    const run = () => lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], disableStorageReset: repeat });
    let { lhr } = await run();
    // Lighthouse sometimes loses its own trace (NO_NAVSTART) and asks to be run again: once.
    if (lhr.runtimeError) ({ lhr } = await run());
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
    return summarize(lhr);
  } finally {
    try {
      await chrome?.kill();
    } catch {
      // already gone
    }
  }
}

// `runs` runs of each address, taken in turn (a, b, a, b, …): on a 2-core machine a few busy
// seconds move TBT by tens of milliseconds, and runs taken in turn share them, where a block of
// one address's runs followed by a block of the other's did not. Each address gets the median of
// its runs that completed, with how many did; with none, why not.
async function lighthouseRuns(urls, { repeat }) {
  const sides = urls.map(() => ({ results: [], failures: [] }));
  for (let i = 0; i < runs; i++) {
    for (const [n, url] of urls.entries()) {
      try {
        sides[n].results.push(await lighthouseRun(url, { repeat }));
      } catch (err) {
        sides[n].failures.push(reason(err));
      }
    }
  }
  return sides.map(({ results, failures }) => {
    if (results.length === 0) return { failed: failures[0], runs: `0 of ${runs}` };
    return { ...medianOf(results), runs: `${results.length} of ${runs}`, ...(failures.length ? { failures } : {}) };
  });
}

// A repeat visit: the person has been here before, so the service worker controls the page and
// has the shell in its cache.
async function installServiceWorker(chrome, url) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: "load" });
    try {
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, { timeout: 60000 });
    } catch (err) {
      throw new Error(`the service worker did not take control within 60 s (${reason(err)})`, { cause: err });
    }
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

// A site whose server does not start or cannot be seeded is { failed }; a route that fails is
// { failed } beside the others. With `floor` (the floor's / served beside the shop), each cold run
// of a route is followed by one of the floor's, so the two are measured at the same moments: on a
// 2-core machine the floor's TBT moved between 18 and 105 ms from one bench to the next, and a
// route's share of it measured minutes apart said more about the machine than about the route.
async function measureSite(label, { webDir, routes, repeat, floor }) {
  let site;
  try {
    site = await openSite({ webDir });
    const out = {};
    for (const route of routes) {
      try {
        const path = await concretePath(site.url, route);
        const page = await fetch(site.url + path);
        if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
        const [cold, floorBeside] = await lighthouseRuns([site.url + path, ...(floor ? [floor] : [])], { repeat: false });
        out[route] = { cold, ...(floorBeside ? { floor: floorBeside } : {}) };
        if (repeat) [out[route].repeat] = await lighthouseRuns([site.url + path], { repeat: true });
      } catch (err) {
        out[route] = { failed: reason(err) };
      }
      console.log(`${label} ${route}`, JSON.stringify(out[route], (k, v) => (k === "urls" ? undefined : v)));
    }
    // What the service worker downloads beyond what the home page already fetched (those come from the HTTP cache).
    let precache = null;
    if (!webDir) {
      try {
        precache = await precacheOnTheWire(site.url, new Set(out["/"]?.cold?.urls ?? []));
      } catch (err) {
        precache = { failed: reason(err) };
      }
    }
    return { routes: out, precache };
  } catch (err) {
    return { failed: reason(err), routes: {} };
  } finally {
    await site?.close();
  }
}

// A real server with the demo studio (or, with webDir, the floor's pages) on a free port.
async function openSite({ webDir, expect }) {
  const dataDir = mkdtempSync(join(tmpdir(), "studio-bench-"));
  let server;
  const close = async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    server = await launchServer({ http: `127.0.0.1:${await freePort()}`, dataDir, env: webDir ? { STUDIO_WEB_DIR: webDir } : {} });
    await seedDemoData({ url: server.url, superuserEmail: server.superuser.email, superuserPassword: server.superuser.password, admin: shopConfig({}).admin });
    await server.untilIdle();
    if (expect) {
      const page = await fetch(server.url + "/");
      const html = await page.text();
      if (page.status !== 200 || !html.includes(expect)) throw new Error(`/ answered ${page.status}${page.status === 200 ? ` without ${expect}` : ""}`);
    }
    return { url: server.url, close };
  } catch (err) {
    await close();
    throw err;
  }
}

// A route with an id measures the featured book, or the first painting in the sitemap (a piece's page).
async function concretePath(url, route) {
  if (route === "/book/{id}") {
    const res = await fetch(`${url}/api/collections/books/records?filter=${encodeURIComponent("featured=true")}&perPage=1&fields=id`);
    const { items } = await res.json();
    return `/book/${items[0].id}`;
  }
  if (route === "/gallery/{slug}") {
    const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
    return new URL(/<loc>([^<]*\/gallery\/[^<]+)<\/loc>/.exec(sitemap)[1]).pathname;
  }
  return route;
}

const PUBLIC_ROUTES = ["/", "/gallery", "/book/{id}", "/gallery/{slug}", "/pebblewick", "/cryptids", "/about", "/commissions"];
const routes = arg("--routes", PUBLIC_ROUTES.join(",")).split(",");
let floorSite = null;
let floorFailed = floorBuilt ? null : "scripts/build-floor.mjs failed";
if (floorBuilt) {
  try {
    floorSite = await openSite({ webDir: floorDir, expect: '<main class="prerendered"><h1>Lanternwood Studio</h1></main>' });
  } catch (err) {
    floorFailed = reason(err);
  }
}
const ours = await measureSite("ours", { routes, repeat: !has("--no-repeat"), floor: floorSite && `${floorSite.url}/` });
await floorSite?.close();
// The floor's figures over the whole run: the median of its measurements beside each route.
// The floor's measurement beside a route, when it has one.
const floorBeside = (r) => (r.floor && !r.floor.failed ? r.floor : null);
const floorRuns = Object.values(ours.routes).map(floorBeside).filter(Boolean);
const floor = floorFailed
  ? { failed: floorFailed, routes: {} }
  : { routes: { "/": { cold: floorRuns.length ? { ...medianOf(floorRuns), runs: `${floorRuns.length} routes` } : { failed: Object.values(ours.routes).find((r) => r.floor?.failed)?.floor.failed ?? "not measured" } } } };
const budgets = routeBudgets();

// Everything that was asked for and has no figure, with why.
const notMeasured = [];
for (const [site, result] of [["ours", ours], ["floor", floor.failed ? floor : { routes: {} }]]) {
  if (result.failed) notMeasured.push({ site, what: "every route", why: result.failed });
  for (const [route, r] of Object.entries(result.routes)) {
    if (r.failed) notMeasured.push({ site, what: route, why: r.failed });
    for (const visit of ["cold", "floor", "repeat"]) {
      if (r[visit]?.failed) notMeasured.push({ site, what: `${route} ${visit}`, why: r[visit].failed });
      else if (r[visit]?.failures) notMeasured.push({ site, what: `${route} ${visit}, ${runs - Number(r[visit].runs.split(" ")[0])} of ${runs} runs`, why: r[visit].failures[0] });
    }
  }
  if (result.precache?.failed) notMeasured.push({ site, what: "the precache", why: result.precache.failed });
}

// The table: each figure beside its target.
const verdict = (key, v) => (TARGETS[key].max ? v <= TARGETS[key].value : v >= TARGETS[key].value);
const ratio = (a, b) => Math.round((a / b) * 100) / 100;
const f = floor.routes["/"]?.cold;
const floorTbt = f && !f.failed ? f.tbtMs : null;
// A route's TBT as a share of the floor's measured beside it: a floor of 0 ms leaves any TBT above 0 over the target.
const tbtShare = (tbt, floorTbt) => (floorTbt === null ? "" : floorTbt === 0 ? (tbt === 0 ? "1 ✓" : "∞ ✗") : `${ratio(tbt, floorTbt)}${tbt <= floorTbt * TBT_PER_FLOOR ? " ✓" : " ✗"}`);
const rows = [];
for (const [route, r] of Object.entries(ours.routes)) {
  const c = r.cold;
  if (!c || c.failed) {
    rows.push({ route, performance: "not measured" });
    continue;
  }
  const checks = { performance: c.performance, fcpMs: c.fcpMs, lcpMs: c.lcpMs, tbtMs: c.tbtMs, cls: c.cls, longestTaskMs: c.longestTaskMs };
  if (r.repeat && !r.repeat.failed) checks.repeatFcpMs = r.repeat.fcpMs;
  const b = budgets.routes[route];
  rows.push({
    route,
    ...Object.fromEntries(Object.entries(checks).map(([k, v]) => [k, `${v}${verdict(k, v) ? " ✓" : " ✗"}`])),
    tbtPerFloor: tbtShare(c.tbtMs, floorBeside(r)?.tbtMs ?? null),
    transferKB: kb(c.bytes.total ?? 0),
    lcpPictureKB: c.lcpPictureBytes ? `${kb(c.lcpPictureBytes)}${c.lcpPictureBytes <= 60 * 1024 ? " ✓" : " ✗"}` : "text",
    jsKB: b ? `${kb(b.js)}${b.js <= BUDGET.jsPerRoute ? " ✓" : " ✗"}` : "",
    cssKB: b ? `${kb(b.css)}${b.css <= BUDGET.cssPerRoute ? " ✓" : " ✗"}` : "",
  });
}
console.table(rows);
const home = ours.routes["/"]?.cold;
const firstVisit = home?.bytes && typeof ours.precache?.bytes === "number" ? home.bytes.total + ours.precache.bytes : null;
if (firstVisit !== null) console.log(`first visit to / with the precache: ${kb(firstVisit)} KB on the wire (target ≤ ${kb(BUDGET.firstVisit)} KB) ${firstVisit <= BUDGET.firstVisit ? "✓" : "✗"}`);
if (floorTbt !== null) {
  console.log(`the floor's / (median beside every route): performance ${f.performance}, FCP ${f.fcpMs} ms, LCP ${f.lcpMs} ms, TBT ${f.tbtMs} ms, longest task ${f.longestTaskMs} ms (${f.longestTaskUrl ?? "no script"}), ${kb(f.bytes.total ?? 0)} KB`);
  for (const [route, r] of Object.entries(ours.routes)) {
    const o = r.cold;
    const fr = floorBeside(r);
    if (o && !o.failed && fr) console.log(`ours/floor on ${route}: FCP ${ratio(o.fcpMs, fr.fcpMs)}, LCP ${ratio(o.lcpMs, fr.lcpMs)}, TBT ${o.tbtMs}/${fr.tbtMs} ms (${tbtShare(o.tbtMs, fr.tbtMs)}, target ≤ ${TBT_PER_FLOOR}; runs ${o.tbtRunsMs.join(" ")} / ${fr.tbtRunsMs.join(" ")}), longest task ${o.longestTaskMs}/${fr.longestTaskMs} ms, main-thread work ${o.mainThreadMs}/${fr.mainThreadMs} ms (${ratio(o.mainThreadMs, fr.mainThreadMs)}; script ${o.scriptMs}/${fr.scriptMs} ms), bytes ${ratio(o.bytes.total, fr.bytes.total)}`);
  }
}
for (const [route, r] of Object.entries(ours.routes)) {
  const o = r.cold;
  if (o?.longestTaskMs) console.log(`longest main-thread task on ${route}: ${o.longestTaskMs} ms, charged to ${o.longestTaskUrl ?? "no script"}`);
}
for (const n of notMeasured) console.log(`not measured: ${n.site} ${n.what}: ${n.why}`);
if (notMeasured.length) process.exitCode = 1;

mkdirSync(join(root, "bench"), { recursive: true });
const out = join(root, "bench", "results.json");
const load = (await import("node:os")).loadavg();
for (const site of [ours, floor]) for (const r of Object.values(site.routes)) for (const run of Object.values(r)) if (typeof run === "object") delete run.urls;
writeFileSync(out, JSON.stringify({ measuredAt: new Date().toISOString(), runs, loadAverage: load, targets: TARGETS, tbtPerFloor: TBT_PER_FLOOR, budget: BUDGET, ours, floor, buildBudgets: budgets, firstVisitBytes: firstVisit, notMeasured }, null, 2));
console.log(`figures written to ${out}`);
