import "./lib/csp";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import "./ui/global.css";
import { App, router } from "./app/App";
import { fetchStudioFonts } from "./lib/fonts";

const container = document.getElementById("root")!;

// A transition, so the first render yields to the browser every few milliseconds instead of
// holding a slow phone's main thread for the whole page.
function start() {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

fetchStudioFonts(router);

// A page prerendered at build time stays on screen until the router has loaded the route's code,
// so the first render replaces the frame with the same layout instead of an empty page.
if (router.state.initialized) start();
else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    start();
  });
}
