// The letters bench: a fresh shop with 10,000 confirmed members sends one campaign to a local SMTP
// sink at the set rate, while a visitor keeps asking for pages. Every second it reads the letters
// taken, the server's resident memory and the pages' answer times; at the end it prints the rate
// reached against the one set, memory at the start and end of the sending, and the pages' p50/p99,
// and writes them to bench/results/letters-<date>.json. Build first (npm run build or
// node scripts/build.mjs). Flags: --members=N (10000), --rate=R letters a second (100; the shop's
// default is 5, which takes 33 minutes for 10,000).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import PocketBase from "pocketbase";
import { freePort, root } from "./lib/project.mjs";
import { launchServer } from "./lib/server.mjs";
import { startSmtpSink } from "./lib/smtp-sink.mjs";

const flag = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const MEMBERS = flag("members", 10000);
const RATE = flag("rate", 100);

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
};

async function inParallel(count, width, work) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < count) await work(next++);
  }));
}

const sink = await startSmtpSink({ keep: false });
const dataDir = mkdtempSync(join(tmpdir(), "studio-bench-letters-"));
const server = await launchServer({ http: `127.0.0.1:${await freePort()}`, dataDir, env: { ...sink.env, STUDIO_ADMIN_DOMAIN: "lanternwood.example" } });
try {
  const su = new PocketBase(server.url);
  su.autoCancellation(false);
  await su.collection("_superusers").authWithPassword(server.superuser.email, server.superuser.password);
  await su.settings.update({ rateLimits: { enabled: false } });
  const settings = await su.collection("newsletter_settings").getFirstListItem("");
  await su.collection("newsletter_settings").update(settings.id, { postal_address: "4 Harbour Lane, Pebble Cove", rate_per_second: RATE, daily_cap: MEMBERS });
  console.log(`adding ${MEMBERS} confirmed members…`);
  await inParallel(MEMBERS, 8, (i) =>
    su.collection("newsletter_subscribers").create({ email: `reader${i}@bench.example`, first_name: "Reader", last_name: String(i), state: "confirmed", lists: ["news"] }),
  );
  const body = `<p>${"A new painting came back from the framer. ".repeat(60)}</p><a href="{{letters_url}}">Your letters</a> <a href="{{unsubscribe_url}}">Unsubscribe</a>`;
  const campaign = await su.collection("campaigns").create({ subject: "Bench letter", lists: ["news"], state: "scheduled", send_at: new Date().toISOString().replace("T", " "), html: body, text: body.replace(/<[^>]+>/g, "") });
  console.log(`sending at ${RATE} a second: about ${Math.ceil(MEMBERS / RATE)} s`);

  const started = Date.now();
  const samples = [];
  const pageTimes = [];
  let pageErrors = 0;
  let sending = true;
  // A visitor asking for the home page and the catalogue the whole time.
  const visitor = (async () => {
    while (sending) {
      for (const path of ["/", "/api/collections/paintings/records?perPage=50"]) {
        const t = performance.now();
        try {
          const res = await fetch(server.url + path);
          await res.arrayBuffer();
          if (!res.ok) pageErrors++;
        } catch {
          pageErrors++;
        }
        pageTimes.push(performance.now() - t);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const state = (await su.collection("campaigns").getOne(campaign.id)).state;
    samples.push({ second: Math.round((Date.now() - started) / 1000), letters: sink.counted.letters, rss_mb: Number(rssMb(server.process.pid).toFixed(1)) });
    if (samples.length % 10 === 0) console.log(`  ${samples.at(-1).second} s: ${samples.at(-1).letters} letters, ${samples.at(-1).rss_mb} MB`);
    if (state === "sent") break;
  }
  sending = false;
  await visitor;
  const seconds = (Date.now() - started) / 1000;
  const tenth = Math.max(1, Math.floor(samples.length / 10));
  const avg = (list) => list.reduce((s, x) => s + x.rss_mb, 0) / list.length;
  const result = {
    members: MEMBERS,
    rate_set: RATE,
    letters: sink.counted.letters,
    seconds: Number(seconds.toFixed(1)),
    rate_reached: Number((sink.counted.letters / seconds).toFixed(1)),
    rss_mb_first_tenth: Number(avg(samples.slice(0, tenth)).toFixed(1)),
    rss_mb_last_tenth: Number(avg(samples.slice(-tenth)).toFixed(1)),
    rss_mb_max: Math.max(...samples.map((s) => s.rss_mb)),
    page_requests: pageTimes.length,
    page_errors: pageErrors,
    page_p50_ms: Number(percentile(pageTimes, 50).toFixed(1)),
    page_p99_ms: Number(percentile(pageTimes, 99).toFixed(1)),
    samples,
  };
  console.log(
    `${result.letters} letters of ${MEMBERS} in ${result.seconds} s: ${result.rate_reached} a second (set: ${RATE})\n` +
      `server memory: ${result.rss_mb_first_tenth} MB in the first tenth, ${result.rss_mb_last_tenth} MB in the last, ${result.rss_mb_max} MB at most\n` +
      `pages meanwhile: ${result.page_requests} answers, ${result.page_errors} errors, p50 ${result.page_p50_ms} ms, p99 ${result.page_p99_ms} ms`,
  );
  mkdirSync(join(root, "bench", "results"), { recursive: true });
  writeFileSync(join(root, "bench", "results", `letters-${new Date().toISOString().slice(0, 10)}.json`), JSON.stringify(result, null, 2) + "\n");
  if (result.letters !== MEMBERS || pageErrors) process.exitCode = 1;
} finally {
  await server.stop();
  await sink.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
