import { StrictMode, startTransition, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App, router } from "../app/App";
import { fetchStudioFonts } from "../lib/fonts";
import { keepServedPage } from "../ui/served-page";
import { beginTakeover } from "../lib/takeover";

/** Draws the app into `container` (src/main.tsx calls it once the code is evaluated). */
export function start(container: HTMLElement) {
  router.initialize();
  fetchStudioFonts(router);
  // A page prerendered at build time stays on screen until the router has loaded the route's code,
  // so the app's first render is the page that is already there.
  if (router.state.initialized) render(container);
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      render(container);
    });
  }
}

// In a transition, so the first render yields to the browser every few milliseconds instead of
// holding a slow phone's main thread for the whole page.
function render(container: HTMLElement) {
  const frame = container.querySelector<HTMLElement>(":scope > .prerendered");
  // The server sends the not-found frame for an address it knows names nothing (a piece that is
  // gone), where the app finds its route and says so in that page's own words: drawn anew.
  if (!frame || frame.dataset.route !== router.state.matches.at(-1)?.route.id) {
    const root = createRoot(container);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
    return;
  }
  // The page the server sent is taken over where it stands (hydrated), not drawn again: drawing it
  // anew made every element once more and laid out and painted the whole page a second time, the
  // longest task after a cold visit's first paint on a phone. The app's first render draws what a
  // prerendered page holds (the catalogue's loading states, ServerFilled, ThumbSkeleton's picture).
  keepServedPage(frame);
  beginTakeover();
  startTransition(() => {
    hydrateRoot(
      frame,
      <StrictMode>
        <TakeOver frame={frame}>
          <App />
        </TakeOver>
      </StrictMode>,
    );
  });
}

/** Once the app holds the page, it is no longer the server's inert copy (src/ui/global.css). */
function TakeOver({ frame, children }: { frame: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    frame.classList.replace("prerendered", "taken-over");
    frame.removeAttribute("aria-disabled");
  }, [frame]);
  return children;
}
