import type { RecordModel } from "pocketbase";
import { formatPrice } from "../../../lib/money";
import { useLiveList } from "../../../lib/useLiveList";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { Dialog, useDialogSelection } from "../../../ui/Dialog";
import { AdminTable } from "../parts";
import styles from "../admin.module.css";
import { HeldPieces } from "./HeldPieces";
import { CommissionPayments } from "./CommissionPayments";
import { OrdersExport } from "./OrdersExport";

interface Purchase extends RecordModel {
  product_title: string;
  product_type: string;
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
    refund?: { id: string; amount_cents: number; shipping?: boolean; at: string };
  };
}

const REFUND_NEEDED = "refund needed";
const REFUNDED = "refunded";

interface Order {
  id: string;
  created: string;
  lines: Purchase[];
  total: number;
  status: string;
  demo: boolean;
  refunds: Purchase[];
  refunded: Purchase[];
}

/** One order per payment: the purchases recorded for one paid checkout session. */
function groupOrders(purchases: Purchase[]): Order[] {
  const orders = new Map<string, Order>();
  for (const p of purchases) {
    const o = orders.get(p.payment_id) ?? { id: p.payment_id, created: p.created, lines: [], total: 0, status: "completed", demo: p.metadata?.provider === "demo", refunds: [], refunded: [] };
    o.lines.push(p);
    if (p.status === REFUND_NEEDED) o.refunds.push(p);
    if (p.status === REFUNDED) o.refunded.push(p);
    orders.set(p.payment_id, o);
  }
  return [...orders.values()].map((o) => {
    const items = o.lines[0].metadata?.line_items;
    // The line items include shipping; without them, sum the products.
    const total = items ? items.reduce((n, l) => n + l.amount_total, 0) / 100 : o.lines.reduce((n, l) => n + l.amount, 0);
    return { ...o, total, status: o.refunds.length ? REFUND_NEEDED : o.lines[0].status };
  });
}

export function OrdersTab() {
  const { items, error } = useLiveList<Purchase>("purchases", "", "-created");
  const dialog = useDialogSelection<Order>();
  if (error) return <p className="error-text">Failed to load purchase history</p>;
  if (!items) return <p className="muted">Loading...</p>;
  const orders = groupOrders(items);
  if (!orders.length) return (
    <>
      <HeldPieces />
      <p className="empty-state">No orders yet.</p>
      <h2>Commission payments</h2>
      <CommissionPayments />
    </>
  );
  const o = dialog.selected;
  const customer = o?.lines[0].metadata?.customer_details ?? {};
  const shipping = o?.lines[0].metadata?.shipping_details ?? {};
  const address = shipping.address ?? {};
  return (
    <>
      <HeldPieces />
      <OrdersExport />
      <AdminTable headers={["Date", "Product", "Customer", "Amount", "Status", "Actions"]}>
            {orders.map((order) => {
              const c = order.lines[0].metadata?.customer_details ?? {};
              return (
                <tr key={order.id}>
                  <td>{new Date(order.created).toLocaleDateString("en-US", { dateStyle: "medium" })}</td>
                  <td>{order.lines.length === 1 ? order.lines[0].product_title : `${order.lines[0].product_title} and ${order.lines.length - 1} more`}</td>
                  <td>
                    <div>{c.name || "—"}</div>
                    <div className="muted">{c.email}</div>
                  </td>
                  <td>{formatPrice(order.total)}</td>
                  <td>
                    <OrderMarks order={order} />
                  </td>
                  <td>
                    <Button size="small" variant="secondary" onPress={() => dialog.open(order)}>
                      View Details
                    </Button>
                  </td>
                </tr>
              );
            })}
          </AdminTable>
      <h2>Commission payments</h2>
      <CommissionPayments />
      <Dialog isOpen={dialog.isOpen} onOpenChange={dialog.onOpenChange} title="Order details" width={640}>
        {o && (
          <div className={styles.details}>
            <h3>Summary</h3>
            <dl>
              <div><dt>Date</dt><dd>{new Date(o.created).toLocaleString("en-US")}</dd></div>
              <div><dt>Payment</dt><dd>{o.id}</dd></div>
              <div><dt>Status</dt><dd><OrderMarks order={o} /></dd></div>
              <div><dt>Total</dt><dd>{formatPrice(o.total)}</dd></div>
            </dl>
            {o.refunds.length > 0 && (
              <>
                <h3>Refund needed</h3>
                <ul>
                  {o.refunds.map((p) => (
                    <li key={p.id}>
                      {p.product_title} ({formatPrice(p.amount)}): {p.metadata?.refund_reason || "This item cannot be delivered."}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {o.refunded.length > 0 && (
              <>
                <h3>Refunded</h3>
                <ul>
                  {o.refunded.map((p) => (
                    <li key={p.id}>
                      {p.product_title}: {formatPrice((p.metadata?.refund?.amount_cents ?? 0) / 100)} on{" "}
                      {p.metadata?.refund?.at ? new Date(p.metadata.refund.at).toLocaleString("en-US") : "—"}. {p.metadata?.refund_reason}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <h3>Customer</h3>
            <dl>
              <div><dt>Name</dt><dd>{customer.name || "—"}</dd></div>
              <div><dt>Email</dt><dd>{customer.email || "—"}</dd></div>
              <div><dt>Phone</dt><dd>{customer.phone || "—"}</dd></div>
            </dl>
            <h3>Shipping address</h3>
            <address className={styles.address}>
              {[shipping.name, address.line1, address.line2, [address.city, address.state, address.postal_code].filter(Boolean).join(", "), address.country].filter(Boolean).map((line, i) => (
                <div key={i}>{line}</div>
              ))}
            </address>
            <h3>Products ordered</h3>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Qty</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {(o.lines[0].metadata?.line_items ?? o.lines.map((l) => ({ description: l.product_title, quantity: l.quantity, amount_total: l.amount * 100 }))).map((l, i) => (
                  <tr key={i}>
                    <td>{l.description}</td>
                    <td>{l.quantity}</td>
                    <td>{formatPrice(l.amount_total / 100)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Dialog>
    </>
  );
}

/** The order's state, with what the studio must act on first: a refund, and demo orders that took no money. */
function OrderMarks({ order }: { order: Order }) {
  return (
    <span className={styles.marks}>
      {order.refunds.length > 0 ? (
        <Badge tone="coral">Refund needed</Badge>
      ) : order.refunded.length > 0 ? (
        <Badge tone="lavender">{order.refunded.length === order.lines.length ? "Refunded" : "Partly refunded"}</Badge>
      ) : (
        order.status
      )}
      {order.demo && <Badge tone="neutral">Demo: no payment taken</Badge>}
    </span>
  );
}
