// What `npm test` needs on the machine beyond the npm packages, checked before anything runs: a
// missing one would otherwise fail a build or a test many minutes in, or quietly skip the tests
// that use it. The README's prerequisites name the same list. stripe-mock and gofakes3 are not
// here: npm test installs them with Go.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const NEEDS = [
  {
    has: (m) => atLeast(m.node, "20.19"),
    line: "Node.js 20.19 or newer is needed (this is {node}): install it from nodejs.org or your package manager.",
  },
  {
    has: (m) => atLeast(m.go, "1.26"),
    line: "Go 1.26 or newer is needed to build the server: install it from go.dev/dl (Debian/Ubuntu packages are often older).",
  },
  {
    has: (m) => m.cc,
    line: "A C compiler is needed to build the server (its WebP encoder is C): Debian/Ubuntu: apt-get install gcc libc6-dev.",
  },
  {
    has: (m) => m.staticLibc,
    line: "The C library's static archive is needed to build the release the tests check: Debian/Ubuntu: apt-get install libc6-dev.",
  },
  {
    has: (m) => m.chromium,
    line: "Chromium is needed for the browser tests at {chromium}: Debian/Ubuntu: apt-get install chromium (or set CHROMIUM_PATH).",
  },
  {
    has: (m) => m.sqlite3,
    line: "The sqlite3 tool is needed by the tests that change the database behind the server's back: Debian/Ubuntu: apt-get install sqlite3.",
  },
  {
    has: (m) => m.varnish,
    line: "Varnish is needed by the test that puts a shared cache in front of the server: Debian/Ubuntu: apt-get install varnish.",
  },
  {
    has: (m) => m.poppler,
    line: "pdftotext, pdfinfo and pdftoppm are needed by the tests that read the certificates the server makes: Debian/Ubuntu: apt-get install poppler-utils.",
  },
];

/** Whether a version such as "1.26.8" or "go1.26.8" is at least `least` ("1.26"); false without one. */
function atLeast(version, least) {
  const parts = (v) => (String(v).match(/\d+(\.\d+)*/)?.[0] ?? "").split(".").map(Number);
  if (!version || !/\d/.test(version)) return false;
  const have = parts(version);
  const want = parts(least);
  for (let i = 0; i < want.length; i++) {
    if ((have[i] ?? 0) !== want[i]) return (have[i] ?? 0) > want[i];
  }
  return true;
}

/**
 * One line for each thing the machine `m` lacks, naming it and how to install it; none when it has
 * everything. `m`: { node, go (versions, or null), cc, staticLibc, chromium, sqlite3, varnish, poppler
 * (booleans), chromiumPath }.
 * @returns {string[]}
 */
export function missingPrerequisites(m) {
  return NEEDS.filter((need) => !need.has(m)).map((need) => need.line.replace("{node}", m.node).replace("{chromium}", m.chromiumPath));
}

const output = (cmd, args, cwd) => {
  try {
    return execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
};

/** This machine, as missingPrerequisites reads it. Go is asked from pocketbase/, so a toolchain go.mod picks is the one counted. */
export function thisMachine(root) {
  const cc = process.env.CC ?? "cc";
  const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  return {
    node: process.versions.node,
    go: output("go", ["env", "GOVERSION"], join(root, "pocketbase")),
    cc: output(cc, ["--version"]) !== null,
    // The release is linked statically on Linux only; cc answers the bare name when it has no such file.
    staticLibc: process.platform !== "linux" || (output(cc, ["-print-file-name=libc.a"]) ?? "").includes("/"),
    chromium: existsSync(chromiumPath),
    chromiumPath,
    sqlite3: output("sqlite3", ["-version"]) !== null,
    // Debian puts varnishd in /usr/sbin, which is not on every user's PATH.
    varnish: existsSync("/usr/sbin/varnishd") || output("varnishd", ["-V"]) !== null,
    poppler: ["pdftotext", "pdfinfo", "pdftoppm"].every((tool) => output(tool, ["-v"]) !== null),
  };
}
