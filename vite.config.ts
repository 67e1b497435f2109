import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// In development the PWA is served by Vite and PocketBase runs beside it; the proxy keeps one origin.
const server = process.env.STUDIO_DEV_SERVER ?? "http://127.0.0.1:8090";

export default defineConfig({
  plugins: [react()],
  server: { proxy: { "/api": { target: server, ws: true } } },
  build: { target: "es2022", sourcemap: false },
});
