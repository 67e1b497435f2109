// Images shown before the service worker took charge (the very first visit) went past it and are not
// kept for offline use. Once it controls the page, ask for them again through it: they come from
// the HTTP cache and land in the bounded image cache the worker keeps.
const MAX_WARM = 150;

function seenCatalogueFiles(): string[] {
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType("resource")) {
    const url = new URL(entry.name, location.href);
    if (url.origin === location.origin && url.pathname.startsWith("/api/files/") && !url.searchParams.has("token")) urls.add(url.href);
  }
  return [...urls].slice(0, MAX_WARM);
}

export function keepSeenImagesOnceControlled(): () => void {
  const sw = navigator.serviceWorker;
  if (!sw) return () => undefined;
  let done = false;
  const warm = () => {
    if (done || !sw.controller) return;
    done = true;
    for (const url of seenCatalogueFiles()) void fetch(url).catch(() => undefined);
  };
  if (sw.controller) {
    // Already controlled at load: everything on this page went through the worker.
    done = true;
    return () => undefined;
  }
  sw.addEventListener("controllerchange", warm);
  return () => sw.removeEventListener("controllerchange", warm);
}
