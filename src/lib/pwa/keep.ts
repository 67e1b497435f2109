// Files kept for offline use beyond the precache, for the person who needs them: the studio's
// code is no part of a visitor's install, but the studio's tablet must open it with no signal
// after one signed-in visit. Asked for through the service worker once it controls the page, so
// its runtime cache for code keeps them (and ages them out after a new release).
import { whenIdle } from "../idle";

async function keep(listUrl: string) {
  const res = await fetch(listUrl, { cache: "no-cache" });
  if (!res.ok) return;
  for (const url of (await res.json()) as string[]) {
    if (await caches.match(url, { ignoreVary: true })) continue;
    await fetch(url).catch(() => undefined);
  }
}

/** Once the service worker controls the page, and the browser is idle, keeps every file `listUrl` names. */
export function keepFilesOnceControlled(listUrl: string): () => void {
  const sw = typeof navigator === "undefined" ? undefined : navigator.serviceWorker;
  if (!sw || typeof caches === "undefined") return () => undefined;
  let cancel = () => {};
  const start = () => {
    if (!sw.controller) return;
    sw.removeEventListener("controllerchange", start);
    cancel = whenIdle(() => void keep(listUrl).catch((err) => console.warn("could not keep files for offline use", err)));
  };
  if (sw.controller) start();
  else sw.addEventListener("controllerchange", start);
  return () => {
    sw.removeEventListener("controllerchange", start);
    cancel();
  };
}
