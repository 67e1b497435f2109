import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App, router } from "../app/App";
import { fetchStudioFonts } from "../lib/fonts";

/** Draws the app into `container` (src/main.tsx calls it once the code is evaluated). */
export function start(container: HTMLElement) {
  fetchStudioFonts(router);
  // A page prerendered at build time stays on screen until the router has loaded the route's code,
  // so the first render replaces the frame with the same layout instead of an empty page.
  if (router.state.initialized) render(container);
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      render(container);
    });
  }
}

// A transition, so the first render yields to the browser every few milliseconds instead of
// holding a slow phone's main thread for the whole page.
function render(container: HTMLElement) {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
