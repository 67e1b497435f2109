// Renders each public route's frame into dist/pages/ (see src/prerender.tsx), so the server can
// send a page the browser paints before any script runs. The server picks the page by route
// (pocketbase/web.go); routes without one get the empty app shell, dist/index.html.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
// The app opens its IndexedDB at start; at build time it is an empty in-memory one, so every
// catalogue section renders its loading state.
import "fake-indexeddb/auto";
import { root } from "./lib/project.mjs";

const dist = process.argv[2] ?? join(root, "dist");
// Route → page file. A book's page is one frame for every id (pages/book/_id.html).
export const PRERENDERED = {
  "/": "pages/home.html",
  "/gallery": "pages/gallery.html",
  "/book/_": "pages/book/_id.html",
  "/pebblewick": "pages/pebblewick.html",
  "/cryptids": "pages/cryptids.html",
  "/about": "pages/about.html",
  "/commissions": "pages/commissions.html",
};

// The server build's bare imports (react, dexie, …) resolve from the project's node_modules.
const outDir = join(root, "node_modules", ".cache", "studio-prerender");
rmSync(outDir, { recursive: true, force: true });
await build({
  configFile: join(root, "vite.config.ts"),
  logLevel: "warn",
  build: { ssr: join(root, "src/prerender.tsx"), outDir, emptyOutDir: true, manifest: false, rollupOptions: { output: { entryFileNames: "prerender.mjs" } } },
});

const { render } = await import(pathToFileURL(join(outDir, "prerender.mjs")).href);
const shell = readFileSync(join(dist, "index.html"), "utf8");
const ROOT = '<div id="root"></div>';
if (!shell.includes(ROOT)) throw new Error(`dist/index.html has no ${ROOT}`);
rmSync(join(dist, "pages"), { recursive: true, force: true });
for (const [route, file] of Object.entries(PRERENDERED)) {
  const html = await render(route);
  if (/\sstyle="/.test(html)) throw new Error(`${route}: the frame has a style attribute, which the Content-Security-Policy blocks; use a class`);
  const out = join(dist, file);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, shell.replace(ROOT, `<div id="root">${html}</div>`));
}
rmSync(outDir, { recursive: true, force: true });
console.log(`prerendered ${Object.keys(PRERENDERED).length} public pages into ${join(dist, "pages")}`);
