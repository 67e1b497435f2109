// A quiet first visit: the catalogue's sync leaves the page's main thread alone (the snapshot is
// fetched and written into IndexedDB by the sync worker, the page only reads what it wrote), and
// what the server filled into the page stays in its place while the app starts over it.
import { createServer, request as forward, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";

declare global {
  interface Window {
    catalogueWrites: string[];
    catalogueReads: string[];
    shifts: number[];
    shiftSources: string[];
    preloadBatches: string[][];
  }
}

/** What the catalogue's store holds in this browser: how many buckets, and the sync's cursor. */
function storedCatalogue(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ buckets: number; cursor: string | undefined }>((resolve, reject) => {
        const open = indexedDB.open("lanternwood-studio");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(["catalog", "meta"], "readonly");
          const buckets = tx.objectStore("catalog").count();
          const cursor = tx.objectStore("meta").get("catalog:cursor");
          tx.oncomplete = () => {
            resolve({ buckets: buckets.result, cursor: (cursor.result as { value: string } | undefined)?.value });
            open.result.close();
          };
        };
      }),
  );
}

test("a cold visit's catalogue lands in IndexedDB written by the sync worker, never by the page", async ({ page }) => {
  // Every write the page's own thread makes to the catalogue or its cursor, whatever library makes it.
  await page.addInitScript(() => {
    window.catalogueWrites = [];
    for (const method of ["put", "add", "delete", "clear"] as const) {
      const original = IDBObjectStore.prototype[method] as (...args: unknown[]) => IDBRequest;
      Object.defineProperty(IDBObjectStore.prototype, method, {
        configurable: true,
        value(this: IDBObjectStore, ...args: unknown[]) {
          const cursor = this.name === "meta" && (args[0] as { key?: string } | undefined)?.key === "catalog:cursor";
          if (this.name === "catalog" || cursor) window.catalogueWrites.push(`${this.name}.${method}`);
          return original.apply(this, args);
        },
      });
    }
  });
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(worker.url()));

  await page.goto("/gallery");
  await expect(page.getByText("Lanterns Over Pebble Cove").first()).toBeVisible({ timeout: 15000 });

  // The page shows what IndexedDB holds: the catalogue and its cursor are there...
  const stored = await storedCatalogue(page);
  expect(stored.buckets).toBeGreaterThan(0);
  expect(stored.cursor).toMatch(/^[0-9a-f]+\.\d+$/);
  // ...written by a worker, not by the page's main thread.
  expect(await page.evaluate(() => window.catalogueWrites)).toEqual([]);
  expect(workers.map((url) => new URL(url).pathname)).toEqual(["/catalogue-sync.js"]);
});

/** Keeps every layout shift the page makes without input in window.shifts, from the page's start. */
function recordShifts(page: Page) {
  return page.addInitScript(() => {
    window.shifts = [];
    window.shiftSources = [];
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    const box = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        window.shifts.push(entry.value);
        // What moved, for the failure's message: the element, its words, and its box before and after.
        for (const s of entry.sources) window.shiftSources.push(`${s.node?.nodeName} "${(s.node?.textContent ?? "").slice(0, 60)}" ${box(s.previousRect)} -> ${box(s.currentRect)}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

test("/commissions paints in its final place: the states the server filled in keep their space while the catalogue arrives", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await recordShifts(page);
  const served = await (await page.request.get("/commissions")).text();
  expect(served).toMatch(/data-server-fill="true"><ul><li data-state=/);

  await page.goto("/commissions");
  await expect(page.locator("[data-server-fill] li").first()).toBeVisible();
  // The app has drawn over the page it was sent, the catalogue (the board with it) has landed, and
  // the page has drawn it.
  await expect(page.locator(".prerendered")).toHaveCount(0);
  await expect.poll(async () => (await storedCatalogue(page)).cursor).toBeTruthy();
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.locator("[data-server-fill] li").first()).toBeVisible();
  expect(await page.evaluate(() => window.shifts), (await page.evaluate(() => window.shiftSources)).join("\n")).toEqual([]);
});

test("/commissions paints in its final place on a repeat visit too, when the service worker sends the app shell", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto("/commissions");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
  await expect.poll(async () => (await storedCatalogue(page)).cursor).toBeTruthy();
  await recordShifts(page);

  // The shell has no states filled in: the page reads the kept board before its first render.
  await page.reload();
  await expect(page.locator("[data-server-fill] li").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => window.shifts), (await page.evaluate(() => window.shiftSources)).join("\n")).toEqual([]);
});

/**
 * A server in front of the shop that sends `path`'s page in two parts, `pause` ms apart, cut just
 * before `cutBefore`, as a weak signal delivers it; everything else passes through as it comes.
 */
async function slowFront(origin: string, path: string, cutBefore: string, pause: number): Promise<{ url: string; close: () => Promise<void> }> {
  const page = await (await fetch(origin + path)).text();
  const cut = page.indexOf(cutBefore);
  expect(cut, `${path} holds ${cutBefore}`).toBeGreaterThan(0);
  const server: Server = createServer((req, res) => {
    if (req.method === "GET" && req.url === path) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.write(page.slice(0, cut));
      setTimeout(() => res.end(page.slice(cut)), pause);
      return;
    }
    const target = new URL(req.url ?? "/", origin);
    const upstream = forward(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Each read of a collection deserialises every one of its records on the page's main thread, so a
// cold visit reads each collection the page shows once the catalogue has landed, and only once:
// not once per component that shows it, nor again for a write the page has already read.
for (const [path, shown] of [
  ["/", ["books", "characters", "editions", "paintings"]],
  ["/pebblewick", ["characters", "digital_items"]],
] as const) {
  test(`a cold visit to ${path} reads each collection it shows from IndexedDB once`, async ({ page }) => {
    // The collection of every read of the catalogue's store on the page's thread that found records.
    await page.addInitScript(() => {
      window.catalogueReads = [];
      for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype]) {
        const original = proto.getAll as (this: IDBObjectStore | IDBIndex, ...args: unknown[]) => IDBRequest<{ collection: string }[]>;
        Object.defineProperty(proto, "getAll", {
          configurable: true,
          value(this: IDBObjectStore | IDBIndex, ...args: unknown[]) {
            const request = original.apply(this, args);
            const store = this instanceof IDBIndex ? this.objectStore : this;
            if (store.name === "catalog")
              request.addEventListener("success", () => {
                if (request.result.length > 0) window.catalogueReads.push(request.result[0].collection);
              });
            return request;
          },
        });
      }
    });
    await page.goto(path);
    await expect.poll(async () => [...new Set(await page.evaluate(() => window.catalogueReads))].sort(), { timeout: 15000 }).toEqual(shown);
    expect((await storedCatalogue(page)).cursor).toMatch(/^[0-9a-f]+\.\d+$/);
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

    const reads = await page.evaluate(() => window.catalogueReads);
    const timesRead = Object.fromEntries(shown.map((name) => [name, reads.filter((r) => r === name).length]));
    expect(timesRead).toEqual(Object.fromEntries(shown.map((name) => [name, 1])));
  });
}

declare global {
  interface Window {
    served: { header: Element | null; footer: Element | null; main?: Element | null };
  }
}

// The app takes over the page the server sent instead of drawing it again: the elements the
// browser painted first are the app's, and nothing in the page differs from what the app draws.
// Each address is a first visit: with the service worker in charge, the next would be its shell.
test.describe("a page from the server", () => {
  test.use({ serviceWorkers: "block" });

  test("a cold visit's page is taken over as it was sent, on every prerendered public route", async ({ page, request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const first = (pattern: RegExp) => new URL(sitemap.match(pattern)![1]).pathname;
    const paths = ["/", "/gallery", "/about", "/pebblewick", "/cryptids", "/commissions", "/commissions/queue", first(/<loc>([^<]*\/book\/[^<]+)</), first(/<loc>([^<]*\/gallery\/[^<]+)</)];
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => (window.served = { header: document.querySelector("header"), footer: document.querySelector("footer") })),
    );
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator("#root > .prerendered")).toHaveCount(0, { timeout: 15000 });
      await expect(page.locator("#root > .taken-over")).not.toHaveAttribute("aria-disabled");
      const kept = await page.evaluate(() => [window.served.header, window.served.footer].map((el) => el !== null && document.contains(el)));
      expect(kept, path).toEqual([true, true]);
    }
    expect(errors).toEqual([]);
  });

  // After the first paint (src/boot/start.js) the page asks for the app's modules and its style
  // files ahead of need. Starting a request costs a phone's main thread 10 to 25 ms under
  // Lighthouse's trace, so each goes in a task of its own: a mutation observer's callback runs once
  // per task that changed the head, and each may hold one new preload.
  test("a cold visit preloads every module the page names and its style files, one request per task", async ({ page }) => {
    await page.addInitScript(() => {
      window.preloadBatches = [];
      new MutationObserver((records) => {
        const added = records.flatMap((record) => Array.from(record.addedNodes));
        const preloads = added.filter((node): node is HTMLLinkElement => node instanceof HTMLLinkElement && /^(modulepreload|preload)$/.test(node.rel) && node.as !== "image");
        if (preloads.length > 0) window.preloadBatches.push(preloads.map((link) => link.getAttribute("href")!));
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/about");
    await expect(page.locator("#root > .taken-over")).toHaveCount(1, { timeout: 15000 });
    await page.waitForLoadState("networkidle");
    const named = await page.evaluate(() => ({
      modules: (JSON.parse(document.getElementById("app-modules")!.textContent!) as string[]).slice(1),
      styles: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')).map((link) => new URL(link.href).pathname),
    }));
    expect(named.styles.length).toBeGreaterThan(0);
    const batches = await page.evaluate(() => window.preloadBatches);
    const preloaded = batches.flat().map((href) => new URL(href, "http://x").pathname);
    for (const file of [...named.modules, ...named.styles]) expect(preloaded, file).toContain(file);
    // Vite's own preloads for later dynamic imports come in a batch of their own, after the page's.
    const ours = new Set([...named.modules, ...named.styles]);
    for (const batch of batches.filter((batch) => batch.some((href) => ours.has(new URL(href, "http://x").pathname)))) expect(batch).toHaveLength(1);
    const fetched = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname));
    for (const file of [...named.modules, ...named.styles]) expect(fetched, file).toContain(file);
  });

  // A shared link's ?code= leaves the address as the app starts (src/app/Layout.tsx): a move made
  // while the page's main part is still being taken over, which must take it over all the same.
  test("a shared link's code leaves the address while the page it opened is taken over as sent", async ({ page }) => {
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => (window.served = { header: null, footer: null, main: document.querySelector("main > *") })),
    );
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    for (const path of ["/commissions", "/gallery"]) {
      await page.goto(`${path}?code=WELCOME10`);
      await expect(page).toHaveURL(path);
      await expect(page.locator("#root > .taken-over")).toHaveCount(1, { timeout: 15000 });
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => window.served.main !== null && document.contains(window.served.main!)), path).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  // A page from the network can reach a visitor who has already chosen a theme and filled a cart
  // (the service worker bypassed by a hard reload, or not yet in charge): the app takes the page
  // over as it was sent and then shows this visitor's choices, in words as well as on screen.
  test("a page taken over shows the visitor's stored theme and cart", async ({ page }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("theme", "dark");
      const book = { id: "b1", type: "book", title: "A Stored Book", price: 18, image_url: "", quantity: 2 };
      localStorage.setItem("lanternwood-cart", JSON.stringify({ items: [book], sessionId: "stored-session", code: "" }));
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/about");
    await expect(page.locator("#root > .taken-over")).toHaveCount(1, { timeout: 15000 });
    await expect(page.getByRole("button", { name: "Theme: dark. Switch to system" })).toBeVisible();
    const cart = page.getByRole("button", { name: "Open cart, 2 items" });
    await expect(cart).toBeVisible();
    await expect(cart).toContainText("2");
    expect(errors).toEqual([]);
  });

  // A phone can lose its signal between the page and the catalogue, and a network can meet the
  // API's rate limit: the boxes the server filled keep what it sent, in their place, with their title.
  test("a page from the server keeps what it filled in when the catalogue cannot be read", async ({ page, request }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await recordShifts(page);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const download = new URL(sitemap.match(/<loc>([^<]*\/downloads\/[^<]+)</)![1]).pathname;
    await page.route("**/api/studio/changes*", (route) => route.fulfill({ status: 429, contentType: "application/json", body: '{"status":429,"message":"Too Many Requests.","data":{}}' }));
    for (const path of ["/commissions", "/commissions/queue", download]) {
      const served = await (await request.get(path)).text();
      const refused = page.waitForResponse((r) => r.url().includes("/api/studio/changes") && r.status() === 429);
      await page.goto(path);
      await refused;
      await page.waitForLoadState("networkidle");
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const [sent, shown, title] = await page.evaluate((html) => {
        const doc = new DOMParser().parseFromString(html, "text/html");
        return [doc.querySelector("[data-server-fill]")?.textContent, document.querySelector("[data-server-fill]")?.textContent, doc.title];
      }, served);
      expect(sent, path).toBeTruthy();
      expect(shown, path).toBe(sent);
      await expect(page).toHaveTitle(title);
      expect(await page.evaluate(() => window.shifts), path).toEqual([]);
    }
  });

  // On a weak signal the page arrives in pieces, and the browser may draw what it has read so far:
  // a header with only some of its buttons, that moved over when the rest came.
  test("is first drawn whole: the header does not move when the rest of the page arrives", async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await recordShifts(page);
    const front = await slowFront(baseURL!, "/commissions", '<button type="button" class="_cartButton', 600);
    try {
      await page.goto(front.url + "/commissions");
      await expect(page.getByRole("button", { name: /^Open cart/ })).toBeVisible();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await page.evaluate(() => window.shifts)).toEqual([]);
    } finally {
      await front.close();
    }
  });
});
