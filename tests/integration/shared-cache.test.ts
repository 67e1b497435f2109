// A shared cache in front of the shop (deploy/varnish/lanternwood.vcl, the real Varnish) keeps what
// the shop marks shareable, forgets a piece when it changes, never keeps anything personal, and
// keeps serving while the shop is stopped (pocketbase/internal/edge, docs/decisions/027).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gunzipSync } from "node:zlib";
import type PocketBase from "pocketbase";
import { startServer, signedInUser, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";
import { rawRequest, type RawResponse } from "../support/raw-http";
// @ts-expect-error plain ESM helpers shared with the scripts
import { freePort } from "../../scripts/lib/project.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { startVarnish } from "../../scripts/lib/varnish.mjs";

const PRINT = "Print - For Sale";
const ORIGINAL = "Original - For Sale";

let server: TestServer;
let varnish: { url: string; stop(): Promise<void>; log(): string };
let customer: PocketBase;
let piece: { id: string; path: string };
let other: { id: string; path: string };

const viaCache = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  rawRequest(varnish.url + path, { "Accept-Encoding": "gzip", ...headers }, method);
const atServer = (path: string, headers: Record<string, string> = {}) => rawRequest(server.url + path, headers);
const text = (res: RawResponse) => (res.headers["content-encoding"] === "gzip" ? gunzipSync(res.body) : res.body).toString("utf8");

async function makePainting(title: string, price: number) {
  const record = await server.su
    .collection("paintings")
    .create(form({ title, tags: [PRINT, ORIGINAL], tag_prices: { [PRINT]: 30, [ORIGINAL]: price } }, { image: pngFile() }));
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return { id: record.id, path: `/gallery/${slug}-${record.id}` };
}

beforeAll(async () => {
  // Varnish first, so the purge of everything the server sends as it starts reaches it before any test.
  const [varnishPort, serverPort]: number[] = [await freePort(), await freePort()];
  varnish = await startVarnish({ port: varnishPort, backendPort: serverPort });
  server = await startServer({ STUDIO_PURGE_VARNISH: `http://127.0.0.1:${varnishPort}`, STUDIO_PAYMENTS: "demo" }, { port: serverPort });
  await server.su.settings.update({ rateLimits: { enabled: false } });
  customer = await signedInUser(server, "ada@example.com");
  piece = await makePainting("Lantern Harbor", 480);
  other = await makePainting("Quiet Reeds", 300);
}, 120_000);

afterAll(async () => {
  await varnish?.stop();
  await server?.stop();
});

describe("what the shop lets a shared cache keep", () => {
  it("marks public pages, piece pages, catalogue reads and the sitemap shareable, with the tags of what they show, and browsers still ask again", async () => {
    const page = await atServer(piece.path);
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("public, max-age=0, s-maxage=86400, stale-while-revalidate=60, stale-if-error=86400");
    expect(page.headers["surrogate-key"]).toBe(`site piece-${piece.id}`);
    expect(page.headers["cache-tag"]).toBe(`site,piece-${piece.id}`);
    expect(page.headers.etag).toBeTruthy();
    expect((await atServer("/gallery")).headers["surrogate-key"]).toBe("site lists");
    expect((await atServer("/pebblewick")).headers["surrogate-key"]).toBe("site world-pebblewick");
    // A made-up address is the one 404, which a new piece may replace: its words never become a tag.
    const madeUp = await atServer("/book/no,such%20book");
    expect(madeUp.status).toBe(404);
    expect(madeUp.headers["surrogate-key"]).toBe("site lists");
    expect((await atServer("/sitemap.xml")).headers["surrogate-key"]).toBe("site lists");
    expect((await atServer("/api/studio/changes")).headers["surrogate-key"]).toBe("site lists board");
    // A pull since a cursor follows a change at once, sooner than a purge: it always reaches the server.
    const since = (JSON.parse((await atServer("/api/studio/changes")).body.toString()) as { cursor: string }).cursor;
    expect((await atServer(`/api/studio/changes?since=${since}`)).headers["cache-control"]).toMatch(/no-store/);
    const record = await atServer(`/api/collections/paintings/records/${piece.id}`);
    expect(record.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=86400/);
    expect(record.headers["surrogate-key"]).toBe(`site piece-${piece.id} lists`);
  });

  it("marks nothing shareable that answers a request with a cookie or an Authorization header", async () => {
    const record = await server.su.collection("paintings").getOne(piece.id);
    const picture = `/api/files/${record.collectionId}/${record.id}/${record.image}?thumb=400x0`;
    const asset = (await atServer("/")).body.toString().match(/\/assets\/[\w.-]+\.js/)![0];
    expect((await atServer(picture)).headers["cache-control"]).toMatch(/^public/);
    expect((await atServer(asset)).headers["cache-control"]).toMatch(/^public/);
    const identities: Record<string, string>[] = [{ Cookie: "theme=dark" }, { Authorization: customer.authStore.token }];
    for (const headers of identities) {
      for (const path of [piece.path, "/gallery", "/sitemap.xml", "/robots.txt", "/api/studio/changes", `/api/collections/paintings/records/${piece.id}`, picture, asset]) {
        const res = await atServer(path, headers);
        expect([path, res.headers["cache-control"]]).not.toEqual([path, expect.stringMatching(/public|s-maxage/)]);
        expect(res.headers["surrogate-key"]).toBeUndefined();
      }
    }
  });

  it("keeps everything personal private and unstored: the account and studio pages, an order's page, carts and checkouts, API answers", async () => {
    for (const path of ["/customer/dashboard", "/admin", "/orders/abcdefghijklmno?key=k", "/api/studio/my-orders", "/api/collections/users/records"]) {
      expect([path, (await atServer(path)).headers["cache-control"]]).toEqual([path, "private, no-store"]);
    }
  });
});

describe("Varnish in front of the shop", () => {
  it("serves a page from the cache on its second request", async () => {
    const first = await viaCache(other.path);
    const second = await viaCache(other.path);
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("miss");
    expect(second.headers["x-cache"]).toBe("hit");
    expect(text(second)).toBe(text(first));
    // Its tags are for the cache, not for the browser.
    expect(second.headers["surrogate-key"]).toBeUndefined();
  });

  it("shows a new price within 2 seconds on the piece's page and in the catalogue's reads, and leaves other pieces' pages kept", async () => {
    const record = `/api/collections/paintings/records/${piece.id}`;
    for (const path of [piece.path, record, other.path]) await viaCache(path);
    expect(text(await viaCache(piece.path))).toContain('"price":"480.00"');
    expect((await viaCache(record)).headers["x-cache"]).toBe("hit");

    await server.su.collection("paintings").update(piece.id, { tag_prices: { [PRINT]: 30, [ORIGINAL]: 520 } });
    const changed = Date.now();
    let page = "";
    while (Date.now() - changed < 2000 && !page.includes('"price":"520.00"')) {
      await sleep(50);
      page = text(await viaCache(piece.path));
    }
    expect(page, server.log()).toContain('"price":"520.00"');
    expect(JSON.parse(text(await viaCache(record))).tag_prices[ORIGINAL]).toBe(520);
    expect((await viaCache(other.path)).headers["x-cache"]).toBe("hit");
  });

  it("never serves anything personal from the cache: a signed-in read, the account page, an order's page, a cart", async () => {
    const auth = { Authorization: customer.authStore.token };
    const me = `/api/collections/users/records/${customer.authStore.record!.id}`;
    const asked = [
      [me, auth, "GET"],
      ["/customer/dashboard", {}, "GET"],
      ["/orders/abcdefghijklmno?key=k", {}, "GET"],
      ["/api/studio/my-orders", auth, "GET"],
    ] as const;
    for (const [path, headers, method] of asked) {
      await viaCache(path, headers, method);
      const again = await viaCache(path, headers, method);
      expect([path, again.headers["x-cache"]]).toEqual([path, "pass"]);
    }
    // Once someone signed in has read their account through the cache, a visitor asking for it gets nothing of it.
    const guest = await viaCache(me);
    expect(guest.status).toBe(404);
    expect(text(guest)).not.toContain("ada@example.com");

    const cart = { items: [{ id: piece.id, type: "painting", variant: "print", quantity: 1 }] };
    const priced = await Promise.all(
      [1, 2].map(() =>
        fetch(`${varnish.url}/api/studio/cart/price`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(cart) }),
      ),
    );
    for (const res of priced) {
      expect(res.status).toBe(200);
      expect(res.headers.get("x-cache")).toBe("pass");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("sells the original once through the cache, and a sold piece says so on its kept page", async () => {
    await viaCache(other.path);
    const buy = () =>
      fetch(`${varnish.url}/api/studio/checkout`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ items: [{ id: other.id, type: "painting", variant: "original", quantity: 1 }] }),
      });
    const answers = await Promise.all(Array.from({ length: 8 }, buy));
    const opened = answers.filter((r) => r.status === 200);
    expect(opened).toHaveLength(1);
    const { session_id } = (await opened[0].json()) as { session_id: string };
    const paid = await fetch(`${varnish.url}/api/studio/checkout/${session_id}/pay`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ customer: { name: "Bo", email: "bo@example.com" }, shipping: { address: { line1: "1 Quay", city: "Cove", postal_code: "1", country: "US" } } }),
    });
    expect(paid.status).toBe(200);
    let page = "";
    const sold = Date.now();
    while (Date.now() - sold < 2000 && !page.includes("SoldOut")) {
      await sleep(50);
      page = text(await viaCache(other.path));
    }
    expect(page).toContain("https://schema.org/SoldOut");
  });

  it("keeps serving kept pages while the shop is stopped, and says the shop is resting for the rest", async () => {
    const kept = await viaCache("/gallery");
    await viaCache("/gallery");
    await server.stop();
    // At once, and once Varnish's health probe has found the shop gone.
    for (const wait of [0, 4500]) {
      await sleep(wait);
      const during = await viaCache("/gallery");
      expect(during.status).toBe(200);
      expect(text(during)).toBe(text(kept));
    }
    const never = await viaCache("/murals");
    expect(never.status).toBe(503);
    expect(text(never)).toContain("Back in a moment");
  });
});

describe("the Cloudflare rules (deploy/cloudflare/cache-rules.json)", () => {
  interface Rule {
    description: string;
    expression: string;
    action: string;
    action_parameters: { cache: boolean; edge_ttl?: { mode: string }; browser_ttl?: { mode: string } };
  }
  const rules = (JSON.parse(readFileSync(join(import.meta.dirname, "../../deploy/cloudflare/cache-rules.json"), "utf8")) as { rules: Rule[] }).rules;

  it("are cache rules the rulesets API takes, each described", () => {
    for (const rule of rules) {
      expect(rule.action).toBe("set_cache_settings");
      expect(rule.description.length).toBeGreaterThan(20);
      expect(typeof rule.action_parameters.cache).toBe("boolean");
    }
  });

  it("keep only for as long as the shop says, in the edge and in browsers, so what it marks private is never kept", () => {
    const caching = rules.filter((r) => r.action_parameters.cache);
    expect(caching).toHaveLength(1);
    expect(caching[0].action_parameters.edge_ttl).toEqual({ mode: "respect_origin" });
    expect(caching[0].action_parameters.browser_ttl).toEqual({ mode: "respect_origin" });
  });

  it("send every signed-in request and the realtime stream to the shop, in the last rule, which wins", () => {
    const last = rules.at(-1)!;
    expect(last.action_parameters.cache).toBe(false);
    expect(last.expression).toContain('starts_with(http.request.uri.path, "/api/realtime")');
    expect(last.expression).toContain('any(len(http.request.headers["authorization"][*]) gt 0)');
  });
});
