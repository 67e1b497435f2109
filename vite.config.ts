import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { startAfterFirstPaint } from "./vite.first-paint.ts";
import { stageFacadesCollapsed } from "./vite.stage-facades.ts";

// In development the PWA is served by Vite and PocketBase runs beside it; the proxy keeps one origin.
const server = process.env.STUDIO_DEV_SERVER ?? "http://127.0.0.1:8090";

const ADMIN_CODE = "/src/features/admin/";
function isAdminChunk(chunk: { facadeModuleId: string | null; moduleIds: string[] }) {
  const ids = chunk.moduleIds.filter((id) => !id.startsWith("\0"));
  return !!chunk.facadeModuleId?.includes(ADMIN_CODE) || (ids.length > 0 && ids.every((id) => id.includes(ADMIN_CODE)));
}

// What the first render needs, in the chunks src/main.tsx evaluates one task at a time: each stage
// with its own dependencies (the higher priority claims a module first), then the app. Without
// these groups the shared code splits into some forty small chunks, each a request to start.
const BOOT_STAGES = [
  // Vite's helper for dynamic imports, which the entry itself needs: alone, or the entry would
  // import whichever stage's chunk holds it, and evaluate that chunk and all it imports at once.
  { name: "preload", test: /vite\/preload-helper/, priority: 6 },
  { name: "react", test: /\/node_modules\/(react|react-dom|scheduler)\//, priority: 5 },
  // With the catalogue's store, so the sync worker (SYNC_WORKER) imports this chunk and nothing else.
  { name: "db", test: /\/node_modules\/dexie\/|\/src\/lib\/(db|buckets|catalog|sync\/store)\.ts$/, priority: 4 },
  { name: "pocketbase", test: /\/node_modules\/pocketbase\/|\/src\/lib\/pocketbase\.ts$/, priority: 3 },
  { name: "router", test: /\/node_modules\/react-router(-dom)?\/|\/src\/app\/router\.ts$/, priority: 2 },
  // The app's own code that the first render needs: the route table and what it imports.
  { name: "routes", test: /\/src\/app\/routes\.tsx$/, priority: 1.5 },
  { name: "app", test: /\/src\/boot\/app\.tsx$/, priority: 1 },
];

// The entry's file (rollupOptions.output below names it after its input, "index").
const ENTRY_CHUNK = /^assets\/index-[\w-]+\.js$/;

// The catalogue's sync worker (src/lib/sync/worker.ts) is a second entry of the same build, so it
// shares the page's Dexie chunk instead of a copy of its own (28 KB more on a first visit). Its
// name has no hash: the page starts it by that name, and the server revalidates it (not assets/).
const SYNC_WORKER = { name: "catalogue-sync", source: "src/lib/sync/worker.ts", file: "catalogue-sync.js" };

// Code a visitor does not need until they use it: the admin area, signing in, the commission
// form and workspace, the checkout return pages, and the pages that need the server anyway (an
// order's page, the account's settings, the links in the studio's letters, and with them the form
// library). It is left out of the service worker's precache (and cached by the runtime rule below
// when first used), so a first visit downloads only the shell, the public pages and what they open.
const ON_DEMAND = [
  /\/src\/features\/admin\//,
  /\/src\/features\/account\/(AuthDialog|AccountSettings|ResetPasswordPage|ConfirmVerificationPage|ConfirmEmailChangePage)\.tsx$/,
  /\/src\/features\/commissions\/(CommissionPage|CommissionWorkspace|DashboardPage)\.tsx$/,
  /\/src\/features\/checkout\/\w+Page\.tsx$/,
  /\/src\/features\/orders\/OrderPage\.tsx$/,
];
const notPrecached = new Set<string>();
// The list of the studio's on-demand files, kept for offline use once the studio has signed in.
const KEPT_BY_THE_STUDIO = "studio-files.json";
const ROUTE_TABLE = "/src/app/routes.tsx";

/**
 * Finds the chunks (and styles) reachable from the entry without passing through on-demand code,
 * and lists the studio's: a visitor's install never downloads the studio, the studio's tablet
 * keeps all of it after its sign-in.
 */
const precacheScope: Plugin = {
  name: "studio-precache-scope",
  apply: "build",
  generateBundle(_options, bundle) {
    const chunks = new Map(Object.values(bundle).flatMap((o) => (o.type === "chunk" ? [[o.fileName, o] as const] : [])));
    type Chunk = typeof chunks extends Map<string, infer C> ? C : never;
    /** The chunks `roots` import, and those they import on demand that `follow` lets through. */
    const closure = (roots: Iterable<Chunk>, follow: (from: Chunk, dynamic: string) => boolean) => {
      const reached = new Set<string>();
      const visit = (file: string) => {
        const chunk = chunks.get(file);
        if (!chunk || reached.has(file)) return;
        reached.add(file);
        chunk.imports.forEach(visit);
        for (const dynamic of chunk.dynamicImports) if (follow(chunk, dynamic)) visit(dynamic);
      };
      for (const root of roots) visit(root.fileName);
      return reached;
    };
    const all = [...chunks.values()];
    const reached = closure(
      all.filter((c) => c.isEntry),
      (_, dynamic) => !ON_DEMAND.some((re) => re.test(chunks.get(dynamic)?.facadeModuleId ?? "")),
    );
    const cssOf = (files: Iterable<string>) => new Set([...files].flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]));
    const reachedCss = cssOf(reached);
    notPrecached.clear();
    for (const o of Object.values(bundle)) {
      if (o.type === "chunk" ? !reached.has(o.fileName) : o.fileName.endsWith(".css") && !reachedCss.has(o.fileName)) notPrecached.add(o.fileName);
    }
    // The studio's code and everything it may open (the commission workspace, say), for the
    // tablet to keep after its sign-in (src/lib/pwa/keep.ts): not the shop's pages, which the
    // route table imports on demand and which share a chunk with the studio's code.
    const studio = closure(all.filter(isAdminChunk), (from) => !from.moduleIds.some((id) => id.endsWith(ROUTE_TABLE)));
    const files = [...studio, ...cssOf(studio)].filter((f) => notPrecached.has(f)).sort();
    this.emitFile({ type: "asset", fileName: KEPT_BY_THE_STUDIO, source: JSON.stringify(files.map((f) => `/${f}`)) });
  },
};

// The installable app: manifest, and a service worker that precaches the app shell and keeps the
// catalogue thumbnails a visitor has seen. It stays out of the API (data comes from IndexedDB,
// writes and realtime need the network) and out of the PocketBase admin UI.
const pwa = VitePWA({
  registerType: "prompt", // a new build waits until the person chooses to reload (src/ui/pwa)
  injectRegister: false, // registered by src/ui/pwa with the plugin's React hook
  includeManifestIcons: false, // the globs below already precache every icon
  manifest: {
    id: "/",
    name: "Lanternwood Studio",
    short_name: "Lanternwood",
    description: "Watercolor fairy-tale art: original paintings, prints, picture books, murals and commissions.",
    lang: "en-US",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    // --paper of src/ui/tokens.css (light), so the splash and title bar match the page.
    background_color: "#f8f2e7",
    theme_color: "#f8f2e7",
    categories: ["shopping", "art", "books"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
    // Rendered from the demo studio by scripts/make-pwa-assets.mjs --screenshots.
    screenshots: [
      { src: "/icons/screenshot-wide.png", sizes: "1440x900", type: "image/png", form_factor: "wide", label: "Home: watercolor fairy-tale art from Lanternwood Studio" },
      { src: "/icons/screenshot-narrow.png", sizes: "390x844", type: "image/png", form_factor: "narrow", label: "Gallery & Shop on a phone" },
    ],
  },
  workbox: {
    // The shell: the page, code and styles of the public pages and what they open. Fonts, icons and
    // on-demand code (above) are kept by the runtime caches below when first used: the install
    // must not download what the visitor may never need.
    globPatterns: ["**/*.{js,css,html,svg,webmanifest}"],
    globIgnores: ["**/node_modules/**", "pages/**"],
    manifestTransforms: [async (entries) => ({ manifest: entries.filter((e) => !notPrecached.has(e.url)), warnings: [] })],
    cleanupOutdatedCaches: true,
    // The first install takes charge of the open page at once, so what the first visit shows is
    // already kept for offline use. Updates still wait for the person (no skipWaiting).
    clientsClaim: true,
    // Client routes open offline; the API, the dashboard and the files crawlers read (robots.txt,
    // the sitemap) and the pages letters link to (/letters/, /cart/restore/) are the server's to answer, never the app shell.
    navigateFallback: "index.html",
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/_(\/|$)/, /^\/(robots\.txt|sitemap\.xml|sitemaps\/)/, /^\/letters\//, /^\/cart\/restore\//],
    runtimeCaching: [
      {
        // Public catalogue images (PocketBase files and thumbnails). Protected commission files carry
        // a ?token= and are never stored; file names change when an image is replaced, so cache-first.
        urlPattern: ({ url, request, sameOrigin }) =>
          sameOrigin && request.method === "GET" && url.pathname.startsWith("/api/files/") && !url.searchParams.has("token"),
        handler: "CacheFirst",
        options: {
          cacheName: "studio-images",
          expiration: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // On-demand code, once used (and the studio's, kept after its sign-in: src/lib/pwa/keep.ts), so
        // the studio or the commission form opens offline after one online visit. Hashed names never
        // change content, so cache-first, and whatever the request's headers: the server's answer
        // varies by Origin, which a stylesheet the app preloads sends and a plain fetch does not.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/") && /\.(js|css)$/.test(url.pathname),
        handler: "CacheFirst",
        options: {
          cacheName: "studio-code",
          matchOptions: { ignoreVary: true },
          expiration: { maxEntries: 120, maxAgeSeconds: 365 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/") && url.pathname.endsWith(".woff2"),
        handler: "CacheFirst",
        options: {
          cacheName: "studio-fonts",
          expiration: { maxEntries: 30, maxAgeSeconds: 365 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [react(), stageFacadesCollapsed, startAfterFirstPaint, precacheScope, pwa],
  server: { proxy: { "/api": { target: server, ws: true } } },
  build: {
    target: "es2022",
    sourcemap: false,
    // Read by the speed budget (scripts/lib/budget.mjs) to know which files each route loads first.
    manifest: true,
    // The entry's dynamic imports are the app's start stages (src/main.tsx), whose files the page
    // already preloads (src/boot/start.js): Vite's helper looked each one up in the document again
    // inside the first stage's task, about 10 ms of it on a cold visit.
    modulePreload: { resolveDependencies: (_file, deps, { hostId, hostType }) => (hostType === "js" && ENTRY_CHUNK.test(hostId) ? [] : deps) },
    rollupOptions: {
      input: { index: "index.html", [SYNC_WORKER.name]: SYNC_WORKER.source },
      output: {
        entryFileNames: (chunk) => (chunk.name === SYNC_WORKER.name ? SYNC_WORKER.file : "assets/[name]-[hash].js"),
        // Admin chunks carry an admin- prefix, so the service worker can leave them out of its precache.
        chunkFileNames: (chunk) => (isAdminChunk(chunk) ? "assets/admin-[name]-[hash].js" : "assets/[name]-[hash].js"),
        codeSplitting: { groups: BOOT_STAGES },
      },
    },
  },
});
