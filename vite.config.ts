import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";

// In development the PWA is served by Vite and PocketBase runs beside it; the proxy keeps one origin.
const server = process.env.STUDIO_DEV_SERVER ?? "http://127.0.0.1:8090";

const ADMIN_CODE = "/src/features/admin/";
function isAdminChunk(chunk: { facadeModuleId: string | null; moduleIds: string[] }) {
  const ids = chunk.moduleIds.filter((id) => !id.startsWith("\0"));
  return !!chunk.facadeModuleId?.includes(ADMIN_CODE) || (ids.length > 0 && ids.every((id) => id.includes(ADMIN_CODE)));
}

// The installable app: manifest, and a service worker that precaches the app shell and keeps the
// catalogue thumbnails a visitor has seen. It stays out of the API (data comes from IndexedDB,
// writes and realtime need the network) and out of the PocketBase admin UI.
const pwa = VitePWA({
  registerType: "prompt", // a new build waits until the person chooses to reload (src/lib/pwa)
  injectRegister: false, // registered by src/lib/pwa with the plugin's React hook
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
    // The shell: code, styles, the page, icons and the Latin subsets of the two fonts. Other font
    // subsets are fetched when a page needs them and kept by the runtime cache below. The admin
    // area is never precached: a visitor does not download admin code.
    globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}", "**/*-latin-[0-9]*.woff2"],
    globIgnores: ["**/node_modules/**", "icons/screenshot-*", "assets/admin-*", "assets/*[Aa]dmin*"],
    cleanupOutdatedCaches: true,
    // The first install takes charge of the open page at once, so what the first visit shows is
    // already kept for offline use. Updates still wait for the person (no skipWaiting).
    clientsClaim: true,
    // Client routes open offline; API and admin-UI paths are never answered with the app shell.
    navigateFallback: "index.html",
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/_(\/|$)/],
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
  plugins: [react(), pwa],
  server: { proxy: { "/api": { target: server, ws: true } } },
  build: {
    target: "es2022",
    sourcemap: false,
    rollupOptions: {
      output: {
        // Admin chunks carry an admin- prefix, so the service worker can leave them out of its precache.
        chunkFileNames: (chunk) => (isAdminChunk(chunk) ? "assets/admin-[name]-[hash].js" : "assets/[name]-[hash].js"),
      },
    },
  },
});
