// The viral day (`npm run bench:viral`): Varnish with deploy/varnish/lanternwood.vcl in front of the
// real server and the demo studio, on loopback. New visitors arrive at a steady 170 a second, each
// loading a page (one piece takes 60 % of them), the catalogue's first sync and a dozen pictures.
// Halfway the piece's price changes; 500 buyers then race for its one original; then the server is
// stopped for 60 s while visitors keep coming, and started again. It prints the share of requests
// that reached the server, p95 at the cache, the server's CPU, how long the new price took to show,
// how many originals sold and what was served while the server was down, against the targets.
// Options: --rate N (visitors a second), --seconds N (visits before the outage), --outage N,
// --workers N (threads the visitors come from).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import PocketBase from "pocketbase";
import { Worker } from "node:worker_threads";
import { Agent, request } from "undici";
import { root, freePort } from "./lib/project.mjs";
import { cpuSeconds, launchServer } from "./lib/server.mjs";
import { seedCatalog } from "./lib/seed.mjs";
import { startVarnish } from "./lib/varnish.mjs";
import { UP, DOWN, BACK, STOP } from "./lib/viral-visitors.mjs";

const TARGETS = { serverShare: 0.05, p95Ms: 50, priceShownMs: 2000, originalsSold: 1 };
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RATE = arg("--rate", 170);
const SECONDS = arg("--seconds", 120);
const OUTAGE = arg("--outage", 60);
const WORKERS = arg("--workers", 2);
const BUYERS = 500;
const ORIGINAL = "Original - For Sale";

// Buyers have connections of their own, as separate people would (visitors theirs, in their threads).
const buyers = new Agent({ connections: BUYERS, pipelining: 1 });
const slug = (t) => t.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

function p(values, q) {
  if (!values.length) return 0;
  const sorted = Float64Array.from(values).sort();
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
}

async function arrange(server) {
  const su = new PocketBase(server.url);
  su.autoCancellation(false);
  await su.collection("_superusers").authWithPassword(server.superuser.email, server.superuser.password);
  await seedCatalog(su);
  // Hundreds of buyers from one machine: the per-address limits would answer most of them 429.
  await su.settings.update({ rateLimits: { enabled: false } });
  const paintings = await su.collection("paintings").getFullList({ sort: "created" });
  const hot = paintings.find((x) => x.tags.includes(ORIGINAL) && x.tag_prices?.[ORIGINAL] > 0) ?? paintings[0];
  if (!hot.tags.includes(ORIGINAL)) {
    await su.collection("paintings").update(hot.id, { tags: [...hot.tags, ORIGINAL], tag_prices: { ...hot.tag_prices, [ORIGINAL]: 450 } });
  }
  const pieces = [];
  for (const [list, collection, name] of [["gallery", "paintings", "title"], ["murals", "murals", "title"], ["shop", "merchandise", "title"]]) {
    for (const r of await su.collection(collection).getFullList()) pieces.push(`/${list}/${slug(r[name])}-${r.id}`);
  }
  const pictures = paintings.slice(0, 12).map((r) => `/api/files/${r.collectionId}/${r.id}/${r.image}?thumb=400x0`);
  return { su, hot: (await su.collection("paintings").getOne(hot.id)), pieces, pictures };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "studio-viral-"));
  const [serverPort, varnishPort] = [await freePort(), await freePort()];
  const env = { STRIPE_SECRET_KEY: "", STUDIO_PAYMENTS: "demo", STUDIO_PURGE_VARNISH: `http://127.0.0.1:${varnishPort}` };
  const launch = () => launchServer({ http: `127.0.0.1:${serverPort}`, dataDir, env });
  let server = await launch();
  const varnish = await startVarnish({ port: varnishPort, backendPort: serverPort, memory: "512m" });
  const cache = varnish.url;
  // Varnish's own account of each request: how long it took inside the cache, and how it was handled.
  const inside = [];
  const ncsa = spawn("varnishncsa", ["-n", varnish.workdir, "-F", "%D %{Varnish:handling}x"], { stdio: ["ignore", "pipe", "ignore"] });
  createInterface({ input: ncsa.stdout }).on("line", (line) => {
    const [us, handling] = line.split(" ");
    inside.push({ ms: Number(us) / 1000, handling });
  });
  let workers = [];
  const watcher = new Agent({ connections: 4 });
  try {
    const { su, hot, pieces, pictures } = await arrange(server);
    const hotPath = `/gallery/${slug(hot.title)}-${hot.id}`;
    const others = ["/", "/gallery", "/about", "/pebblewick", "/cryptids", "/commissions", ...pieces.filter((x) => x !== hotPath)];
    await server.untilIdle();
    console.log(`viral day: ${RATE} new visitors a second for ${SECONDS} s through Varnish ${cache} to the server ${server.url}…`);

    // Visitors arrive from worker threads, each at its share of the rate.
    const phase = new Int32Array(new SharedArrayBuffer(4));
    workers = Array.from({ length: WORKERS }, () =>
      new Worker(new URL("./lib/viral-visitors.mjs", import.meta.url), {
        workerData: { cache, hotPath, others, pictures, rate: RATE / WORKERS, phase: phase.buffer },
      }),
    );
    const reports = Promise.all(workers.map((w) => new Promise((resolve, reject) => {
      w.once("message", resolve);
      w.once("error", reject);
    })));
    const setPhase = (p) => Atomics.store(phase, 0, p);

    const logLines = () => server.log().split("\n").filter((l) => / (GET|POST|HEAD) \//.test(l) && !l.includes("/api/health")).length;
    const before = { cpu: cpuSeconds(server.process.pid), lines: logLines(), at: performance.now(), inside: inside.length };

    // Halfway: a new price, watched on the piece's kept page.
    await sleep((SECONDS * 1000) / 2);
    const newPrice = (hot.tag_prices?.[ORIGINAL] ?? 450) + 25;
    await su.collection("paintings").update(hot.id, { tag_prices: { ...hot.tag_prices, [ORIGINAL]: newPrice } });
    const changedAt = performance.now();
    let priceShownMs = null;
    let polls = 0;
    const watch = [];
    while (performance.now() - changedAt < 30_000) {
      polls++;
      const res = await request(cache + hotPath, { dispatcher: watcher });
      const html = await res.body.text();
      watch.push(`${Math.round(performance.now() - changedAt)} ms: ${res.statusCode} ${res.headers["x-cache"]} age ${res.headers.age}`);
      if (html.includes(`"price":"${newPrice}.00"`)) {
        priceShownMs = Math.round(performance.now() - changedAt);
        break;
      }
      await sleep(20);
    }
    console.log(`  new price shown on the kept page after ${priceShownMs} ms (${watch.length} looks: ${watch.slice(0, 3).join("; ")} … ${watch.at(-1)})`);
    const purges = server.log().split("\n").filter((l) => /purge/i.test(l));
    if (purges.length) console.log(`  the server said: ${purges.slice(-5).join(" | ")}`);

    // 500 buyers race for the one original; whoever gets the checkout pays at once.
    const buy = async (i) => {
      const res = await request(`${cache}/api/studio/checkout`, {
        dispatcher: buyers, method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ items: [{ id: hot.id, type: "painting", variant: "original", quantity: 1 }] }),
      });
      const body = await res.body.json().catch(() => ({}));
      if (res.statusCode !== 200) return { status: res.statusCode, message: body.message };
      const paid = await request(`${cache}/api/studio/checkout/${body.session_id}/pay`, {
        dispatcher: buyers, method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ customer: { name: `Buyer ${i}`, email: `buyer${i}@example.com` }, shipping: { address: { line1: "1 Quay", city: "Cove", postal_code: "04101", country: "US" } } }),
      });
      const receipt = await paid.body.text();
      return { status: paid.statusCode, message: paid.statusCode === 200 ? "paid" : receipt.slice(0, 300) };
    };
    const race = await Promise.all(Array.from({ length: BUYERS }, (_, i) => buy(i)));
    const answers = {};
    for (const r of race) answers[`${r.status} ${r.message ?? ""}`.trim()] = (answers[`${r.status} ${r.message ?? ""}`.trim()] ?? 0) + 1;
    const sold = (await su.collection("purchases").getFullList({ filter: `product_title ~ "(Original)"` })).length;
    console.log(`  ${BUYERS} buyers: ${JSON.stringify(answers)}; originals sold: ${sold}`);

    await sleep(Math.max(0, before.at + SECONDS * 1000 - performance.now()));
    const up = {
      seconds: Math.round((performance.now() - before.at) / 100) / 10,
      atServer: logLines() - before.lines,
      cpu: cpuSeconds(server.process.pid) - before.cpu,
      inside: inside.slice(before.inside),
    };

    // The server stops for OUTAGE seconds while visitors keep arriving, then starts again.
    setPhase(DOWN);
    await server.stop();
    console.log(`  server stopped for ${OUTAGE} s…`);
    await sleep(OUTAGE * 1000);
    server = await launch();
    setPhase(BACK);
    await sleep(5000);
    setPhase(STOP);
    const merged = [UP, DOWN, BACK].map(() => ({ m: { sent: 0, hits: 0, statuses: {} }, parts: [] }));
    let visitors = 0;
    for (const report of await reports) {
      visitors += report.visitors;
      report.stats.forEach((s, i) => {
        const { m, parts } = merged[i];
        m.sent += s.sent;
        m.hits += s.hits;
        parts.push(s.ms);
        for (const [k, n] of Object.entries(s.statuses)) m.statuses[k] = (m.statuses[k] ?? 0) + n;
      });
    }
    const [upSeen, down] = merged.map(({ m, parts }) => ({ ...m, ms: parts.flatMap((a) => Array.from(a)) }));
    // Every request sent while the server was up: visitors', the price watch's and the buyers'.
    const sentUp = upSeen.sent + polls + race.length + race.filter((r) => r.message === "paid").length;
    const result = {
      at: new Date().toISOString(),
      rate: RATE,
      seconds: SECONDS,
      outageSeconds: OUTAGE,
      visitors,
      serverShare: Math.round((up.atServer / sentUp) * 10000) / 10000,
      requestsAtServer: up.atServer,
      requestsWhileUp: sentUp,
      // What the load generator managed to send: on a busy machine its own threads fall behind the visitors' 14
      // requests each, and the rest go out later.
      sentPerSecondWhileUp: Math.round(sentUp / up.seconds),
      // Measured by Varnish itself (varnishncsa %D) while the server was up: the cache's own time.
      p95Ms: p(up.inside.map((r) => r.ms), 0.95),
      p99Ms: p(up.inside.map((r) => r.ms), 0.99),
      hitP95Ms: p(up.inside.filter((r) => r.handling === "hit").map((r) => r.ms), 0.95),
      // As the load generator saw it, on the same machine's cores: its own queueing included.
      clientP50Ms: p(upSeen.ms, 0.5),
      clientP95Ms: p(upSeen.ms, 0.95),
      serverCpuPercentOfACore: Math.round((up.cpu / up.seconds) * 1000) / 10,
      priceShownMs,
      originalsSold: sold,
      buyers: answers,
      outage: { requests: down.sent, statuses: down.statuses, fromTheCache: down.hits },
    };
    const downOk = down.statuses[200] ?? 0;
    console.table({
      "requests reaching the server": `${(result.serverShare * 100).toFixed(2)} % (${up.atServer} of ${sentUp}, ${result.sentPerSecondWhileUp} a second)`,
      "p95 at the cache": `${result.p95Ms} ms inside Varnish (p99 ${result.p99Ms}, hits p95 ${result.hitP95Ms}); the load generator saw p50 ${result.clientP50Ms} ms, p95 ${result.clientP95Ms} ms`,
      "server CPU": `${result.serverCpuPercentOfACore} % of a core (${up.cpu.toFixed(1)} s in ${up.seconds} s)`,
      "new price shown after": `${priceShownMs} ms`,
      "originals sold": String(sold),
      "while the server was down": `${down.sent} requests: ${downOk} answered 200 (${down.hits} from the cache), ${down.sent - downOk} not (${JSON.stringify(down.statuses)})`,
    });
    const met = {
      serverShare: result.serverShare <= TARGETS.serverShare,
      p95Ms: result.p95Ms <= TARGETS.p95Ms,
      priceShownMs: priceShownMs !== null && priceShownMs <= TARGETS.priceShownMs,
      originalsSold: sold === TARGETS.originalsSold,
    };
    for (const [k, ok] of Object.entries(met)) console.log(`  ${ok ? "met    " : "NOT MET"} ${k} (target ${TARGETS[k]})`);
    const dir = join(root, "bench", "results");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `viral-${result.at.slice(0, 10)}.json`), JSON.stringify({ ...result, targets: TARGETS, met }, null, 2));
    if (!Object.values(met).every(Boolean)) process.exitCode = 1;
  } finally {
    ncsa.kill();
    await Promise.all(workers.map((w) => w.terminate()));
    await varnish.stop();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await buyers.close();
    await watcher.close();
  }
}

await main();
