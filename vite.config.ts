import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { startAfterFirstPaint } from "./vite.first-paint.ts";

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
  { name: "react", test: /\/node_modules\/(react|react-dom|scheduler)\//, priority: 5 },
  { name: "db", test: /\/node_modules\/dexie\/|\/src\/lib\/db\.ts$/, priority: 4 },
  { name: "pocketbase", test: /\/node_modules\/pocketbase\/|\/src\/lib\/pocketbase\.ts$/, priority: 3 },
  { name: "router", test: /\/node_modules\/react-router(-dom)?\/|\/src\/app\/routes\.tsx$/, priority: 2 },
  { name: "app", test: /\/src\/boot\/app\.tsx$/, priority: 1 },
];

// Code a visitor does not need until they use it: the admin area, signing in, the commission
// form and workspace, the checkout return pages. It is left out of the service worker's precache
// (and cached by the runtime rule below when first used), so a first visit downloads only the
// shell, the public pages and what they open.
const ON_DEMAND = [
  /\/src\/features\/admin\//,
  /\/src\/features\/account\/AuthDialog\.tsx$/,
  /\/src\/features\/commissions\/(CommissionPage|CommissionWorkspace|DashboardPage)\.tsx$/,
  /\/src\/features\/checkout\/\w+Page\.tsx$/,
];
const notPrecached = new Set<string>();

/** Finds the chunks (and styles) reachable from the entry without passing through on-demand code. */
const precacheScope: Plugin = {
  name: "studio-precache-scope",
  apply: "build",
  generateBundle(_options, bundle) {
    const chunks = new Map(Object.values(bundle).flatMap((o) => (o.type === "chunk" ? [[o.fileName, o] as const] : [])));
    const reached = new Set<string>();
    const visit = (file: string) => {
      const chunk = chunks.get(file);
      if (!chunk || reached.has(file)) return;
      reached.add(file);
      chunk.imports.forEach(visit);
      for (const dynamic of chunk.dynamicImports) {
        const target = chunks.get(dynamic)?.facadeModuleId ?? "";
        if (!ON_DEMAND.some((re) => re.test(target))) visit(dynamic);
      }
    };
    for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
    const reachedCss = new Set([...reached].flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]));
    notPrecached.clear();
    for (const o of Object.values(bundle)) {
      if (o.type === "chunk" ? !reached.has(o.fileName) : o.fileName.endsWith(".css") && !reachedCss.has(o.fileName)) notPrecached.add(o.fileName);
    }
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
    // the sitemap) and the pages letters link to (/letters/) are the server's to answer, never the app shell.
    navigateFallback: "index.html",
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/_(\/|$)/, /^\/(robots\.txt|sitemap\.xml|sitemaps\/)/, /^\/letters\//],
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
        // On-demand code, once used, so the admin area or the commission form opens offline after one online visit.
        // Hashed names never change content, so cache-first.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/") && /\.(js|css)$/.test(url.pathname),
        handler: "CacheFirst",
        options: {
          cacheName: "studio-code",
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
  plugins: [react(), startAfterFirstPaint, precacheScope, pwa],
  server: { proxy: { "/api": { target: server, ws: true } } },
  build: {
    target: "es2022",
    sourcemap: false,
    // Read by the speed budget (scripts/lib/budget.mjs) to know which files each route loads first.
    manifest: true,
    rollupOptions: {
      output: {
        // Admin chunks carry an admin- prefix, so the service worker can leave them out of its precache.
        chunkFileNames: (chunk) => (isAdminChunk(chunk) ? "assets/admin-[name]-[hash].js" : "assets/[name]-[hash].js"),
        codeSplitting: { groups: BOOT_STAGES },
      },
    },
  },
});
