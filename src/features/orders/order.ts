// An order as the server shows it to its buyer (pb_hooks/lib/orders/orders.js), and where this browser
// keeps it: in the one browser database (Dexie's meta table) with the key it was opened by, so a
// page seen once opens again offline, and only through the same link.
import { ClientResponseError } from "pocketbase";
import { db } from "../../lib/db";
import { pb } from "../../lib/pocketbase";

export type OrderStatus = "unfulfilled" | "partly_shipped" | "shipped" | "delivered" | "refunded";

export type OrderEvent =
  | { kind: "paid"; at: string }
  | { kind: "shipped"; at: string; carrier: string; tracking_number: string; tracking_url: string; note: string; lines: string[] }
  | { kind: "delivered"; at: string }
  | { kind: "refunded"; at: string; amount: number; lines: string[] };

/** A numbered print's number, with its public ledger page and its certificate (a PDF). */
export interface EditionNumber {
  edition: string;
  number: number;
  size: number;
  refunded: boolean;
  verify: string;
  certificate: string;
}

/** A bought file: what is left of it, and the order's address that starts one download. */
export interface OrderFile {
  id: string;
  title: string;
  content_type: string;
  bytes: number;
  pages: number;
  stamped: boolean;
  used: number;
  allowed: number;
  left: number;
  expires_at: string;
  /** Why it gives no more downloads ("" while it does). */
  ended: string;
  download: string;
}

/** The EU and UK buyer's consent to start a download at once, as ticked at checkout. */
export interface WithdrawalWaiver {
  version: string;
  wording: string;
  at: string;
}

export interface Order {
  id: string;
  paid_at: string;
  status: OrderStatus;
  status_label: string;
  lines: { title: string; quantity: number; unit_amount: number; amount: number; item_type: string; code_excluded?: boolean; shipped: boolean; refunded: boolean; numbers?: EditionNumber[]; files?: OrderFile[] }[];
  amounts: { subtotal: number; shipping: number; tax: number; tax_included: number; discount: number; discount_code: string; total: number; refunded: number; tax_refunded?: number };
  ship_to: { name: string; street: string; city: string; country: string } | null;
  timeline: OrderEvent[];
  withdrawal_waiver?: WithdrawalWaiver | null;
  /** false for downloads alone: no parcel to follow. */
  ships?: boolean;
  /** In a customer's own list: the order page's address. */
  page?: string;
}

export type OrderRead = { order: Order; savedAt: number | null } | "not-found" | "unavailable";

const keptKey = (id: string) => `order:${id}`;

async function keptOrder(id: string, key: string): Promise<{ order: Order; savedAt: number } | null> {
  try {
    const row = await db.meta.get(keptKey(id));
    const found = row ? (JSON.parse(row.value) as { key: string; order: Order; savedAt: number }) : null;
    return found && found.key === key ? { order: found.order, savedAt: found.savedAt } : null;
  } catch {
    return null;
  }
}

/** The order whose page this is, from the server, or as kept from the last visit when the server cannot be reached. */
export async function readOrder(id: string, key: string): Promise<OrderRead> {
  if (!key) return "not-found";
  try {
    const order = await pb.send<Order>(`/api/studio/orders/${encodeURIComponent(id)}`, { query: { key }, requestKey: null });
    await db.meta.put({ key: keptKey(id), value: JSON.stringify({ key, order, savedAt: Date.now() }) }).catch(() => undefined);
    return { order, savedAt: null };
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 404) {
      // Only the link it was kept for may forget it: a mistyped link leaves the real one working.
      if (await keptOrder(id, key)) await db.meta.delete(keptKey(id)).catch(() => undefined);
      return "not-found";
    }
    const kept = await keptOrder(id, key);
    return kept ?? "unavailable";
  }
}

export const fetchMyOrders = () => pb.send<{ items: Order[] }>("/api/studio/my-orders", { requestKey: null });

/** "Nov 25, 2026" from a server date ("2026-11-25 22:20:07.123Z"). */
export function dayOf(at: string): string {
  const d = new Date(at.replace(" ", "T"));
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleDateString("en-US", { dateStyle: "medium" });
}
