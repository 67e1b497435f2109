// First-party counting for the studio's reports: a visit per tab session, what it looks at and puts
// in the cart, sent from an outbox of its own. The counter loads once the page is drawn and the
// browser is idle; importing this notes the address the tab landed on (src/lib/visit.ts).
import type { createBrowserRouter } from "react-router-dom";
import { whenIdle } from "../../lib/idle";
import "../../lib/visit";

/** Counts this tab from when the browser is next idle; returns a stop. */
export function countThisTab(router: Pick<ReturnType<typeof createBrowserRouter>, "state" | "subscribe">): () => void {
  let stop = () => {};
  let stopped = false;
  const cancel = whenIdle(() => {
    void import("./counter").then(({ startCounting }) => {
      if (!stopped) stop = startCounting(router);
    });
  }, 5000);
  return () => {
    stopped = true;
    cancel();
    stop();
  };
}
