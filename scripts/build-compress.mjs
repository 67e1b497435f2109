// Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of dist/, so the server
// sends the smallest encoding a browser accepts without compressing anything per request.
// Run by scripts/build-web.mjs after the PWA (and its prerendered pages) are built.
import { readdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";
import { root } from "./lib/project.mjs";

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const dist = process.argv[2] ?? join(root, "dist");

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith(".")) yield* files(full);
    } else yield full;
  }
}

// Copies left from an earlier run go first, so each copy below is of the file as it is now.
for (const file of [...files(dist)]) if (/\.(br|gz)$/.test(file)) rmSync(file);

let raw = 0;
let br = 0;
for (const file of [...files(dist)]) {
  if (!TEXT.test(file)) continue;
  const body = readFileSync(file);
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gzip = gzipSync(body, { level: 9 });
  // A copy no smaller than the file would only cost the browser a decode.
  if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
  raw += body.length;
  br += Math.min(brotli.length, body.length);
}
console.log(`precompressed ${relative(root, dist) || "."}: ${Math.round(raw / 1024)} KB of text, ${Math.round(br / 1024)} KB as Brotli`);
