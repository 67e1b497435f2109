import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

// The built page paints before any script runs: the theme script is inline (allowed by its hash,
// see pocketbase/headers.go), and the entry and its preloads are not in the head but listed in a
// data block that src/boot/start.js reads after the first frame. scripts/build-prerender.mjs adds
// each route's own modules to the same list.
const inline = (file: string) => `<script>${readFileSync(new URL(file, import.meta.url), "utf8").replace(/^\/\/.*\n/gm, "").trim()}</script>`;

export const startAfterFirstPaint: Plugin = {
  name: "studio-start-after-first-paint",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler(html) {
      const modules: string[] = [];
      html = html.replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src: string) => (modules.unshift(src), ""));
      html = html.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => (modules.push(href), ""));
      if (modules.length === 0) throw new Error("index.html: no entry script found");
      html = html.replace('<script src="/src/boot/before-paint.js"></script>', inline("./src/boot/before-paint.js"));
      const list = `<script type="application/json" id="app-modules">${JSON.stringify(modules)}</script>`;
      return html.replace("</body>", `  ${list}\n    ${inline("./src/boot/start.js")}\n  </body>`);
    },
  },
};
