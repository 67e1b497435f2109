// `npm run build`: a release folder with everything the server needs and nothing else: the one
// binary with the built PWA inside it, the migrations and the hooks. No Node on the server.
// GOOS/GOARCH build for another machine, e.g. `GOOS=linux GOARCH=arm64 npm run build`.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, rmSync, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { root, requireCommand } from "./lib/project.mjs";

requireCommand("go", "Go 1.25+ is needed to build the server: install it from your package manager, then run this again.");

const release = join(root, "release");
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
if (spawnSync(npx, ["vite", "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" }).status !== 0) process.exit(1);

// go:embed reaches only below pocketbase/, so the build is copied there (ignored by git).
const embedded = join(root, "pocketbase", "dist");
rmSync(embedded, { recursive: true, force: true });
cpSync(join(root, "dist"), embedded, { recursive: true });

rmSync(release, { recursive: true, force: true });
mkdirSync(release);
const goos = process.env.GOOS || execFileSync("go", ["env", "GOOS"], { encoding: "utf8" }).trim();
const binary = join(release, goos === "windows" ? "studio-server.exe" : "studio-server");
console.log(`building the release server for ${goos}/${process.env.GOARCH || execFileSync("go", ["env", "GOARCH"], { encoding: "utf8" }).trim()}…`);
try {
  execFileSync("go", ["build", "-tags", "embedweb", "-trimpath", "-ldflags", "-s -w", "-o", binary, "."], {
    cwd: join(root, "pocketbase"),
    stdio: "inherit",
    // The SQLite driver is pure Go: no C toolchain for the target is needed.
    env: { ...process.env, CGO_ENABLED: "0" },
  });
} finally {
  rmSync(embedded, { recursive: true, force: true });
}
for (const dir of ["pb_migrations", "pb_hooks"]) cpSync(join(root, dir), join(release, dir), { recursive: true });

console.log(`
  release/ is ready (${(statSync(binary).size / 1e6).toFixed(1)} MB binary with the PWA inside, pb_migrations/, pb_hooks/).
  Copy the folder to the server and start it there: ./studio-server serve --http 127.0.0.1:8090
  The README's Deploy section has the systemd unit and the proxy.
`);
