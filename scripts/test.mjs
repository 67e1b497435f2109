// The one test command: type-check, lint, unit, build, integration and browser tests, in that
// order (cheapest first, so a typo fails in seconds, not after a browser run).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { root } from "./lib/project.mjs";
import { missingPrerequisites, thisMachine } from "./lib/prerequisites.mjs";

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const reports = join(root, "test-results");
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return res.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const s = JSON.parse(readFileSync(file, "utf8")).stats;
  totals.passed += s.expected + (s.flaky ?? 0);
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
}

// Test servers Go installs once: stripe-mock answers the Stripe API, gofakes3 the S3 API.
const GO_TOOLS = [
  ["stripe-mock", "github.com/stripe/stripe-mock@v0.197.0"],
  ["gofakes3", "github.com/johannesboyne/gofakes3/cmd/gofakes3@v1.2.0"],
];
function ensureGoTools() {
  const gobin = spawnSync("go", ["env", "GOBIN", "GOPATH"], { encoding: "utf8" }).stdout.split("\n");
  const dirs = [gobin[0], gobin[1] && join(gobin[1], "bin"), ...(process.env.PATH ?? "").split(":")].filter(Boolean);
  return GO_TOOLS.every(([name, module]) => dirs.some((d) => existsSync(join(d, name))) || run(`installing ${name}`, "go", ["install", module]));
}

// A missing tool stops the run now, with what to install, not a build or a test twenty minutes in.
const missing = missingPrerequisites(thisMachine(root));
if (missing.length > 0) {
  for (const line of missing) console.error(line);
  process.exit(1);
}

rmSync(reports, { recursive: true, force: true });
if (!existsSync(join(root, "node_modules"))) run("installing npm packages", npm, ["install", "--no-fund", "--no-audit"]);

const steps = [
  () => run("type-check", npx, ["tsc", "-b", "--pretty", "false"]),
  () => run("lint", npx, ["eslint", ".", "--max-warnings", "0"]),
  () => {
    const ok = run("unit tests", npx, ["vitest", "run", "--project", "unit", "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/unit.json`, "--passWithNoTests"]);
    countVitest(join(reports, "unit.json"));
    return ok;
  },
  () => run("build server and PWA", process.execPath, [join(root, "scripts/build.mjs")]),
  // The server's own unit tests (the proof mark's pictures), on the build's cache.
  () => run("server unit tests (go test)", "go", ["-C", join(root, "pocketbase"), "test", "-count=1", "./..."], { CGO_ENABLED: "1" }),
  () => ensureGoTools(),
  () => {
    const ok = run("integration tests (real PocketBase, stripe-mock, gofakes3, maildev)", npx, ["vitest", "run", "--project", "integration", "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/integration.json`]);
    countVitest(join(reports, "integration.json"));
    return ok;
  },
  () => {
    const ok = run("browser tests (Playwright, system Chromium)", npx, ["playwright", "test", "--pass-with-no-tests"], { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, "e2e.json") });
    countPlaywright(join(reports, "e2e.json"));
    return ok;
  },
];

let ok = true;
for (const step of steps) {
  if (!step()) {
    ok = false;
    break;
  }
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
