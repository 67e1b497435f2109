import { readFileSync } from "node:fs";
import { minifySync, type IndexHtmlTransformContext, type Plugin, type Rollup } from "vite";

// The built page paints before any script runs: the theme script is inline (allowed by its hash,
// see pocketbase/internal/guard/headers.go), and the entry and its preloads are not in the head but listed in a
// data block that src/boot/start.js reads after the first frame. scripts/build-prerender.mjs adds
// each route's own modules to the same list. The entry evaluates the app in stages, each a dynamic
// import it makes at once (src/main.tsx): their chunks join the list, so they download together.
// Both go out minified: they are in every page, and their comments are for this repository.
function inline(file: string): string {
  const { code, errors } = minifySync(file, readFileSync(new URL(file, import.meta.url), "utf8"));
  if (errors.length > 0) throw new Error(`${file}: ${errors.map((error) => error.message).join("; ")}`);
  return `<script>${code.trim()}</script>`;
}

export const startAfterFirstPaint: Plugin = {
  name: "studio-start-after-first-paint",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler(html, { bundle, chunk }: IndexHtmlTransformContext) {
      const modules: string[] = [];
      html = html.replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src: string) => (modules.unshift(src), ""));
      html = html.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => (modules.push(href), ""));
      if (modules.length === 0) throw new Error("index.html: no entry script found");
      for (const file of stagesOf(chunk, bundle)) if (!modules.includes(`/${file}`)) modules.push(`/${file}`);
      html = html.replace('<script src="/src/boot/before-paint.js"></script>', inline("./src/boot/before-paint.js"));
      const list = `<script type="application/json" id="app-modules">${JSON.stringify(modules)}</script>`;
      return html.replace("</body>", `  ${list}\n    ${inline("./src/boot/start.js")}\n  </body>`);
    },
  },
};

/** The chunks of the entry's dynamic imports and everything they import statically. */
function stagesOf(entry: Rollup.OutputChunk | undefined, bundle: Rollup.OutputBundle | undefined): string[] {
  if (!entry || !bundle) throw new Error("index.html: the build gave no entry chunk");
  const files = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (files.has(file) || chunk?.type !== "chunk") return;
    files.add(file);
    chunk.imports.forEach(visit);
  };
  entry.dynamicImports.forEach(visit);
  return [...files];
}
