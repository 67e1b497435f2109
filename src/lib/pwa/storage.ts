// Storage the app keeps: ask the browser to keep it (persistent storage) and stay within bounds.

let asked = false;

/**
 * Asks for persistent storage so the browser does not evict the catalogue, cart and outbox under
 * pressure. Browsers that would show a permission prompt (Firefox) are asked only when `force` is
 * set: when the person has something to lose (an action waiting in the outbox) or installed the app.
 */
export async function requestPersistentStorage(force = false): Promise<boolean> {
  const storage = typeof navigator !== "undefined" ? navigator.storage : undefined;
  if (!storage?.persist || !storage.persisted) return false;
  if (await storage.persisted()) return true;
  if (asked) return false;
  const installed = typeof matchMedia === "function" && matchMedia("(display-mode: standalone)").matches;
  let quiet = false;
  try {
    quiet = (await navigator.permissions?.query({ name: "persistent-storage" }))?.state === "granted";
  } catch {
    // Not every browser knows this permission name.
  }
  if (!force && !installed && !quiet) return false;
  asked = true;
  return storage.persist();
}

/** Image cache name, as configured in vite.config.ts. */
export const IMAGE_CACHE = "studio-images";

/**
 * When the origin uses more than `share` of its quota, drops the image cache (it refills from the
 * network); IndexedDB (catalogue, cart, outbox) is never touched.
 */
export async function keepStorageInBounds(share = 0.8): Promise<void> {
  const estimate = await navigator.storage?.estimate?.();
  if (!estimate?.quota || !estimate.usage || estimate.usage < estimate.quota * share) return;
  if (typeof caches !== "undefined") await caches.delete(IMAGE_CACHE);
}
