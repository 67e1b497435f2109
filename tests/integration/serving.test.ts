// One server for everything: the built PWA with a fallback for client routes, the API and the dashboard.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { startServer, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";
import { rawRequest, type RawResponse } from "../support/raw-http";

const dist = join(import.meta.dirname, "..", "..", "dist");


const rawGet = (url: string, headers: Record<string, string> = {}) => rawRequest(url, headers);

function decoded(res: RawResponse): Buffer {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(res.body);
  if (encoding === "gzip") return gunzipSync(res.body);
  return res.body;
}

async function entryScript(): Promise<string> {
  return (await (await fetch(`${server.url}/`)).text()).match(/\/assets\/[^"]+\.js/)![0];
}

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

describe("serving", () => {
  it("answers a client route with the app shell, so deep links survive a reload", async () => {
    for (const [path, status] of [["/", 200], ["/admin/paintings", 200], ["/book/abc123", 404], ["/no/such/page", 404]] as const) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it("never answers an unknown API path with the app shell", async () => {
    const res = await fetch(`${server.url}/api/no-such-endpoint`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
  });

  it("serves the PocketBase dashboard under /_/", async () => {
    const res = await fetch(`${server.url}/_/`);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('<div id="root">');
  });

  it("lets hashed assets be cached for a year and the shell be revalidated", async () => {
    const shell = await fetch(`${server.url}/`);
    expect(shell.headers.get("cache-control")).toMatch(/^public, max-age=0, /);
    const asset = (await shell.text()).match(/\/assets\/[^"]+\.js/)![0];
    const res = await fetch(server.url + asset);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it("sends a missing build file as a 404, never as the app page", async () => {
    for (const path of ["/assets/index-gone1234.js", "/assets/style-gone.css", "/icons/no-such-icon.png", "/.vite/manifest.json"]) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type") ?? "", path).not.toMatch(/text\/html/);
      expect(await res.text(), path).not.toContain('<div id="root">');
    }
  });

  it("asks browsers to revalidate the page, the service worker and the manifest, which a shared cache keeps seconds", async () => {
    for (const path of ["/", "/gallery", "/sw.js", "/manifest.webmanifest"]) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toMatch(/^public, max-age=0, s-maxage=10, stale-while-revalidate=60, stale-if-error=86400$/);
    }
    const asset = await fetch(server.url + (await entryScript()));
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers a revalidation of an unchanged page with 304 and no body", async () => {
    const first = await fetch(`${server.url}/`, { headers: { "accept-encoding": "br" } });
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await rawGet(`${server.url}/`, { "accept-encoding": "br", "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});

describe("first paint from HTML", () => {
  it("sends each public route its prerendered frame, with the spec's static texts and no inline script or style", async () => {
    const frames: Record<string, string[]> = {
      "/": ["Watercolor Fairy Tale Art", "Shop Now", "Commission Art"],
      "/gallery": ["Gallery &amp; Shop", "Artwork", "Murals"],
      "/about": ["Mission", "Artistic Style"],
      "/commissions": ["Commission Your Artwork", "Type of artwork"],
      // An address that names nothing gets the not-found frame (and a 404).
      "/book/unknown123": ["Page not found", "Back to home"],
    };
    for (const [path, texts] of Object.entries(frames)) {
      const res = await fetch(server.url + path);
      const html = await res.text();
      for (const text of texts) expect(html, path).toContain(text);
      // Inline scripts (the theme, the start after first paint) are the ones the policy names by hash.
      const policy = res.headers.get("content-security-policy") ?? "";
      const inline = [...html.matchAll(/<script>(.*?)<\/script>/gs)].map((m) => m[1]);
      expect(inline.length, path).toBe(2);
      for (const code of inline) expect(policy, path).toContain(`'sha256-${createHash("sha256").update(code).digest("base64")}'`);
      // Its styles are inline too (no stylesheet round trip before the first paint), allowed by hash.
      const styles = [...html.matchAll(/<style>(.*?)<\/style>/gs)].map((m) => m[1]);
      expect(styles.length, path).toBe(1);
      expect(policy.split("; ").find((d) => d.startsWith("style-src")), path).toContain(`'sha256-${createHash("sha256").update(styles[0]).digest("base64")}'`);
      expect(html, path).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*>/);
      // Data blocks (the module list, schema.org's JSON-LD) are not scripts the browser runs.
      expect(html, path).not.toMatch(/<script(?![^>]*\s(src|type="application\/(ld\+)?json")=?)(?!>)[^>]*>/);
      expect(html, path).not.toMatch(/\sstyle="/);
    }
    // Routes without a frame get the app shell.
    expect(await (await fetch(`${server.url}/admin`)).text()).toContain('<div id="root"></div>');
  });

  it("puts the page's largest picture in the HTML, with a preload matching the picture the app draws", async () => {
    const book = await server.su.collection("books").create(form({ title: "The Lantern Keeper", featured: true, price: 18 }, { image: pngFile("lantern cover.png") }));
    const src = `/api/files/${book.collectionId}/${book.id}/${encodeURIComponent(book.image)}`;
    for (const path of ["/", `/book/${book.id}`]) {
      const res = await rawGet(server.url + path, { "accept-encoding": "gzip, br" });
      expect(res.status, path).toBe(200);
      const html = decoded(res).toString();
      const link = html.match(/<link rel="preload" as="image"[^>]*\/api\/files\/[^>]*>/)?.[0] ?? "";
      expect(link, path).toContain(`href="${src}?thumb=800x0"`);
      expect(link, path).toContain(`${src}?thumb=400x0 400w, ${src}?thumb=800x0 800w, ${src}?thumb=1200x0 1200w`);
      expect(html.indexOf(link), path).toBeLessThan(html.indexOf("</head>"));
      // The picture itself fills the box the frame reserved for it, before any script runs.
      const img = html.match(/<img class="[^"]+" src="[^"]*\/api\/files\/[^>]*>/)?.[0] ?? "";
      expect(img, path).toContain(`src="${src}?thumb=800x0"`);
      expect(img, path).toContain(path === "/" ? 'alt="Cover of The Lantern Keeper"' : 'alt="The Lantern Keeper, image 1 of 1"');
      expect(img, path).toContain('width="600" height="800"');
      // It keeps the slot's mark, for the app's first render to draw the same picture over it.
      expect(img, path).toContain('data-lcp-slot="true"');
      expect(html, path).not.toMatch(/<div[^>]* data-lcp-slot/);
    }
    // The gallery opens with the featured book; a world's page with its newest current character.
    const gallery = await (await fetch(`${server.url}/gallery`)).text();
    expect(gallery).toMatch(new RegExp(`<img class="[^"]+" src="${src.replace(/[.?]/g, "\\$&")}\\?thumb=800x0"[^>]* alt="Cover of The Lantern Keeper"`));
    const kelp = await server.su.collection("characters").create(form({ name: "Captain Kelp", character_type: "pebblewick", status: "current", description: "A crab." }, { image: pngFile("kelp.png") }));
    const world = await (await fetch(`${server.url}/pebblewick`)).text();
    expect(world).toMatch(new RegExp(`<img class="[^"]+" src="/api/files/${kelp.collectionId}/${kelp.id}/[^"]+\\?thumb=800x0"[^>]* alt=""`));
    expect(await (await fetch(`${server.url}/cryptids`)).text()).not.toContain(kelp.id);
    await server.su.collection("characters").delete(kelp.id);
    const picturePreload = /<link rel="preload" as="image"[^>]*\/api\/files\//;
    expect(await (await fetch(`${server.url}/book/unknown123`)).text()).not.toMatch(picturePreload);
    await server.su.collection("books").delete(book.id);
    expect(await (await fetch(`${server.url}/`)).text()).not.toMatch(picturePreload);
  });
});

describe("a release copied over a running server", () => {
  it("is sent in full at once: the old version's ETag no longer matches", async () => {
    const web = mkdtempSync(join(tmpdir(), "studio-web-"));
    cpSync(dist, web, { recursive: true });
    const own = await startServer({ STUDIO_WEB_DIR: web });
    try {
      const before = await rawGet(`${own.url}/sw.js`, { "accept-encoding": "br" });
      const etag = before.headers["etag"] as string;
      const next = `${decoded(before).toString()}\n// next release\n`;
      writeFileSync(join(web, "sw.js"), next);
      writeFileSync(join(web, "sw.js.br"), brotliCompressSync(next));
      writeFileSync(join(web, "sw.js.gz"), gzipSync(next));
      const after = await rawGet(`${own.url}/sw.js`, { "accept-encoding": "br", "if-none-match": etag });
      expect(after.status).toBe(200);
      expect(decoded(after).toString()).toBe(next);
    } finally {
      await own.stop();
      rmSync(web, { recursive: true, force: true });
    }
  });
});

describe("compression", () => {
  it("sends the Brotli copy of a script to a browser that takes Brotli, and it decodes to the built file", async () => {
    const path = await entryScript();
    const res = await rawGet(server.url + path, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    const file = readFileSync(join(dist, path));
    expect(res.body.length).toBeLessThan(file.length / 2);
    expect(decoded(res).equals(file)).toBe(true);
  });

  it("sends a page in Brotli to a browser that takes it, small enough for a connection's first window, and the same page in gzip or plain", async () => {
    for (const path of ["/", "/gallery", "/about", "/commissions"]) {
      const br = await rawGet(server.url + path, { "accept-encoding": "gzip, deflate, br, zstd" });
      expect(br.status, path).toBe(200);
      expect(br.headers["content-encoding"], path).toBe("br");
      expect(br.headers["vary"], path).toMatch(/Accept-Encoding/i);
      const gzip = await rawGet(server.url + path, { "accept-encoding": "br;q=0, gzip" });
      expect(gzip.headers["content-encoding"], path).toBe("gzip");
      const plain = await rawGet(server.url + path);
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      expect(decoded(br).equals(plain.body), path).toBe(true);
      expect(decoded(gzip).equals(plain.body), path).toBe(true);
      // Each encoding has a tag of its own: a cache must never answer one with the other's bytes.
      expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size, path).toBe(3);
      // Ten packets (about 14.6 KB) with the headers: a phone's first round trip carries the whole page.
      expect(br.body.length, path).toBeLessThan(13 * 1024);
      const again = await rawGet(server.url + path, { "accept-encoding": "br", "if-none-match": br.headers.etag as string });
      expect(again.status, path).toBe(304);
    }
  });

  it("falls back to gzip, then to the plain file, as the browser accepts", async () => {
    const path = await entryScript();
    const file = readFileSync(join(dist, path));
    const gzip = await rawGet(server.url + path, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzip).equals(file)).toBe(true);
    const refused = await rawGet(server.url + path, { "accept-encoding": "br;q=0, gzip;q=0.5" });
    expect(refused.headers["content-encoding"]).toBe("gzip");
    const plain = await rawGet(server.url + path);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(plain.body.equals(file)).toBe(true);
  });

  it("compresses the page, the styles, the service worker and the manifest", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const css = html.match(/\/assets\/[^"]+\.css/)![0];
    for (const path of ["/", "/gallery", css, "/sw.js", "/manifest.webmanifest"]) {
      const res = await rawGet(server.url + path, { "accept-encoding": "br, gzip" });
      expect(res.status, path).toBe(200);
      // Files travel as the build's Brotli copy; a page the server fills in (its largest picture) is compressed once it is made.
      expect(res.headers["content-encoding"], path).toBe("br");
      expect(decoded(res).length, path).toBeGreaterThan(res.body.length);
    }
    const manifest = await rawGet(`${server.url}/manifest.webmanifest`, { "accept-encoding": "br" });
    expect(manifest.headers["content-type"]).toMatch(/application\/manifest\+json/);
    expect(JSON.parse(decoded(manifest).toString()).name).toBe("Lanternwood Studio");
  });

  it("gzips API JSON for clients that accept it", async () => {
    const headers = { "accept-encoding": "gzip, br", authorization: server.su.authStore.token };
    const res = await rawGet(`${server.url}/api/collections?perPage=200`, headers);
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["vary"]).toMatch(/Accept-Encoding/i);
    const list = JSON.parse(decoded(res).toString());
    expect(list.items.some((c: { name: string }) => c.name === "paintings")).toBe(true);
    const plain = await rawGet(`${server.url}/api/collections?perPage=200`, { authorization: server.su.authStore.token });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString()).items.length).toBe(list.items.length);
  });

  it("leaves the realtime stream uncompressed, so events arrive as they happen", async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${server.url}/api/realtime`, { headers: { "accept-encoding": "gzip" }, signal: ctrl.signal });
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    expect(res.headers.get("content-encoding")).toBeNull();
    ctrl.abort();
  });
});
