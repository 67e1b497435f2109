// Browser protections on every response: the app, the API, files and the dashboard.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";
import { form, pdfFile, pngFile } from "../support/files";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

function policy(res: Response): Map<string, string> {
  const csp = res.headers.get("content-security-policy") ?? "";
  return new Map(csp.split(";").map((d) => d.trim().split(/\s+(.*)/s).slice(0, 2) as [string, string]));
}

describe("security headers", () => {
  it("send the same protections with the page, the API, a missing path and the dashboard", async () => {
    for (const path of ["/", "/gallery", "/sw.js", "/manifest.webmanifest", "/api/health", "/api/collections/paintings/records", "/api/nothing", "/_/"]) {
      const res = await fetch(server.url + path);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("permissions-policy"), path).toBe("camera=(), microphone=(), geolocation=(), payment=(), usb=()");
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      expect(policy(res).get("frame-ancestors"), path).toBe("'none'");
      expect(res.headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("allow only the app's own scripts and styles, with the pages' inline blocks by their hashes", async () => {
    const res = await fetch(`${server.url}/`);
    const page = await res.text();
    const p = policy(res);
    const inline = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash("sha256").update(m[1]).digest("base64")}'`);
    expect(p.get("script-src")).toBe(["'self'", ...inline].join(" "));
    expect(p.get("default-src")).toBe("'self'");
    // 'self', then one hash per prerendered page's inline styles, the home page's among them.
    const styles = p.get("style-src")!.split(" ");
    expect(styles[0]).toBe("'self'");
    for (const source of styles.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    const homeStyle = page.match(/<style>([\s\S]*?)<\/style>/)![1];
    expect(styles).toContain(`'sha256-${createHash("sha256").update(homeStyle).digest("base64")}'`);
    expect(p.get("object-src")).toBe("'none'");
    expect(p.get("base-uri")).toBe("'self'");
    expect(res.headers.get("content-security-policy")).not.toContain("unsafe");
  });

  it("ask for HTTPS only when the request came over TLS (a TLS-terminating proxy says so)", async () => {
    const res = await fetch(`${server.url}/`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  });
});

describe("cache rules a CDN can follow", () => {
  it("let shared caches keep public pictures and guests' catalogue reads, never protected files or personal API answers", async () => {
    const su = server.su;
    const painting = await su.collection("paintings").create(form({ title: "Cove", tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 35 } }, { image: pngFile() }));
    const picture = await fetch(su.files.getURL(painting, painting.image));
    expect(picture.headers.get("cache-control")).toBe("public, max-age=2592000, stale-while-revalidate=86400");

    const commission = await su.collection("commissions").create({ type: "indoor-mural", description: "Whales", contact_email: "ada@example.com" });
    const brief = await su.collection("commission_files").create(form({ commission: commission.id }, { file: pdfFile() }));
    const protectedFile = await fetch(su.files.getURL(brief, brief.file, { token: await su.files.getToken() }));
    expect(protectedFile.status).toBe(200);
    expect(protectedFile.headers.get("cache-control")).toBe("private, no-store");

    // Guests' catalogue reads are the same for everyone: a cache in front may keep them (docs/decisions/027).
    for (const path of ["/api/collections/paintings/records", `/api/collections/paintings/records/${painting.id}`]) {
      expect((await fetch(server.url + path)).headers.get("cache-control"), path).toMatch(/^public, max-age=0, s-maxage=10, stale-while-revalidate=60, stale-if-error=86400$/);
    }
    expect((await fetch(server.url + "/api/health")).headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("request log", () => {
  it("writes one line per request, and the reason with a failed one", async () => {
    await fetch(`${server.url}/api/collections/paintings/records?filter=${encodeURIComponent("nope ~~ (")}`);
    await fetch(`${server.url}/gallery?x=1`);
    // Refused by PocketBase's own route middleware, before any of ours runs.
    await fetch(`${server.url}/api/files/nowhere/y/z.png`);
    await new Promise((r) => setTimeout(r, 100));
    const lines = server.log().split("\n");
    expect(lines.some((l) => / GET \/api\/files\/nowhere\/y\/z\.png 404 [\d.]+ms ip=127\.0\.0\.1 error=/.test(l))).toBe(true);
    expect(lines.filter((l) => / GET \/gallery\?x=1 200 [\d.]+ms ip=127\.0\.0\.1$/.test(l))).toHaveLength(1);
    expect(lines.some((l) => / GET \/api\/collections\/paintings\/records\?filter=\S+ 400 [\d.]+ms ip=127\.0\.0\.1 error="Something went wrong while processing your request\." details="/.test(l))).toBe(true);
    expect(server.log()).not.toMatch(/SELECT /);
  });

  it("keeps that a token, password or code was sent, never its value", async () => {
    const painting = await server.su.collection("paintings").create(form({ title: "Ferns", tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 30 } }, { image: pngFile("ferns.png") }));
    const file = `/api/files/${painting.collectionId}/${painting.id}/${painting.image}`;
    expect((await fetch(`${server.url}${file}?thumb=160x160&token=eyJhbGciOiJIUzI1NiJ9.secret-file-token`)).status).toBe(200);
    await fetch(`${server.url}/reset-password?token=reset-secret-123&x=1`);
    await fetch(`${server.url}/api/health?password=hunter2&Code=987654&auth%5Fcode=55`);
    await fetch(`${server.url}${file}?thumb=160x160;token=semicolon-secret`);
    await fetch(`${server.url}/api/health?access_token=bearer-secret&X-Amz-Signature=signed-secret`);
    await new Promise((r) => setTimeout(r, 100));
    const log = server.log();
    expect(log).toContain(` GET ${file}?thumb=160x160&token=REDACTED 200 `);
    expect(log).toMatch(/ GET \/reset-password\?token=REDACTED&x=1 /);
    expect(log).toMatch(/ GET \/api\/health\?password=REDACTED&Code=REDACTED&auth%5Fcode=REDACTED /);
    expect(log).toContain(` GET ${file}?thumb=160x160;token=REDACTED `);
    expect(log).toMatch(/ GET \/api\/health\?access_token=REDACTED&X-Amz-Signature=REDACTED /);
    for (const secret of ["secret-file-token", "reset-secret-123", "hunter2", "987654", "semicolon-secret", "bearer-secret", "signed-secret"]) expect(log).not.toContain(secret);
  });
});
