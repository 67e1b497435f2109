// Builds everything `npm start` serves: the server binary, the PWA, the public pages' frames
// prerendered into it, and the compressed copies of its text files.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { root } from "./lib/project.mjs";

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
for (const [cmd, args] of [
  [process.execPath, [join(root, "scripts/build-server.mjs")]],
  [npx, ["vite", "build", "--logLevel", "warn"]],
  [process.execPath, [join(root, "scripts/build-prerender.mjs")]],
  [process.execPath, [join(root, "scripts/build-compress.mjs")]],
]) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
