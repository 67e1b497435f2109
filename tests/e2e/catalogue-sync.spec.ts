// A first visit's catalogue sync leaves the page's main thread alone: the snapshot is fetched and
// written into IndexedDB by the sync worker, and the page only reads what it wrote.
import { expect, test } from "@playwright/test";

declare global {
  interface Window {
    catalogueWrites: string[];
  }
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
  const stored = await page.evaluate(
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
  expect(stored.buckets).toBeGreaterThan(0);
  expect(stored.cursor).toMatch(/^[0-9a-f]+\.\d+$/);
  // ...written by a worker, not by the page's main thread.
  expect(await page.evaluate(() => window.catalogueWrites)).toEqual([]);
  expect(workers.map((url) => new URL(url).pathname)).toEqual(["/catalogue-sync.js"]);
});
