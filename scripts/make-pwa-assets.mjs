// Renders the install assets of the PWA into public/icons/ with the system Chromium:
//   node scripts/make-pwa-assets.mjs               icons from the studio mark (public/favicon.svg)
//   node scripts/make-pwa-assets.mjs --screenshots screenshots of the running demo studio too
//                                                  (builds nothing: run `npm run build` first)
// The PNGs are committed as source assets; run this again only when the mark or the pages change.
import { mkdirSync, readFileSync, rmSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { freePort, root } from "./lib/project.mjs";

const out = join(root, "public", "icons");
const mark = readFileSync(join(root, "public", "favicon.svg"), "utf8");
// The mark's own sea ink: the ground of the maskable and Apple icons.
const ground = "#2f4858";

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});

async function render(file, size, html) {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;overflow:hidden;background:transparent">${html}</body></html>`);
  await page.screenshot({ path: join(out, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  await page.close();
  console.log(`public/icons/${file}`);
}

const svg = (px) => mark.replace("<svg ", `<svg width="${px}" height="${px}" style="display:block" `);

// "any" icons: the round mark on a transparent ground.
await render("icon-192.png", 192, svg(192));
await render("icon-512.png", 512, svg(512));
// Maskable: a full-bleed ground, the lantern flame inside the 80% safe circle.
const flame = (size, scale) =>
  `<div style="width:${size}px;height:${size}px;background:${ground};display:grid;place-items:center;overflow:hidden">${svg(Math.round(size * scale))}</div>`;
await render("maskable-512.png", 512, flame(512, 1.05));
// Apple draws its own rounded corners and does not allow transparency.
await render("apple-touch-icon.png", 180, flame(180, 1.15));

if (process.argv.includes("--screenshots")) {
  const { launchServer } = await import("./lib/server.mjs");
  const { seedDemoData } = await import("./lib/seed.mjs");
  const { shopConfig } = await import("./lib/config.mjs");
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "studio-shots-"));
  const server = await launchServer({ http: `127.0.0.1:${port}`, dataDir, env: { STRIPE_SECRET_KEY: "" } });
  try {
    await seedDemoData({ url: server.url, superuserEmail: server.superuser.email, superuserPassword: server.superuser.password, admin: shopConfig({}).admin });
    for (const [file, width, height, path] of [
      ["screenshot-wide.png", 1440, 900, "/"],
      ["screenshot-narrow.png", 390, 844, "/gallery"],
    ]) {
      const page = await browser.newPage({ viewport: { width, height }, colorScheme: "light" });
      await page.goto(server.url + path, { waitUntil: "networkidle" });
      await page.waitForTimeout(800);
      await page.screenshot({ path: join(out, file) });
      await page.close();
      console.log(`public/icons/${file}`);
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await browser.close();
