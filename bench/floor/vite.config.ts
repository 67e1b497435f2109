import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { startAfterFirstPaint } from "../../vite.first-paint.ts";

// The floor is built and loaded as the shop's pages are: its script starts after the first paint
// (src/boot/start.js), so Lighthouse counts the stack's start where it counts the shop's, after
// that paint. Loaded at once, it ran before the paint, and its blocking fell outside the floor's TBT.
export default defineConfig({
  plugins: [react(), startAfterFirstPaint],
  logLevel: "warn",
  build: { emptyOutDir: true, target: "es2022" },
});
