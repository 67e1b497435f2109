// Builds the one server binary (PocketBase + our hooks runtime) from pocketbase/.
import { execFileSync } from "node:child_process";
import { existsSync, statSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { root, serverBinary, requireCommand } from "./lib/project.mjs";

requireCommand("go", "Go 1.26+ is needed to build the server: install it from your package manager, then run this again.");
// The WebP encoder of the picture renditions (pocketbase/internal/pictures/renditions.go) is libwebp through cgo.
requireCommand(process.env.CC ?? "cc", "A C compiler is needed to build the server (WebP pictures): install gcc (Debian/Ubuntu: apt-get install gcc), then run this again.");

const srcDir = join(root, "pocketbase");
// The sources are main's files and the packages under internal/ (dist/, the embedded PWA, is not).
const sources = readdirSync(srcDir, { recursive: true }).filter((f) => /\.(go|mod|sum)$/.test(f) && !f.startsWith("dist"));
const newest = Math.max(...sources.map((f) => statSync(join(srcDir, f)).mtimeMs));
if (existsSync(serverBinary) && statSync(serverBinary).mtimeMs >= newest && !process.argv.includes("--force")) {
  console.log("server binary is up to date");
} else {
  console.log("building the server (first time takes a few minutes)…");
  execFileSync("go", ["build", "-trimpath", "-o", serverBinary, "."], { cwd: srcDir, stdio: "inherit", env: { ...process.env, CGO_ENABLED: "1" } });
}
