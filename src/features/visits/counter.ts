// Counts this tab's visit and what it does, once the page is drawn and the browser is idle. Every
// count goes through an outbox of its own (the same pattern as the app's, on its own table, so a
// visitor's list of waiting actions never shows them): offline, they wait and are sent when the
// connection returns, with the time they happened. The server may refuse one (a limit, a piece
// gone): a count is not worth keeping, so a refusal drops it.
import type { createBrowserRouter } from "react-router-dom";
import { db } from "../../lib/db";
import { createOutbox, newActionId } from "../../lib/outbox/outbox";
import { idInSlug, PIECE_COLLECTIONS } from "../../lib/addresses";
import { landing, mayCount, VISIT_KEY } from "../../lib/visit";
import { AUTOGRAPHED_SUFFIX, useCart, type CartItem } from "../cart";

interface VisitReport {
  id: string;
  at: number;
  landing: string;
  referrer: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  code: string;
}
interface EventReport {
  visit: string;
  kind: "view" | "cart" | "world" | "character";
  item: string;
  at: number;
}

const tallies = createOutbox(() => db.tallies, {
  withLock: (fn) => (typeof navigator !== "undefined" && navigator.locks ? (navigator.locks.request("studio-tallies", fn) as ReturnType<typeof fn>) : fn()),
});

async function post(path: string, body: unknown): Promise<void> {
  const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), credentials: "omit" });
  // Read to the end, so the connection is free again (an unread answer holds it open).
  await res.text();
  // Kept for later only when the server could not answer; a refusal is final.
  if (res.status >= 500 || res.status === 408) throw Object.assign(new Error(`HTTP ${res.status}`), { status: res.status });
}

tallies.registerSender<VisitReport>("visit", (v) => post("/api/studio/visits", v));
tallies.registerSender<EventReport>("event", (e) => post(`/api/studio/visits/${e.visit}/events`, { kind: e.kind, item: e.item, at: e.at }));

/** A visit's first report: where it began and came from, read from the address it landed on. */
function visitReport(id: string): VisitReport {
  const url = new URL(landing || location.href);
  const q = url.searchParams;
  return {
    id,
    at: Date.now(),
    landing: url.pathname,
    referrer: document.referrer,
    utm_source: q.get("utm_source") ?? "",
    utm_medium: q.get("utm_medium") ?? "",
    utm_campaign: q.get("utm_campaign") ?? "",
    code: q.get("code") ?? "",
  };
}

const WORLD_PATHS: Record<string, string> = { pebblewick: "pebblewick", cryptids: "cryptid" };
const CART_COLLECTIONS: Record<string, string> = { painting: "paintings", book: "books", merchandise: "merchandise", edition: "editions" };

/** What a page's address says the visit looked at, or null. */
export function eventOfPath(pathname: string): Pick<EventReport, "kind" | "item"> | null {
  const [list = "", slug = ""] = pathname.split("/").filter(Boolean);
  if (list === "book" && /^[a-z0-9]{15}$/.test(slug)) return { kind: "view", item: `books:${slug}` };
  if (!slug) return WORLD_PATHS[list] ? { kind: "world", item: WORLD_PATHS[list] } : null;
  const id = idInSlug(slug);
  if (!id) return null;
  if (WORLD_PATHS[list]) return { kind: "character", item: id };
  const collection = (PIECE_COLLECTIONS as Record<string, string>)[list];
  return collection ? { kind: "view", item: `${collection}:${id}` } : null;
}

/** The cart's lines that are new or grew since the last look. */
function added(now: CartItem[], before: CartItem[]): CartItem[] {
  const was = new Map(before.map((i) => [`${i.type}:${i.id}:${i.variant ?? ""}:${i.size ?? ""}:${i.color ?? ""}`, i.quantity]));
  return now.filter((i) => i.quantity > (was.get(`${i.type}:${i.id}:${i.variant ?? ""}:${i.size ?? ""}:${i.color ?? ""}`) ?? 0));
}

/** Starts counting this tab; returns a stop. Nothing happens for a browser that asks not to be counted. */
export function startCounting(router: Pick<ReturnType<typeof createBrowserRouter>, "state" | "subscribe">): () => void {
  if (!mayCount()) return () => {};
  let visit = sessionStorage.getItem(VISIT_KEY) ?? "";
  const send = (kind: string, payload: unknown) => void tallies.enqueue(kind, payload).then(() => tallies.flush());
  if (!visit) {
    visit = newActionId();
    sessionStorage.setItem(VISIT_KEY, visit);
    send("visit", visitReport(visit));
  }
  let lastPath = "";
  const onPath = (pathname: string) => {
    if (pathname === lastPath || pathname.startsWith("/admin")) return;
    lastPath = pathname;
    const seen = eventOfPath(pathname);
    if (seen) send("event", { visit, ...seen, at: Date.now() });
  };
  onPath(router.state.location.pathname);
  const stopRouter = router.subscribe((state) => onPath(state.location.pathname));
  const stopCart = useCart.subscribe((state, before) => {
    for (const line of added(state.items, before.items)) {
      const collection = CART_COLLECTIONS[line.type];
      if (collection) send("event", { visit, kind: "cart", item: `${collection}:${line.id.endsWith(AUTOGRAPHED_SUFFIX) ? line.id.slice(0, -AUTOGRAPHED_SUFFIX.length) : line.id}`, at: Date.now() });
    }
  });
  const stopOutbox = tallies.start();
  return () => {
    stopRouter();
    stopCart();
    stopOutbox();
  };
}
