// One server for everything: the built PWA with a fallback for client routes, the API and the dashboard.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

describe("serving", () => {
  it("answers a client route with the app shell, so deep links survive a reload", async () => {
    for (const path of ["/", "/book/abc123", "/admin/paintings", "/no/such/page"]) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(200);
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
    expect(shell.headers.get("cache-control")).toBe("no-cache");
    const asset = (await shell.text()).match(/\/assets\/[^"]+\.js/)![0];
    const res = await fetch(server.url + asset);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
  });
});
