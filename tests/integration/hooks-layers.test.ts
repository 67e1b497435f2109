// The hooks' library reads in layers too (docs/decisions/020-hooks-by-concern.md): pb_hooks/lib/ is one
// folder per concern, each owning what its README.md says and requiring only the folders that README
// names, all of them below it in LAYERS. So the arrows between folders point one way, and a module that
// would reach up (a cycle between concerns, in the making) has to move, or move a function, first.
// Modules of one folder may require each other freely. Every require must name a file that is there:
// hooks are read only when the server starts, and a broken path would fail the first request.
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { circlesOf } from "../support/graph";

const root = join(import.meta.dirname, "../..");
const lib = join(root, "pb_hooks/lib");

// From the bottom up: a folder may require only folders before it.
const LAYERS = ["base", "accounts", "catalog", "money", "pricing", "orders", "commissions", "checkout", "letters", "reports"];

const folders = readdirSync(lib).filter((name) => statSync(join(lib, name)).isDirectory());
const jsUnder = (dir: string) =>
  readdirSync(join(root, dir), { recursive: true })
    .map(String)
    .filter((name) => name.endsWith(".js"))
    .map((name) => join(dir, name));

// require(`${__hooks}/lib/<folder>/<module>.js`), the one form the hooks use; comments go first, as they
// name modules in passing.
const REQUIRE = /require\(\s*`\$\{__hooks\}\/([^`]+)`\s*\)/g;
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");
const requiresOf = (file: string) => [...withoutComments(readFileSync(join(root, file), "utf8")).matchAll(REQUIRE)].map((m) => m[1]);

const folderOf = (path: string) => relative("lib", path).split("/")[0];

/** The folders a folder's README.md allows it to require: its "May import:" line, names in backticks. */
function allowedBy(folder: string): string[] {
  const readme = join(lib, folder, "README.md");
  if (!existsSync(readme)) return [];
  const line = readFileSync(readme, "utf8").match(/^May import: (.*)$/m)?.[1] ?? "";
  return [...line.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]);
}

const libFiles = jsUnder("pb_hooks/lib");
/** Arrows between folders: "from → to" for every require of another folder's module. */
const arrows = libFiles.flatMap((file) => {
  const from = folderOf(relative("pb_hooks", file));
  return requiresOf(file)
    .filter((path) => path.startsWith("lib/") && folderOf(path) !== from)
    .map((path) => ({ file: relative("pb_hooks/lib", file), from, to: folderOf(path) }));
});

describe("the hooks' library", () => {
  it("sees the code", () => {
    // A guard for the parsing itself: checkout leans on pricing, orders and commissions.
    expect(arrows.filter((a) => a.from === "checkout").length).toBeGreaterThan(3);
  });

  it("keeps every module in a folder named in LAYERS, each with a README.md saying what it owns", () => {
    expect(readdirSync(lib).filter((name) => name.endsWith(".js"))).toEqual([]);
    expect(folders.filter((f) => !LAYERS.includes(f))).toEqual([]);
    expect(folders.filter((f) => !existsSync(join(lib, f, "README.md")))).toEqual([]);
  });

  it("lets a README allow only folders below its own", () => {
    const upward = folders.flatMap((f) =>
      allowedBy(f)
        .filter((to) => !(LAYERS.indexOf(to) >= 0 && LAYERS.indexOf(to) < LAYERS.indexOf(f)))
        .map((to) => `${f} allows ${to}`),
    );
    expect(upward).toEqual([]);
  });

  it("requires across folders only what the folder's README allows, so arrows point one way", () => {
    const refused = arrows.filter((a) => !allowedBy(a.from).includes(a.to)).map((a) => `${a.file} → ${a.to}/`);
    expect(refused).toEqual([]);
  });

  it("has no circle between folders", () => {
    const next = new Map<string, string[]>();
    for (const a of arrows) next.set(a.from, [...(next.get(a.from) ?? []), a.to]);
    expect(circlesOf(next, folders).map((circle) => circle.join(" → "))).toEqual([]);
  });

  it("requires only modules that are there, from the routes, the library and the migrations", () => {
    const missing = [...jsUnder("pb_hooks"), ...jsUnder("pb_migrations")].flatMap((file) =>
      requiresOf(file)
        .filter((path) => !existsSync(join(root, "pb_hooks", path)))
        .map((path) => `${file} requires ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
