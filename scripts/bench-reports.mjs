// The reports bench: a fresh shop holding a studio's lifetime (2 million visits and 100,000 paid
// orders over three years, with refunds and commission deposits, over 1,000 pieces) and the day's
// tallies they leave, then each report's answer time for the last 30 days, the last quarter and the
// whole three years (the median of 5 requests each, after one to warm up). The target is under a
// second each. The rows are written straight into the database with sqlite3 (making 100,000 orders
// through checkout would take hours); the tallies are derived from them by the rules the server keeps
// at payment (lib/reports/tallies.js). Build first (node scripts/build.mjs). Figures go to
// bench/results/reports-<date>.json. Flags: --visits=N (2000000), --orders=N (100000).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import PocketBase from "pocketbase";
import { freePort, root } from "./lib/project.mjs";
import { launchServer } from "./lib/server.mjs";

const flag = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const VISITS = flag("visits", 2_000_000);
const ORDERS = flag("orders", 100_000);
const PIECES = 1000;
const DAYS = 1095;
const TARGET_MS = 1000;

const piece = (expr) => `printf('bench%010d', (${expr}) % ${PIECES})`;
const dayOf = (expr) => `date('now', '-' || ((${expr}) % ${DAYS}) || ' days')`;
const seq = (n) => `WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < ${n - 1})`;
const SOURCES = "CASE i % 12 WHEN 0 THEN 'pinterest.com' WHEN 1 THEN 'instagram.com' WHEN 2 THEN 'google.com' WHEN 3 THEN 'facebook.com' WHEN 4 THEN 'site' || (i % 400) || '.example' ELSE 'direct' END";

const SEED = `
.timeout 20000
BEGIN;
${seq(PIECES)} INSERT INTO paintings (id, title) SELECT ${piece("i")}, 'Bench painting ' || i FROM s;
${seq(VISITS)} INSERT INTO visits (id, day, landing, source, campaign, code, seen, created)
  SELECT printf('v%014d', i), ${dayOf("i")}, '/', ${SOURCES}, CASE WHEN i % 9 = 0 THEN 'letter|email|bench' || (i % 40) ELSE '' END, '', '{}', datetime('now') FROM s;
${seq(ORDERS)} INSERT INTO checkout_sessions (id, provider, provider_session_id, status, line_items, amount_total, subtotal_cents, shipping_cents, fulfilled_at, visit)
  SELECT printf('o%014d', i), 'demo', 'demo_bench_' || i, 'paid',
    json_array(json_object('item_id', ${piece("i * 13")}, 'item_type', 'painting', 'collection', 'paintings', 'variant', CASE WHEN i % 40 = 0 THEN 'original' ELSE 'print' END, 'quantity', 1 + i % 3, 'unit_amount', CASE WHEN i % 40 = 0 THEN 48000 ELSE 3500 END, 'title', 'Bench')),
    0, 0, 800, ${dayOf("i")} || ' 12:00:00.000Z', printf('v%014d', (i * 20) % ${VISITS}) FROM s;

-- The tallies visits leave (lib/reports/visits.js): a visit, its source and campaign; each views three pieces, a fifth add one to the cart.
INSERT INTO report_days (metric, day, dim, n, cents) SELECT 'visit', day, '', COUNT(*), 0 FROM visits GROUP BY day;
INSERT INTO report_days (metric, day, dim, n, cents) SELECT 'source', day, source, COUNT(*), 0 FROM visits GROUP BY day, source;
INSERT INTO report_days (metric, day, dim, n, cents) SELECT 'campaign', day, campaign, COUNT(*), 0 FROM visits WHERE campaign != '' GROUP BY day, campaign;
INSERT INTO report_days (metric, day, dim, n, cents) SELECT 'funnel', day, 'view', COUNT(*) * 6 / 10, 0 FROM visits GROUP BY day;
INSERT INTO report_days (metric, day, dim, n, cents) SELECT 'funnel', day, 'cart', COUNT(*) / 5, 0 FROM visits GROUP BY day;
INSERT INTO report_days (metric, day, dim, n, cents) SELECT 'funnel', day, 'checkout', COUNT(*) / 10, 0 FROM visits GROUP BY day;
INSERT INTO report_days (metric, day, dim, n, cents) SELECT 'piece_view', v.day, ${piece("v.rowid * 7 + k.k")}, COUNT(*), 0 FROM visits v, (SELECT 0 AS k UNION ALL SELECT 1 UNION ALL SELECT 2) k GROUP BY 2, 3;
INSERT INTO report_days (metric, day, dim, n, cents) SELECT 'piece_cart', day, ${piece("rowid * 7")}, COUNT(*), 0 FROM visits WHERE rowid % 5 = 0 GROUP BY 2, 3;

-- The tallies payments leave (lib/reports/tallies.js orderPaid): by kind, by piece, the funnel's paid, the source.
CREATE TEMP TABLE lines AS SELECT substr(o.fulfilled_at, 1, 10) AS day, o.visit AS visit, json_extract(o.line_items, '$[0].item_id') AS item, json_extract(o.line_items, '$[0].variant') AS variant,
  json_extract(o.line_items, '$[0].quantity') AS quantity, json_extract(o.line_items, '$[0].quantity') * json_extract(o.line_items, '$[0].unit_amount') AS cents FROM checkout_sessions o WHERE o.provider_session_id LIKE 'demo_bench_%';
INSERT INTO report_days (metric, day, dim, n, cents) SELECT 'money', day, CASE variant WHEN 'original' THEN 'originals' ELSE 'prints' END, 0, SUM(cents) FROM lines GROUP BY 2, 3;
INSERT INTO report_days (metric, day, dim, n, cents) SELECT 'piece_paid', day, 'paintings:' || item, SUM(quantity), SUM(cents) FROM lines GROUP BY 2, 3;
INSERT INTO report_days (metric, day, dim, n, cents) SELECT 'funnel', day, 'paid', COUNT(*), SUM(cents) FROM lines GROUP BY 2;
INSERT INTO report_days (metric, day, dim, n, cents) SELECT 'source_paid', l.day, v.source, COUNT(*), SUM(l.cents) FROM lines l JOIN visits v ON v.id = l.visit GROUP BY 2, 3;
INSERT INTO report_days (metric, day, dim, n, cents) SELECT 'campaign_paid', l.day, v.campaign, COUNT(*), SUM(l.cents) FROM lines l JOIN visits v ON v.id = l.visit WHERE v.campaign != '' GROUP BY 2, 3;
-- One order in a hundred refunded on its day; a commission deposit every day.
INSERT INTO report_days (metric, day, dim, n, cents) SELECT 'money', day, 'refunds', 0, -SUM(cents) FROM lines WHERE rowid % 100 = 0 GROUP BY 2;
INSERT INTO report_days (metric, day, dim, n, cents) SELECT 'money', day, 'commission_deposits', 1, 12000 FROM lines GROUP BY 2;
-- These tallies stand for the orders: the server is not to count them again as money paid before the reports.
INSERT INTO report_days (metric, day, dim, n, cents) VALUES ('earlier_money', date('now'), '', 1, 0);
COMMIT;
`;

const dataDir = mkdtempSync(join(tmpdir(), "studio-bench-reports-"));
const server = await launchServer({ http: `127.0.0.1:${await freePort()}`, dataDir, env: { STUDIO_ADMIN_DOMAIN: "lanternwood.example" } });
try {
  const su = new PocketBase(server.url);
  su.autoCancellation(false);
  await su.collection("_superusers").authWithPassword(server.superuser.email, server.superuser.password);
  const email = "owner@lanternwood.example";
  await su.collection("users").create({ email, password: "bench-reports-42", passwordConfirm: "bench-reports-42", verified: true, first_name: "Bench", last_name: "Owner" });
  const studio = new PocketBase(server.url);
  await studio.collection("users").authWithPassword(email, "bench-reports-42");

  console.log(`seeding ${VISITS.toLocaleString("en")} visits and ${ORDERS.toLocaleString("en")} orders…`);
  const seeded = Date.now();
  execFileSync("sqlite3", [join(dataDir, "data.db")], { input: SEED, stdio: ["pipe", "inherit", "inherit"] });
  const rows = execFileSync("sqlite3", [join(dataDir, "data.db"), "SELECT (SELECT COUNT(*) FROM visits), (SELECT COUNT(*) FROM checkout_sessions), (SELECT COUNT(*) FROM report_days)"]).toString().trim().split("|").map(Number);
  console.log(`seeded in ${Math.round((Date.now() - seeded) / 1000)} s: ${rows[0].toLocaleString("en")} visits, ${rows[1].toLocaleString("en")} orders, ${rows[2].toLocaleString("en")} tally rows`);

  const today = new Date().toISOString().slice(0, 10);
  const back = (days) => new Date(Date.now() - days * 86400000).toISOString().slice(0, 10);
  const ranges = { "30 days": [back(29), today], quarter: [back(90), today], "3 years": [back(DAYS - 1), today] };
  const results = [];
  for (const name of ["money", "pieces", "sources", "funnel", "stories", "commissions"]) {
    for (const [label, [from, to]] of Object.entries(ranges)) {
      const times = [];
      for (let i = 0; i < 6; i++) {
        const t = performance.now();
        const res = await fetch(`${server.url}/api/studio/reports/${name}?from=${from}&to=${to}`, { headers: { Authorization: studio.authStore.token } });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${name} answered ${res.status}`);
        if (i) times.push(performance.now() - t);
      }
      const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
      results.push({ report: name, range: label, median_ms: Math.round(median) });
      console.log(`  ${name.padEnd(12)} ${label.padEnd(8)} ${String(Math.round(median)).padStart(5)} ms  ${median < TARGET_MS ? "ok" : "OVER the 1 s target"}`);
    }
  }
  mkdirSync(join(root, "bench/results"), { recursive: true });
  const file = join(root, `bench/results/reports-${today}.json`);
  writeFileSync(file, JSON.stringify({ visits: rows[0], orders: rows[1], tally_rows: rows[2], target_ms: TARGET_MS, results }, null, 2));
  console.log(`written to ${file}`);
  process.exitCode = results.every((r) => r.median_ms < TARGET_MS) ? 0 : 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
