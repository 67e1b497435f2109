// The deterministic part of the speed budget, read from the build: what each public route must
// download before its first render (script and styles), as it travels on the wire. The server
// sends the Brotli file the build wrote beside each asset, so that file's size is what counts.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { root } from "./project.mjs";

export const BUDGET = {
  jsPerRoute: 150 * 1024,
  cssPerRoute: 20 * 1024,
  firstVisit: 400 * 1024,
};

// The lists whose pieces have addresses of their own (src/lib/addresses.ts).
export const PIECE_LISTS = ["gallery", "murals", "shop", "pebblewick", "cryptids"];

// The page module each public route loads (see src/app/routes.tsx); "/" is in the entry.
export const ROUTE_MODULES = {
  "/": null,
  "/gallery": "src/features/catalog/GalleryPage.tsx",
  "/book/{id}": "src/features/catalog/BookPage.tsx",
  "/pebblewick": "src/features/characters/WorldPage.tsx",
  "/cryptids": "src/features/characters/WorldPage.tsx",
  "/about": "src/features/artist/AboutPage.tsx",
  "/commissions": "src/features/commissions/CommissionPage.tsx",
  "/commissions/queue": "src/features/commissions/QueuePage.tsx",
  // A piece's own page, one module for the five lists.
  ...Object.fromEntries(PIECE_LISTS.map((list) => [`/${list}/{slug}`, "src/features/pieces/PiecePage.tsx"])),
  "/downloads/{slug}": "src/features/downloads/DownloadPage.tsx",
  "/verify/{edition}/{n}": "src/features/editions/VerifyPage.tsx",
  "/404": null,
};

// Code a public route must never load before it is used.
const ON_DEMAND = [/^src\/features\/admin\//, /^src\/features\/account\/AuthDialog/, /^src\/features\/commissions\/CommissionWorkspace/, /^src\/features\/commissions\/DashboardPage/, /^src\/ui\/form\//];

export function wireBytes(dist, file) {
  const br = join(dist, `${file}.br`);
  if (existsSync(br)) return statSync(br).size;
  return brotliCompressSync(readFileSync(join(dist, file))).length;
}

function readManifest(dist) {
  const manifestFile = join(dist, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build first (npm run build)`);
  return JSON.parse(readFileSync(manifestFile, "utf8"));
}

/** The build's chunks a public route loads before its first render (its keys in the Vite manifest, and the files). */
export function routeFiles(route, dist = join(root, "dist")) {
  const manifest = readManifest(dist);
  // The page's entry (the build's other entry is the catalogue's sync worker).
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith(".html"));
  // A chunk and everything it imports statically (what the browser fetches before running it).
  const closure = (key, seen) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const module = ROUTE_MODULES[route];
  if (module === undefined) throw new Error(`${route} is not a public route`);
  const keys = closure(entry, new Set());
  // The entry evaluates the app in stages, dynamic imports it makes at once (src/main.tsx).
  for (const stage of manifest[entry].dynamicImports ?? []) closure(stage, keys);
  if (module) {
    if (!manifest[module]) throw new Error(`${module} is not a chunk of the build: update ROUTE_MODULES`);
    closure(module, keys);
  }
  const chunks = [...keys].map((k) => manifest[k]);
  return {
    keys: [...keys],
    js: [...new Set(chunks.map((c) => c.file))],
    css: [...new Set(chunks.flatMap((c) => c.css ?? []))],
    isOnDemand: (k) => k !== module && (ON_DEMAND.some((re) => re.test(k)) || manifest[k].file.startsWith("assets/admin-")),
  };
}

/** Per public route: the files of its first render, their bytes on the wire, and any on-demand code among them. */
export function routeBudgets(dist = join(root, "dist")) {
  const routes = {};
  for (const route of Object.keys(ROUTE_MODULES)) {
    const { keys, js, css, isOnDemand } = routeFiles(route, dist);
    routes[route] = {
      js: js.reduce((n, f) => n + wireBytes(dist, f), 0),
      css: css.reduce((n, f) => n + wireBytes(dist, f), 0),
      files: [...js, ...css],
      onDemand: keys.filter(isOnDemand),
    };
  }
  return { routes };
}
