// Build-time rendering of the public pages' frames (scripts/build-prerender.mjs): navigation,
// headings, the spec's static texts and the boxes reserved for catalogue data, as HTML the browser
// paints before any script runs. Catalogue data is not known at build time, so every section
// renders in its loading state, exactly as the app's first render in the browser does.
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { routes } from "./app/routes";

/** The page's frame, and the id of the route that drew it (the app takes over only a frame of the route it finds). */
export async function render(path: string): Promise<{ html: string; routeId: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, "http://prerender.invalid")));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} at build time`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  return { html, routeId: context.matches.at(-1)!.route.id };
}
