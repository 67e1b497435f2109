// A page is made once per address and catalogue version and kept (docs/decisions/019-the-host-in-packages.md): what
// a visitor gets must still be the page of the catalogue as it is now, a made-up address the one 404 page, and a
// browser holding the page a 304.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gunzipSync } from "node:zlib";
import type { RecordModel } from "pocketbase";
import { startServer, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";
import { rawRequest } from "../support/raw-http";
import { pieceAddress } from "../../src/lib/addresses";

let server: TestServer;
let fox: RecordModel;

beforeAll(async () => {
  server = await startServer({ STUDIO_TRUSTED_PROXY_HEADERS: "X-Forwarded-For" });
  fox = await server.su.collection("paintings").create(
    form({ title: "Moonlit Fox", description: "A fox under the moon.", tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 40 } }, { image: pngFile("fox.png") }),
  );
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const description = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)?.[1];

describe("kept pages", () => {
  it("answers a browser holding the page with 304, gzipped or not, and sends the page again once it changed", async () => {
    const path = pieceAddress("gallery", fox);
    for (const encoding of ["gzip", ""]) {
      const first = await rawRequest(server.url + path, { "accept-encoding": encoding });
      expect(first.status).toBe(200);
      const html = (encoding ? gunzipSync(first.body) : first.body).toString();
      expect(title(html)).toBe("Moonlit Fox · Watercolor painting · Lanternwood Studio");
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{24}"$/);
      const again = await rawRequest(server.url + path, { "accept-encoding": encoding, "if-none-match": etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
    const held = (await fetch(server.url + path)).headers.get("etag")!;
    await server.su.collection("paintings").update(fox.id, { description: "A fox under a harvest moon." });
    const changed = await fetch(server.url + path, { headers: { "if-none-match": held } });
    expect(changed.status).toBe(200);
    expect(description(await changed.text())).toBe("A fox under a harvest moon.");
  });

  it("sends a piece's page as the catalogue is now: renamed, priced, then gone", async () => {
    const piece = await server.su.collection("paintings").create(form({ title: "Tide Pool", tags: ["Original - Not For Sale"] }, { image: pngFile("tide.png") }));
    const old = pieceAddress("gallery", piece);
    expect(title(await (await fetch(server.url + old)).text())).toBe("Tide Pool · Watercolor painting · Lanternwood Studio");
    expect(await (await fetch(server.url + old)).text()).not.toContain("product:price:amount");

    await server.su.collection("paintings").update(piece.id, { title: "Tide Pool at Dusk", tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 25 } });
    const moved = await fetch(server.url + old, { redirect: "manual" });
    expect(moved.status).toBe(301);
    const current = pieceAddress("gallery", { id: piece.id, title: "Tide Pool at Dusk" });
    expect(moved.headers.get("location")).toBe(current);
    const html = await (await fetch(server.url + current)).text();
    expect(title(html)).toBe("Tide Pool at Dusk · Watercolor painting · Lanternwood Studio");
    expect(html).toContain('<meta property="product:price:amount" content="25.00">');

    await server.su.collection("paintings").delete(piece.id);
    const gone = await fetch(server.url + current);
    expect(gone.status).toBe(404);
    expect(title(await gone.text())).toBe("Page not found · Lanternwood Studio");
  });

  it("sends the studio's new name and address in every page once the settings change", async () => {
    const before = await (await fetch(`${server.url}/about`)).text();
    expect(before).toContain(`<link rel="canonical" href="${server.url}/about">`);
    await server.su.settings.update({ meta: { appURL: "https://shop.example" } });
    try {
      const after = await (await fetch(`${server.url}/about`)).text();
      expect(after).toContain('<link rel="canonical" href="https://shop.example/about">');
    } finally {
      await server.su.settings.update({ meta: { appURL: server.url } });
    }
  });

  it("gives every made-up address the one 404 page, whole, with its status, and HEAD its length", async () => {
    const made = ["/no/such/page", "/gallery/made-up-words-aaaaaaaaaaaaaaa", "/book/aaaaaaaaaaaaaaa", "/gallery/no-id-here", "/cryptids/" + fox.id];
    const bodies = new Set<string>();
    for (const path of made) {
      for (let i = 0; i < 2; i++) {
        const res = await rawRequest(server.url + path, { "accept-encoding": "gzip" });
        expect(res.status, path).toBe(404);
        expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(res.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=10, stale-while-revalidate=60, stale-if-error=86400$/);
        expect(Number(res.headers["content-length"])).toBe(res.body.length);
        const html = gunzipSync(res.body).toString();
        expect(title(html)).toBe("Page not found · Lanternwood Studio");
        expect(html).toContain('<meta name="robots" content="noindex">');
        expect(html).toContain('<div id="root">');
        bodies.add(html);
      }
    }
    expect(bodies.size).toBe(1);
    const head = await fetch(`${server.url}/no/such/page`, { method: "HEAD" });
    expect(head.status).toBe(404);
    expect(await head.text()).toBe("");
    // A conditional request is no way round the status: the 404 page is sent whole.
    const again = await rawRequest(`${server.url}/no/such/page`, { "if-none-match": head.headers.get("etag")! });
    expect(again.status).toBe(404);
    expect(again.body.length).toBeGreaterThan(1000);
  });
});

describe("the pages' limit", () => {
  const from = (address: string, path = "/about") => fetch(server.url + path, { headers: { "X-Forwarded-For": address } });

  it("answers 429 past 300 pages a minute from one network, an IPv6 /64 counting as one, and leaves files and the API alone", async () => {
    const statuses: number[] = [];
    for (let batch = 0; batch < 15; batch++) {
      statuses.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => from("2001:db8:7:7::1", i % 2 ? "/about" : "/no/such/page")))).map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const refused = await from("2001:db8:7:7::1");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe("Too many pages asked for from your address in a short time. Please wait a little and try again.\n");
    expect((await from("2001:db8:7:7:ffff::2")).status).toBe(429);
    expect((await from("2001:db8:7:8::1")).status).toBe(200);
    expect((await from("2001:db8:7:7::1", "/manifest.webmanifest")).status).toBe(200);
    expect((await from("2001:db8:7:7::1", "/api/health")).status).toBe(200);
  });

  it("follows a rule labelled pages in the rate limit settings", async () => {
    const { rateLimits } = await server.su.settings.getAll();
    await server.su.settings.update({ rateLimits: { ...rateLimits, rules: [...rateLimits.rules, { label: "pages", maxRequests: 3, duration: 60, audience: "" }] } });
    try {
      for (let i = 0; i < 3; i++) expect((await from("203.0.113.9")).status).toBe(200);
      expect((await from("203.0.113.9")).status).toBe(429);
      expect((await from("203.0.113.10")).status).toBe(200);
    } finally {
      await server.su.settings.update({ rateLimits });
    }
  });
});
