// `node scripts/build-floor.mjs <folder>`: builds the stack's floor (bench/floor: React + router +
// Dexie + the PocketBase client, nothing else) the way the shop is built, into that folder, for
// `npm run bench` to measure beside the shop. Each bench builds into a folder of its own: a
// shared one is emptied by the next build while another bench serves it (its / then answers 404).
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { build } from "vite";
import { root } from "./lib/project.mjs";

if (!process.argv[2]) {
  console.error("usage: node scripts/build-floor.mjs <folder to build into>");
  process.exit(2);
}
const floorDist = resolve(process.argv[2]);

await build({
  configFile: join(root, "bench", "floor", "vite.config.ts"),
  root: join(root, "bench", "floor"),
  build: { outDir: floorDist },
});
const res = spawnSync(process.execPath, [join(root, "scripts/build-compress.mjs"), floorDist], { stdio: "inherit" });
process.exit(res.status ?? 1);
