// What the server put into the page it sent (pocketbase/internal/web/frames.go): the boxes it
// filled and the largest picture. They are read once, before the app takes the page over
// (src/boot/app.tsx), because the app's first render must draw them as they are, and a part of
// the page can be taken over after the rest (a route's Suspense boundary). They belong to the
// address the page was sent for: after a move inside the app, a page draws what the app knows.

/** The served <img>'s attributes, as React props. */
export interface ServedPicture {
  src: string;
  srcSet: string;
  sizes: string;
  width: number;
  height: number;
  alt: string;
}

let served: { path: string; fills: Map<string, string>; picture: ServedPicture | null } | null = null;

/** Keeps what the server filled in `frame`, the page as it arrived. */
export function keepServedPage(frame: HTMLElement) {
  const fills = new Map<string, string>();
  for (const box of frame.querySelectorAll("div[data-server-fill]")) if (box.innerHTML.trim()) fills.set(box.className, box.innerHTML);
  const img = frame.querySelector("img[data-lcp-slot]");
  const attr = (name: string) => img?.getAttribute(name) ?? "";
  const picture = img && { src: attr("src"), srcSet: attr("srcset"), sizes: attr("sizes"), width: Number(attr("width")), height: Number(attr("height")), alt: attr("alt") };
  served = { path: location.pathname, fills, picture };
}

const here = () => (served && typeof location !== "undefined" && location.pathname === served.path ? served : null);

/** The markup the server filled the box of this class with, for the address on screen; "" when none. */
export function servedFill(className: string): string {
  return here()?.fills.get(className) ?? "";
}

/** The largest picture the server put in the page, for the address on screen. */
export function servedPicture(): ServedPicture | null {
  return here()?.picture ?? null;
}
