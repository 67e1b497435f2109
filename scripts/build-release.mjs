// `npm run build`: a release folder with everything the server needs and nothing else: the one
// binary with the built PWA inside it, the migrations and the hooks. No Node on the server.
// GOOS/GOARCH build for another machine, e.g. `GOOS=linux GOARCH=arm64 npm run build`.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, rmSync, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { root, requireCommand } from "./lib/project.mjs";

requireCommand("go", "Go 1.26+ is needed to build the server: install it from your package manager, then run this again.");
const goEnv = (name) => process.env[name] || execFileSync("go", ["env", name], { encoding: "utf8" }).trim();
const target = `${goEnv("GOOS")}/${goEnv("GOARCH")}`;
const host = `${goEnv("GOHOSTOS")}/${goEnv("GOHOSTARCH")}`;
// The WebP encoder (pocketbase/internal/pictures/renditions.go) is libwebp through cgo, so the C compiler must
// build for the target too.
if (target !== host && !process.env.CC) {
  const debianArch = { "linux/arm64": "aarch64", "linux/amd64": "x86-64", "linux/arm": "arm" }[target];
  console.error(
    `Building for ${target} on ${host} needs a C compiler for ${target} (the WebP encoder is C): ` +
      (debianArch ? `e.g. apt-get install gcc-${debianArch}-linux-gnu and set CC=${debianArch.replace("-", "_")}-linux-gnu-gcc, ` : "set CC to one, ") +
      "or run npm run build on a machine of that kind.",
  );
  process.exit(1);
}
requireCommand(process.env.CC ?? "cc", "A C compiler is needed to build the server (WebP pictures): install gcc (Debian/Ubuntu: apt-get install gcc), then run this again.");

// go:embed reaches only below pocketbase/, so the PWA is built there (ignored by git).
const embedded = join(root, "pocketbase", "dist");
const release = join(root, "release");
rmSync(release, { recursive: true, force: true });
mkdirSync(release);
const binary = join(release, target.startsWith("windows/") ? "studio-server.exe" : "studio-server");
function buildBinary() {
  if (spawnSync(process.execPath, [join(root, "scripts/build-web.mjs"), embedded], { cwd: root, stdio: "inherit" }).status !== 0) return false;
  console.log(`building the release server for ${target}…`);
  // Linked statically, with Go's own DNS resolver and user lookup: the binary runs on any Linux
  // of its architecture, whatever C library the server has.
  const ldflags = target.startsWith("linux/") ? '-s -w -extldflags "-static"' : "-s -w";
  execFileSync("go", ["build", "-tags", "embedweb,netgo,osusergo", "-trimpath", "-ldflags", ldflags, "-o", binary, "."], {
    cwd: join(root, "pocketbase"),
    stdio: "inherit",
    env: { ...process.env, CGO_ENABLED: "1" },
  });
  return true;
}
let built;
try {
  built = buildBinary();
} finally {
  rmSync(embedded, { recursive: true, force: true });
}
if (!built) process.exit(1);
for (const dir of ["pb_migrations", "pb_hooks"]) cpSync(join(root, dir), join(release, dir), { recursive: true });

console.log(`
  release/ is ready (${(statSync(binary).size / 1e6).toFixed(1)} MB binary with the PWA inside, pb_migrations/, pb_hooks/).
  Copy the folder to the server and start it there: ./studio-server serve --http 127.0.0.1:8090
  The README's Deploy section has the systemd unit and the proxy.
`);
