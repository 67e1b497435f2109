// Builds the stack's floor (bench/floor: React + router + Dexie + the PocketBase client, nothing
// else) the way the shop is built, for `npm run bench` to measure beside the shop.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { build } from "vite";
import react from "@vitejs/plugin-react";
import { root } from "./lib/project.mjs";

const floorDist = join(root, "node_modules", ".cache", "studio-floor");

await build({
  configFile: false,
  root: join(root, "bench", "floor"),
  plugins: [react()],
  logLevel: "warn",
  build: { outDir: floorDist, emptyOutDir: true, target: "es2022" },
});
const res = spawnSync(process.execPath, [join(root, "scripts/build-compress.mjs"), floorDist], { stdio: "inherit" });
process.exit(res.status ?? 1);
