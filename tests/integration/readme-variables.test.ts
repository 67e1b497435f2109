// The README's tables of variables are the only place an operator learns what the shop reads from its
// environment. Every STUDIO_ name the server, its hooks, the scripts or the dev server read must have
// exactly one row there, and every row must name something that is still read, so a new setting
// cannot ship undocumented and a removed one cannot linger.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "../..");

/** Files under dir (recursively) whose names end with one of the extensions. */
function sources(dir: string, extensions: string[], recursive = true): string[] {
  return readdirSync(join(root, dir), { recursive })
    .map(String)
    .filter((name) => extensions.some((ext) => name.endsWith(ext)))
    .map((name) => join(dir, name));
}

const readers = [
  ...sources("pocketbase", [".go"]),
  ...sources("pb_hooks", [".js"]),
  ...sources("pb_migrations", [".js"]),
  ...sources("scripts", [".mjs", ".js"]),
  "vite.config.ts",
].filter((file) => !file.endsWith("_test.go"));

// Set by the start script for one start of the server and read by a hook; nobody sets it by hand.
const internal = new Set(["STUDIO_SEED_SUPERUSER_PASSWORD"]);
// Read by PocketBase itself because the systemd unit in the README names it (`--encryptionEnv`).
const readByPocketBase = new Set(["STUDIO_SETTINGS_KEY"]);

function readNames(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of readers) {
    for (const [name] of readFileSync(join(root, file), "utf8").matchAll(/\bSTUDIO_[A-Z0-9_]*[A-Z0-9]\b/g)) {
      if (!internal.has(name) && !found.has(name)) found.set(name, file);
    }
  }
  return found;
}

/** Each STUDIO_ name in the first cell of a README table row, once per row it appears in. A row counts only
 * inside a table (after a header and its |---| line), not a lone row left between paragraphs. */
function documentedNames(): string[] {
  const lines = readFileSync(join(root, "README.md"), "utf8").split("\n");
  const names: string[] = [];
  let inTable = false;
  lines.forEach((line, i) => {
    if (!line.startsWith("|")) inTable = false;
    else if (/^\|[-| :]+\|$/.test(line) && lines[i - 1]?.startsWith("|")) inTable = true;
    else if (inTable) names.push(...(line.split("|")[1].match(/\bSTUDIO_[A-Z0-9_]*[A-Z0-9]\b/g) ?? []));
  });
  return names;
}

describe("README variables", () => {
  it("finds the settings the shop reads", () => {
    // A guard for the search itself: if these vanish, the patterns above stopped matching.
    const names = readNames();
    for (const name of ["STUDIO_HTTP", "STUDIO_SMTP_HOST", "STUDIO_SYNC_TOMBSTONE_DAYS", "STUDIO_S3_BUCKET"]) {
      expect(names.has(name), name).toBe(true);
    }
  });

  it("has one table row for every variable the code reads", () => {
    const documented = documentedNames();
    const problems = [...readNames()].flatMap(([name, file]) => {
      const rows = documented.filter((d) => d === name).length;
      if (rows === 1) return [];
      return [`${name} (read in ${file}) is in ${rows} README table rows, not 1`];
    });
    expect(problems).toEqual([]);
  });

  it("documents nothing the code no longer reads", () => {
    const read = readNames();
    const stale = documentedNames().filter((name) => !read.has(name) && !readByPocketBase.has(name));
    expect(stale).toEqual([]);
  });
});
