import { useEffect } from "react";
import { buildBrowserRouter, RouterProvider } from "./router";
import { sync } from "../lib/sync";
import { routes } from "./routes";
// Registers the commission senders with the outbox at start-up, so offline requests and messages
// are sent when the connection returns even if their page is never opened again.
import "../features/commissions";
// The studio's shipping actions, queued offline in the same outbox.
import "../features/shipping";
// Notes the address the tab landed on before the app tidies it; the counting loads when idle.
import { countThisTab } from "../features/visits";

/** Built here, started by src/boot/app.tsx in the task after (src/app/router.ts). */
export const router = buildBrowserRouter(routes);

export function App() {
  useEffect(() => sync.start(), []);
  useEffect(() => countThisTab(router), []);
  return <RouterProvider router={router} />;
}
