// What travels on the wire: sizes as a browser receives them (compressed when the server
// compresses), asked of a running server with a browser's Accept-Encoding.
import http from "node:http";

/** Bytes of one response body as sent (before any decoding), with its encoding. */
export function wireSize(url, acceptEncoding = "br, gzip") {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        let bytes = 0;
        res.on("data", (d) => (bytes += d.length));
        res.on("end", () => resolve({ status: res.statusCode, bytes, encoding: res.headers["content-encoding"] ?? null }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** The URLs the service worker precaches, read from the served sw.js. */
export async function precacheUrls(baseUrl) {
  const sw = await (await fetch(`${baseUrl}/sw.js`)).text();
  const runtime = [...sw.matchAll(/define\(\["\.\/(workbox-[^"]+)"\]/g)].map((m) => `${m[1]}.js`);
  const precached = [...sw.matchAll(/\{url:"([^"]+)",revision:/g)].map((m) => m[1]);
  return [...runtime, ...precached].map((u) => new URL(u, `${baseUrl}/`).href);
}

/** What the service worker downloads on install, as sent by the server, leaving out URLs the page already fetched. */
export async function precacheOnTheWire(baseUrl, alreadyFetched = new Set()) {
  const urls = [`${baseUrl}/sw.js`, ...(await precacheUrls(baseUrl))].filter((u) => !alreadyFetched.has(u));
  let bytes = 0;
  for (const url of urls) bytes += (await wireSize(url)).bytes;
  return { files: urls.length, bytes };
}
