// The public routes the width sweep visits (tests/e2e/widths.spec.ts), in one place: a new page is
// one line here. A route with a record in it names how to find one (the first of a collection).
import { superuser } from "./support";

type Route = string | { path: (id: string) => string; collection: string };

export const PUBLIC_ROUTES: Route[] = [
  "/",
  "/gallery",
  "/pebblewick",
  "/cryptids",
  "/commissions",
  "/commissions/queue",
  "/about",
  { collection: "books", path: (id) => `/book/${id}` },
  // A piece's own page, by its id alone (the server sends the address with its words; the page is the same).
  { collection: "paintings", path: (id) => `/gallery/${id}` },
  { collection: "murals", path: (id) => `/murals/${id}` },
  { collection: "merchandise", path: (id) => `/shop/${id}` },
  // The demo studio's edition has number 1 sold.
  { collection: "editions", path: (id) => `/verify/${id}/1` },
  "/no-such-page",
];

/** Pages only a signed-in customer sees, swept in the signed-in pass. */
export const CUSTOMER_ROUTES: Route[] = ["/customer/dashboard"];

/** The routes as paths on the test server, records looked up once. */
export async function resolveRoutes(routes: Route[]): Promise<string[]> {
  const pb = await superuser();
  return Promise.all(routes.map(async (r) => (typeof r === "string" ? r : r.path((await pb.collection(r.collection).getFirstListItem("")).id))));
}
