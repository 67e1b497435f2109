// The downloads bench: a fresh shop on loopback sells a stamped 40-page, 20 MB story book and a
// 200 MB archive through the demo provider. It times the book's first download, which stamps the
// buyer's copy (target: within 5 s), then lets 20 buyers download the archive at once from disk
// while it reads the server's resident memory every 100 ms (target: flat, well under one copy of
// the file per buyer). Figures go to bench/results/downloads-<date>.json. Build first (npm run
// build or node scripts/build.mjs). Flags: --buyers=N (20), --mb=N archive size (200).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { join } from "node:path";
import { tmpdir } from "node:os";
import PocketBase from "pocketbase";
import { freePort, root } from "./lib/project.mjs";
import { launchServer } from "./lib/server.mjs";
import { lanternStory } from "./lib/story-pdf.mjs";

const flag = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const BUYERS = flag("buyers", 20);
const MB = flag("mb", 200);
const STAMP_TARGET_S = 5;

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** A real ZIP holding one stored file of `bytes` random bytes. */
function zipOf(bytes) {
  const data = randomBytes(bytes);
  const name = Buffer.from("pebblewick-posters.bin");
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

const dataDir = mkdtempSync(join(tmpdir(), "studio-bench-downloads-"));
const server = await launchServer({ http: `127.0.0.1:${await freePort()}`, dataDir, env: { STUDIO_ADMIN_DOMAIN: "lanternwood.example", STUDIO_PAYMENTS: "demo" } });
const post = async (path, body) => {
  const res = await fetch(server.url + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
};
try {
  const su = new PocketBase(server.url);
  su.autoCancellation(false);
  await su.collection("_superusers").authWithPassword(server.superuser.email, server.superuser.password);
  await su.settings.update({ rateLimits: { enabled: false } });
  const picture = new File([readFileSync(join(root, "public", "icons", "icon-192.png"))], "cover.png", { type: "image/png" });
  const item = async (title, slug, kind) => (await su.collection("digital_items").create(formOf({ title, slug, kind, price: 5, available: true }, { image: picture }))).id;
  function formOf(fields, files) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
    for (const [k, f] of Object.entries(files)) fd.append(k, f);
    return fd;
  }

  console.log("making a 40-page story book of about 20 MB…");
  const book = lanternStory(40, 500_000);
  const bookItem = await item("Bench book", "bench-book", "e-book");
  await su.collection("digital_files").create(formOf({ digital_item: bookItem, title: "Bench book", stamp: true }, { file: new File([book], "bench-book.pdf", { type: "application/pdf" }) }));
  console.log(`making a ${MB} MB archive…`);
  const archiveItem = await item("Bench archive", "bench-archive", "printable");
  await su.collection("digital_files").create(formOf({ digital_item: archiveItem, title: "Bench archive" }, { file: new File([zipOf(MB * 1024 * 1024)], "bench-archive.zip", { type: "application/zip" }) }));

  /** A paid demo order of `itemId`; returns the file's stable download address. */
  async function buy(itemId, n) {
    const open = await post("/api/studio/checkout", { items: [{ id: itemId, type: "digital", quantity: 1 }], country: "US" });
    await post(`/api/studio/checkout/${open.session_id}/pay`, { customer: { name: `Buyer ${n}`, email: `buyer${n}@bench.example` } });
    const session = await su.collection("checkout_sessions").getFirstListItem(su.filter("provider_session_id = {:id}", { id: open.session_id }));
    const order = await (await fetch(`${server.url}/api/studio/orders/${session.id}?key=${encodeURIComponent(session.order_key)}`)).json();
    return order.lines[0].files[0].download;
  }
  async function download(address) {
    const res = await fetch(server.url + address);
    if (res.status !== 200) throw new Error(`download answered ${res.status}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.length;
    return bytes;
  }

  const bookAddress = await buy(bookItem, 0);
  let t = performance.now();
  const bookBytes = await download(bookAddress);
  const stampSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  await download(bookAddress);
  const keptSeconds = (performance.now() - t) / 1000;
  console.log(`stamped book: ${(book.length / 1e6).toFixed(1)} MB in, ${(bookBytes / 1e6).toFixed(1)} MB out, first download (stamping) ${stampSeconds.toFixed(2)} s, again (kept copy) ${keptSeconds.toFixed(2)} s`);

  const addresses = [];
  for (let n = 1; n <= BUYERS; n++) addresses.push(await buy(archiveItem, n));
  const before = rssMb(server.process.pid);
  const samples = [];
  const timer = setInterval(() => samples.push(rssMb(server.process.pid)), 100);
  t = performance.now();
  const got = await Promise.all(addresses.map(download));
  const seconds = (performance.now() - t) / 1000;
  clearInterval(timer);
  const after = rssMb(server.process.pid);
  const peak = Math.max(before, ...samples);
  const whole = got.every((b) => b === got[0]) && got[0] > MB * 1024 * 1024;
  const total = got.reduce((a, b) => a + b, 0);
  console.log(`${BUYERS} buyers × ${MB} MB at once: ${seconds.toFixed(1)} s, ${(total / 1e6 / seconds).toFixed(0)} MB/s, every copy whole: ${whole}`);
  console.log(`server memory: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at the peak, ${after.toFixed(0)} MB after (${BUYERS} copies would be ${((BUYERS * MB) / 1).toFixed(0)} MB)`);
  const stampOk = stampSeconds <= STAMP_TARGET_S;
  const flat = peak - before < 100;
  console.log(`stamping within ${STAMP_TARGET_S} s: ${stampOk ? "yes" : "NO"}; memory flat (peak under 100 MB above the start): ${flat ? "yes" : "NO"}`);
  const results = { at: new Date().toISOString(), book_mb: book.length / 1e6, stamp_seconds: stampSeconds, kept_copy_seconds: keptSeconds, buyers: BUYERS, archive_mb: MB, seconds, rss_mb: { before, peak, after }, whole };
  mkdirSync(join(root, "bench", "results"), { recursive: true });
  writeFileSync(join(root, "bench", "results", `downloads-${results.at.slice(0, 10)}.json`), JSON.stringify(results, null, 2) + "\n");
  process.exitCode = stampOk && flat && whole ? 0 : 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
