// The code reads in layers, each importing only those below it: main (and the build-time prerender,
// the boot scripts) → app → features → ui → lib. And no file reaches itself through its imports,
// lazy ones included: a circle is where a reader gets lost and a bundler orders modules by guess.
// eslint's no-restricted-imports keeps features to each other's index.ts; this keeps the rest.
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { circlesOf } from "../support/graph";

const src = join(import.meta.dirname, "../../src");

const LAYERS = ["lib", "ui", "features", "app", "top"] as const;
function layerOf(file: string): number {
  const first = relative(src, file).split("/")[0];
  const i = LAYERS.indexOf(first as (typeof LAYERS)[number]);
  return i >= 0 ? i : LAYERS.indexOf("top"); // main.tsx, prerender.tsx, boot/
}

const code = (name: string) => /\.(ts|tsx|js)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts");
const files = readdirSync(src, { recursive: true })
  .map(String)
  .filter(code)
  .map((name) => join(src, name));

/** The file a relative specifier names, as the bundler resolves it; null for packages and assets. */
function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = join(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return code(candidate) ? candidate : null;
  }
  throw new Error(`${relative(src, from)} imports ${spec}, which is not there`);
}

// import … from "x", export … from "x", import "x", import("x"): type-only imports count too. Comments
// go first: they show imports as examples.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");
const graph = new Map(
  files.map((file) => [
    file,
    [...withoutComments(readFileSync(file, "utf8")).matchAll(IMPORT)].map((m) => resolve(file, m[1])).filter((f): f is string => f !== null),
  ]),
);

describe("the import graph", () => {
  it("sees the code", () => {
    // A guard for the parsing itself: the app's shell imports its routes and the layout.
    const app = graph.get(join(src, "app/Layout.tsx"));
    expect(app?.length).toBeGreaterThan(3);
  });

  it("only ever points down the layers", () => {
    const upward = [...graph].flatMap(([from, targets]) =>
      targets.filter((to) => layerOf(to) > layerOf(from)).map((to) => `${relative(src, from)} → ${relative(src, to)}`),
    );
    expect(upward).toEqual([]);
  });

  it("has no circles", () => {
    const circles = circlesOf(graph, files).map((circle) => circle.map((f) => relative(src, f)).join(" → "));
    expect(circles).toEqual([]);
  });
});
