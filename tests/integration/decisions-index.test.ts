// docs/decisions: one number per page, and every page in the folder's index, so a page added on one
// branch and another added elsewhere cannot both become 014 unnoticed.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const folder = join(import.meta.dirname, "../../docs/decisions");
const pages = readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = readFileSync(join(folder, "README.md"), "utf8");

describe("decision pages", () => {
  it("each have a number of their own, which their heading repeats", () => {
    const numbers = pages.map((name) => name.slice(0, 3));
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
    for (const name of pages) {
      expect(readFileSync(join(folder, name), "utf8").split("\n")[0], name).toMatch(new RegExp(`^# ${name.slice(0, 3)}: `));
    }
  });

  it("are each listed in the index", () => {
    const missing = pages.filter((name) => !index.includes(`- [${name.slice(0, 3)}](${name})`));
    expect(missing).toEqual([]);
  });
});
