// `npm run bench`: measures what a visitor downloads and how the pages score, and writes the
// figures to bench/results/<date>.json. Sizes come from the build; scores from Lighthouse
// (mobile emulation, throttled) against the real server with the demo studio.
import { readFileSync, readdirSync, writeFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import { root, freePort } from "./lib/project.mjs";
import { launchServer } from "./lib/server.mjs";
import { seedDemoData } from "./lib/seed.mjs";
import { shopConfig } from "./lib/config.mjs";

const dist = join(root, "dist");
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
const kb = (n) => Math.round((n / 1024) * 10) / 10;

if (!process.argv.includes("--no-build")) {
  if (spawnSync(process.execPath, [join(root, "scripts/build.mjs")], { stdio: "inherit" }).status !== 0) process.exit(1);
}

// What the first paint of any public route needs: the entry script, its modulepreloads and stylesheets.
const html = readFileSync(join(dist, "index.html"), "utf8");
const firstPaint = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const chunks = readdirSync(join(dist, "assets"))
  .filter((f) => /\.(js|css)$/.test(f))
  .map((f) => ({ file: `assets/${f}`, bytes: statSync(join(dist, "assets", f)).size, gzip: gz(`assets/${f}`) }))
  .sort((a, b) => b.gzip - a.gzip);
const sizes = {
  firstPaintGzipKB: kb(firstPaint.reduce((n, f) => n + gz(f), 0)),
  firstPaint,
  largestChunks: chunks.slice(0, 15).map((c) => ({ ...c, gzipKB: kb(c.gzip) })),
  totalGzipKB: kb(chunks.reduce((n, c) => n + c.gzip, 0)),
};
console.log(`first paint: ${sizes.firstPaintGzipKB} KB gzip in ${firstPaint.length} files; all assets ${sizes.totalGzipKB} KB gzip`);

const scores = {};
if (!process.argv.includes("--sizes-only")) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const dataDir = mkdtempSync(join(tmpdir(), "studio-bench-"));
  const server = await launchServer({ http: `127.0.0.1:${await freePort()}`, dataDir });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    await seedDemoData({ url: server.url, superuserEmail: server.superuser.email, superuserPassword: server.superuser.password, admin: shopConfig({}).admin });
    for (const path of ["/", "/gallery", "/pebblewick", "/about"]) {
      const { lhr } = await lighthouse(server.url + path, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      scores[path] = {
        ...Object.fromEntries(Object.entries(lhr.categories).map(([k, c]) => [k, Math.round(c.score * 100)])),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
        cls: Math.round(lhr.audits["cumulative-layout-shift"].numericValue * 1000) / 1000,
        tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
        transferKB: kb(lhr.audits["total-byte-weight"].numericValue),
      };
      console.log(path, JSON.stringify(scores[path]));
    }
  } finally {
    await chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

mkdirSync(join(root, "bench", "results"), { recursive: true });
const out = join(root, "bench", "results", `${new Date().toISOString().slice(0, 10)}.json`);
writeFileSync(out, JSON.stringify({ measuredAt: new Date().toISOString(), sizes, lighthouse: scores }, null, 2));
console.log(`figures written to ${out}`);
