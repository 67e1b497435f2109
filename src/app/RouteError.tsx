import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";

/** The router's fallback screen (SPEC §8): shows the status or the message. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <main className="container section" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p className="muted">{detail}</p>
      <p>
        <Link to="/">Back to home</Link>
      </p>
    </main>
  );
}
