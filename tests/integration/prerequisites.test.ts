// What npm test needs on the machine is checked before anything runs (scripts/lib/prerequisites.mjs):
// each missing thing is one line naming it and how to install it, and the run stops at once.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error plain ESM helpers shared with the scripts
import { missingPrerequisites } from "../../scripts/lib/prerequisites.mjs";

const root = join(import.meta.dirname, "../..");
const complete = { node: "20.19.0", go: "go1.26.0", cc: true, staticLibc: true, chromium: true, chromiumPath: "/usr/bin/chromium", sqlite3: true, varnish: true, poppler: true };
const missing = (change: object): string[] => missingPrerequisites({ ...complete, ...change });

describe("the prerequisites of npm test", () => {
  it("asks for nothing on a machine that has everything, newer versions included", () => {
    expect(missing({})).toEqual([]);
    expect(missing({ node: "24.1.0", go: "go1.27rc1" })).toEqual([]);
  });

  it.each([
    [{ sqlite3: false }, /sqlite3.*apt-get install sqlite3/],
    [{ varnish: false }, /Varnish.*apt-get install varnish/],
    [{ poppler: false }, /pdftoppm.*apt-get install poppler-utils/],
    [{ chromium: false, chromiumPath: "/opt/chromium" }, /Chromium.*\/opt\/chromium.*apt-get install chromium.*CHROMIUM_PATH/],
    [{ cc: false }, /C compiler.*apt-get install gcc/],
    [{ staticLibc: false }, /static archive.*apt-get install libc6-dev/],
    [{ go: null }, /Go 1\.26 or newer.*go\.dev\/dl/],
    [{ go: "go1.25.9" }, /Go 1\.26 or newer/],
    [{ node: "20.18.3" }, /Node\.js 20\.19 or newer.*\(this is 20\.18\.3\)/],
    [{ node: "18.20.0" }, /Node\.js 20\.19 or newer/],
  ])("names what is missing and how to install it, in one line: %o", (change, line) => {
    const lines = missing(change);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
    expect(lines[0]).not.toContain("\n");
  });

  it("names each missing thing on a line of its own", () => {
    expect(missing({ sqlite3: false, chromium: false })).toHaveLength(2);
  });

  it("stops npm test at once on a machine without sqlite3, before type-checking anything", () => {
    // A sqlite3 that cannot run stands first on PATH.
    const bin = mkdtempSync(join(tmpdir(), "no-sqlite3-"));
    try {
      writeFileSync(join(bin, "sqlite3"), "#!/bin/sh\nexit 127\n");
      chmodSync(join(bin, "sqlite3"), 0o755);
      const run = spawnSync(process.execPath, [join(root, "scripts/test.mjs")], {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
        timeout: 20000,
      });
      expect(run.status).toBe(1);
      // Only sqlite3 on a machine that has the rest; each line one missing thing.
      const lines = run.stderr.trim().split("\n");
      expect(lines).toContainEqual(expect.stringMatching(/^The sqlite3 tool is needed .*apt-get install sqlite3\.$/));
      for (const line of lines) expect(line).toMatch(/ needed .*install/);
      expect(run.stdout).not.toContain("type-check");
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });
});
