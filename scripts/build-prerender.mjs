// Renders each public route's frame into dist/pages/ (see src/prerender.tsx), so the server can
// send a page the browser paints before any script runs. The server picks the page by route
// (pocketbase/internal/web/web.go); routes without one get the empty app shell, dist/index.html.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
// The app opens its IndexedDB at start; at build time it is an empty in-memory one, so every
// catalogue section renders its loading state.
import "fake-indexeddb/auto";
import { root } from "./lib/project.mjs";
import { PIECE_LISTS, routeFiles } from "./lib/budget.mjs";

const dist = process.argv[2] ?? join(root, "dist");
// Route → page file. A book's page is one frame for every id (pages/book/_id.html), a piece's one
// per list; pages/404.html is what the server sends, with status 404, for an address that names nothing.
const PRERENDERED = {
  "/": { file: "pages/home.html", route: "/" },
  "/gallery": { file: "pages/gallery.html", route: "/gallery" },
  "/book/_": { file: "pages/book/_id.html", route: "/book/{id}" },
  "/pebblewick": { file: "pages/pebblewick.html", route: "/pebblewick" },
  "/cryptids": { file: "pages/cryptids.html", route: "/cryptids" },
  "/about": { file: "pages/about.html", route: "/about" },
  "/commissions": { file: "pages/commissions.html", route: "/commissions" },
  "/commissions/queue": { file: "pages/commissions/queue.html", route: "/commissions/queue" },
  ...Object.fromEntries(PIECE_LISTS.map((list) => [`/${list}/_`, { file: `pages/${list}/_id.html`, route: `/${list}/{slug}` }])),
  "/downloads/_": { file: "pages/downloads/_id.html", route: "/downloads/{slug}" },
  "/verify/_/_": { file: "pages/verify/_entry.html", route: "/verify/{edition}/{n}" },
  "/page-not-found/_/_": { file: "pages/404.html", route: "/404" },
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
const ROOT = '<div id="root"></div>';
const shellHtml = readFileSync(join(dist, "index.html"), "utf8");
if (!shellHtml.includes(ROOT)) throw new Error(`dist/index.html has no ${ROOT}`);

// A prerendered page carries its styles inline (the entry's and the route's, in the order the app
// links them): a stylesheet request would cost a slow phone another round trip before the first
// paint. Each file stays named by a disabled <link>, which the browser does not fetch, so the app's
// module loader finds it and does not download it again. The route's modules join the list the
// page fetches after its first paint (src/boot/start.js), beside the entry instead of after it.
const MODULE_LIST = /<script type="application\/json" id="app-modules">(.*?)<\/script>/;
const STYLESHEET = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g;
function pageShell(html, route) {
  const files = routeFiles(route, dist);
  const listed = JSON.parse(MODULE_LIST.exec(html)?.[1] ?? "null");
  if (!listed) throw new Error("dist/index.html has no module list (vite.first-paint.ts)");
  const modules = listed.concat(files.js.map((f) => `/${f}`).filter((href) => !listed.includes(href)));
  html = html.replace(MODULE_LIST, () => `<script type="application/json" id="app-modules">${JSON.stringify(modules)}</script>`);
  const linked = [...html.matchAll(STYLESHEET)].map((m) => m[1]);
  const styles = linked.concat(files.css.map((f) => `/${f}`).filter((href) => !linked.includes(href)));
  const css = styles.map((href) => readFileSync(join(dist, href), "utf8").trim()).join("\n");
  if (css.includes("</")) throw new Error(`${route}: a stylesheet contains "</", which would end the inline <style>`);
  const named = styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}" disabled>`).join("\n    ");
  return html.replace(STYLESHEET, "").replace("</head>", () => `  <style>${css}</style>\n    ${named}\n  </head>`);
}
rmSync(join(dist, "pages"), { recursive: true, force: true });
for (const [path, { file, route }] of Object.entries(PRERENDERED)) {
  const { html, routeId } = await render(path);
  if (/\sstyle="/.test(html)) throw new Error(`${path}: the frame has a style attribute, which the Content-Security-Policy blocks; use a class`);
  const out = join(dist, file);
  mkdirSync(dirname(out), { recursive: true });
  // Its buttons do nothing until the app has started and taken the page over (links work, the
  // server has their pages), so the frame says it is not usable yet. It names the route that drew
  // it: the app takes over a frame of the route it finds and draws any other anew (src/boot/app.tsx).
  const frame = `<div class="prerendered" aria-disabled="true" data-route="${routeId}">${html}</div>`;
  writeFileSync(out, pageShell(shellHtml, route).replace(ROOT, `<div id="root">${frame}</div>`));
}
rmSync(outDir, { recursive: true, force: true });
console.log(`prerendered ${Object.keys(PRERENDERED).length} public pages into ${join(dist, "pages")}`);
