// Builds everything `npm start` serves: the server binary and the PWA (scripts/build-web.mjs).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { root } from "./lib/project.mjs";

for (const script of ["scripts/build-server.mjs", "scripts/build-web.mjs"]) {
  const res = spawnSync(process.execPath, [join(root, script)], { cwd: root, stdio: "inherit" });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
