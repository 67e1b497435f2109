// `npm run bench:pages [-- --seconds 10] [--binary path/to/studio-server]`: what a page address costs beside a
// file. Against a fresh demo shop on loopback, 16 clients ask for one built script file, then /about, a piece's
// page and a made-up address (a 404), each for the given time, as a browser asks (taking Brotli and gzip). The
// pages' target: 2,000 requests a second with a p99 under 20 ms, or within 3x of the file measured in the same run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import PocketBase from "pocketbase";
import { freePort, serverBinary } from "./lib/project.mjs";
import { launchServer } from "./lib/server.mjs";
import { seedDemoData } from "./lib/seed.mjs";
import { shopConfig } from "./lib/config.mjs";

const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const seconds = Number(arg("--seconds", 10));
const binary = arg("--binary", serverBinary);
const headers = { "Accept-Encoding": "gzip, deflate, br", Accept: "text/html,*/*" };

const dataDir = mkdtempSync(join(tmpdir(), "studio-bench-pages-"));
const server = await launchServer({ http: `127.0.0.1:${await freePort()}`, dataDir, binary, env: { STRIPE_SECRET_KEY: "", STUDIO_PAYMENTS: "demo" } });
try {
  const { admin } = shopConfig({});
  await seedDemoData({ url: server.url, superuserEmail: server.superuser.email, superuserPassword: server.superuser.password, admin });
  const su = new PocketBase(server.url);
  await su.collection("_superusers").authWithPassword(server.superuser.email, server.superuser.password);
  // All the load comes from one address: the per-client limits would measure themselves.
  await su.settings.update({ rateLimits: { enabled: false } });
  await server.untilIdle();
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const piece = new URL([...sitemap.matchAll(/<loc>([^<]*\/gallery\/[^<]+)<\/loc>/g)][0][1]).pathname;
  const script = (await (await fetch(`${server.url}/`)).text()).match(/\/assets\/[^"]+\.js/)[0];
  const rows = [];
  for (const [name, path] of [["script file", script], ["/about", "/about"], ["piece page", piece], ["made-up address (404)", "/gallery/no-such-piece-aaaaaaaaaaaaaaa"]]) {
    const r = await autocannon({ url: server.url + path, connections: 16, duration: seconds, headers });
    rows.push({ traffic: name, "req/s": Math.round(r.requests.average), "p50 ms": r.latency.p50, "p99 ms": r.latency.p99, errors: r.errors + r.timeouts, statuses: Object.keys(r.statusCodeStats).join(" ") });
  }
  console.table(rows);
  const file = rows[0]["req/s"];
  for (const row of rows.slice(1)) {
    const met = (row["req/s"] >= 2000 && row["p99 ms"] < 20) || row["req/s"] * 3 >= file;
    console.log(`${met ? "met    " : "NOT MET"} ${row.traffic}: ${row["req/s"]} req/s, p99 ${row["p99 ms"]} ms, ${(file / row["req/s"]).toFixed(1)}x below the file`);
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
