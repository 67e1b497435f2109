// Builds the PWA into a folder (dist/ unless given): the app, the public pages' frames prerendered
// into it, and the compressed copies of its text files. `npm start` serves dist/; the release build
// compiles its own folder into the binary.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { root } from "./lib/project.mjs";

const outDir = process.argv[2] ?? join(root, "dist");
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
for (const [cmd, args] of [
  [npx, ["vite", "build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"]],
  [process.execPath, [join(root, "scripts/build-prerender.mjs"), outDir]],
  [process.execPath, [join(root, "scripts/build-compress.mjs"), outDir]],
]) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
