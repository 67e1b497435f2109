// The studio's orders: the purchases of each paid checkout, its lines, its fulfilment state and
// its shipments, all from live lists so a shipment made elsewhere (another tablet, an outbox
// replay) shows at once.
import type { RecordModel } from "pocketbase";
import { useLiveList } from "../../../lib/useLiveList";
import type { Shipment } from "../../shipping";

export interface Purchase extends RecordModel {
  product_title: string;
  product_type: string;
  product_id: string;
  quantity: number;
  amount: number;
  status: string;
  payment_id: string;
  created: string;
  metadata: {
    variant?: string;
    size?: string;
    color?: string;
    customer_details?: { name?: string; email?: string; phone?: string };
    shipping_details?: { name?: string; address?: Record<string, string | null> };
    line_items?: { description: string; quantity: number; amount_total: number }[];
    /** "demo" when paid on the built-in demo page: no money moved. */
    provider?: string;
    /** Why a paid line cannot be delivered (sold meanwhile, out of stock): refunded at once, or by the studio if that failed. */
    refund_reason?: string;
    /** Set when the address paid for lies outside the zone (or the tax place) the order was priced for. */
    address_mismatch?: string;
    /** The studio must act (another zone, or tax owed); a tax difference refunded at payment needs nothing. */
    address_to_check?: boolean;
    /** What the studio did about the address, and when: the flag is cleared. */
    address_checked?: { note: string; at: string };
    /** Tax the prices held (manual tax with prices that include it). */
    tax_included_cents?: number;
    refund?: { id: string; amount_cents: number; shipping?: boolean; at: string };
  };
}

export type Fulfilment = "unfulfilled" | "partly_shipped" | "shipped" | "delivered" | "refunded";

export interface Line {
  item_id: string;
  item_type: string;
  variant?: string;
  size?: string;
  color?: string;
  title: string;
  unit_amount: number;
  quantity: number;
}

export interface CheckoutSession extends RecordModel {
  provider_session_id: string;
  provider: string;
  status: string;
  line_items: Line[] | null;
  fulfilment: Fulfilment | "";
  delivered_at: string;
  created: string;
}

export const REFUND_NEEDED = "refund needed";
export const REFUNDED = "refunded";
const SHIPPING_TYPES = ["painting", "book", "merchandise", "edition"];

export const FULFILMENT_LABEL: Record<Fulfilment, string> = {
  unfulfilled: "Unfulfilled",
  partly_shipped: "Partly shipped",
  shipped: "Shipped",
  delivered: "Delivered",
  refunded: "Refunded",
};

export interface OrderLine {
  index: number;
  line: Line;
  shipped: boolean;
  refunded: boolean;
  ships: boolean;
}

export interface Order {
  id: string;
  created: string;
  lines: Purchase[];
  total: number;
  status: string;
  demo: boolean;
  refunds: Purchase[];
  refunded: Purchase[];
  /** The paid checkout session: absent for purchases recorded before sessions were kept. */
  session: CheckoutSession | null;
  fulfilment: Fulfilment | "";
  shipments: Shipment[];
  /** The order's lines as sold, with what shipping means for each. */
  items: OrderLine[];
}

function samePiece(p: Purchase, l: Line) {
  const m = p.metadata ?? {};
  return p.product_id === l.item_id && (m.variant ?? "") === (l.variant ?? "") && (m.size ?? "") === (l.size ?? "") && (m.color ?? "") === (l.color ?? "");
}

/** One order per payment: the purchases recorded for one paid checkout session. */
export function groupOrders(purchases: Purchase[], sessions: CheckoutSession[], shipments: Shipment[]): Order[] {
  const bySession = new Map(sessions.map((s) => [s.provider_session_id, s]));
  const orders = new Map<string, Order>();
  for (const p of purchases) {
    const o =
      orders.get(p.payment_id) ??
      ({ id: p.payment_id, created: p.created, lines: [], total: 0, status: "completed", demo: p.metadata?.provider === "demo", refunds: [], refunded: [], session: bySession.get(p.payment_id) ?? null, fulfilment: "", shipments: [], items: [] } as Order);
    o.lines.push(p);
    if (p.status === REFUND_NEEDED) o.refunds.push(p);
    if (p.status === REFUNDED) o.refunded.push(p);
    orders.set(p.payment_id, o);
  }
  return [...orders.values()].map((o) => {
    const items = o.lines[0].metadata?.line_items;
    // The line items include shipping; without them, sum the products.
    const total = items ? items.reduce((n, l) => n + l.amount_total, 0) / 100 : o.lines.reduce((n, l) => n + l.amount, 0);
    const mine = o.session ? shipments.filter((s) => s.order === o.session!.id) : [];
    const shipped = new Set(mine.flatMap((s) => s.lines ?? []));
    const lines = (o.session?.line_items ?? []).map((line, index) => {
      const purchase = o.lines.find((p) => samePiece(p, line));
      const refunded = !!purchase && (purchase.status === REFUNDED || purchase.status === REFUND_NEEDED);
      return { index, line, shipped: shipped.has(index), refunded, ships: SHIPPING_TYPES.includes(line.item_type) && !refunded };
    });
    return { ...o, total, status: o.refunds.length ? REFUND_NEEDED : o.lines[0].status, fulfilment: o.session?.fulfilment ?? "", shipments: mine, items: lines };
  });
}

export function waitsToShip(o: Order) {
  return (o.fulfilment === "unfulfilled" || o.fulfilment === "partly_shipped") && o.items.some((l) => l.ships && !l.shipped);
}

/** Orders with something left to send, oldest first: the studio's work for today. */
export function toShip(orders: Order[]) {
  return orders.filter(waitsToShip).sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
}

export function useOrders() {
  const purchases = useLiveList<Purchase>("purchases", "", "-created");
  const sessions = useLiveList<CheckoutSession>("checkout_sessions", 'status = "paid"', "-created");
  const shipments = useLiveList<Shipment>("shipments", "", "created");
  const ready = purchases.items && sessions.items && shipments.items;
  return {
    orders: ready ? groupOrders(purchases.items!, sessions.items!, shipments.items!) : null,
    error: purchases.error || sessions.error || shipments.error,
  };
}

/**
 * How many orders wait to ship, for the tab's count: the same orders the To ship list shows, read
 * from the same live lists, so the two never disagree (a list filtered on the state would never
 * hear of an order leaving it, and the count would stay until a reload).
 */
export function useWaitingCount() {
  const { orders } = useOrders();
  return orders ? toShip(orders).length : 0;
}
