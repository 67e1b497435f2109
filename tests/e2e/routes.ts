// The public routes the width sweep visits (tests/e2e/widths.spec.ts), in one place: a new page is
// one line here. A route with a record in it names how to find one (the first of a collection); a
// page of one checkout or order opens one through the API.
import { baseUrl, superuser } from "./support";

type Route = string | { path: (id: string) => string; collection: string } | { open: () => Promise<string> };

const post = async (path: string, body: unknown) => (await fetch(baseUrl() + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).json();

/** A demo checkout of one print (a print holds nothing in the shop): its payment page, or, paid, its order page. */
async function demoCheckout(pay: boolean): Promise<string> {
  const painting = await (await superuser()).collection("paintings").getFirstListItem('tags ~ "Print - For Sale"');
  const opened = await fetch(`${baseUrl()}/api/studio/checkout`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ items: [{ id: painting.id, type: "painting", variant: "print", quantity: 1 }], country: "US" }) });
  // The order page's address goes only to the browser that opened the checkout: its cookie says so.
  const cookie = opened.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { session_id, url } = await opened.json();
  if (!pay) return url;
  await post(`/api/studio/checkout/${session_id}/pay`, { customer: { name: "Wide Sweep", email: "sweep@example.com" }, shipping: { address: { line1: "1 Quay St", city: "Pebble Cove", postal_code: "04101", country: "US" } } });
  return (await (await fetch(`${baseUrl()}/api/studio/checkout/${session_id}`, { headers: { Cookie: cookie } })).json()).order_page;
}

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
  // The demo provider's payment page (npm start's checkout) and a paid order's own page.
  { open: () => demoCheckout(false) },
  { open: () => demoCheckout(true) },
  "/no-such-page",
];

/** Pages only a signed-in customer sees, swept in the signed-in pass. */
export const CUSTOMER_ROUTES: Route[] = ["/customer/dashboard"];

/** The routes as paths on the test server, records looked up once. */
export async function resolveRoutes(routes: Route[]): Promise<string[]> {
  const pb = await superuser();
  return Promise.all(routes.map(async (r) => (typeof r === "string" ? r : "open" in r ? r.open() : r.path((await pb.collection(r.collection).getFirstListItem("")).id))));
}
