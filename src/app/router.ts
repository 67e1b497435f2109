// The router library as a stage of the app's start (src/main.tsx): evaluated in a task of its own,
// before the app's own code, which the route table brings (vite.config.ts, BOOT_STAGES).
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type RouteObject,
} from "react-router-dom";

export { RouterProvider } from "react-router-dom";

/**
 * `createBrowserRouter` without its last step: the router is built (its route table matched
 * against the address) and started (`initialize()`, which listens to the history and loads the
 * first route's code) in two tasks, not one; together they held a slow phone's main thread for
 * 50–65 ms at 4× CPU slowdown, right after the first paint.
 */
export function buildBrowserRouter(routes: RouteObject[]) {
  return createRouter({ history: openHistory(), routes, mapRouteProperties, hydrationRouteProperties });
}

let history: ReturnType<typeof createBrowserHistory> | undefined;

/**
 * The browser's history as the router keeps it, opened in a task of its own (src/main.tsx): on a
 * first visit it writes its place into the page's history entry (history.replaceState), a call
 * into the browser that took 6–15 ms of the router's 21–27 ms build in profiles of cold visits.
 */
export function openHistory() {
  return (history ??= createBrowserHistory());
}
