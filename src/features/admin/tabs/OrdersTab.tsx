import { useState } from "react";
import { formatPrice } from "../../../lib/money";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { Dialog, useDialogSelection } from "../../../ui/Dialog";
import type { Shipment } from "../../shipping";
import { AdminTable } from "../parts";
import styles from "../admin.module.css";
import { AddressCheck } from "../orders/AddressCheck";
import { CorrectDialog } from "../orders/CorrectDialog";
import { DownloadsOfOrder } from "../orders/DownloadsOfOrder";
import { EditionNumbersOfOrder } from "../orders/EditionNumbersOfOrder";
import { FulfilmentBadge } from "../orders/FulfilmentBadge";
import { ShipDialog } from "../orders/ShipDialog";
import { Shipments } from "../orders/Shipments";
import { WaitingToShip } from "../orders/WaitingToShip";
import { toShip, useOrders, type Order } from "../orders/useOrders";
import { HeldPieces } from "./HeldPieces";
import { CommissionPayments } from "./CommissionPayments";
import { OrdersExport } from "./OrdersExport";

export function OrdersTab() {
  const { orders, error } = useOrders();
  const dialog = useDialogSelection<Order>();
  // The ship and correct dialogs open alone: the details dialog closes first.
  const [shipFor, setShipFor] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState<Shipment | null>(null);
  if (error) return <p className="error-text">Failed to load purchase history</p>;
  if (!orders) return <p className="muted">Loading...</p>;
  if (!orders.length) return (
    <>
      <HeldPieces />
      <OrdersExport />
      <p className="empty-state">No orders yet.</p>
      <h2>Commission payments</h2>
      <CommissionPayments />
    </>
  );
  // The open dialogs follow the live lists: a shipment landing shows in them at once.
  const o = dialog.selected && (orders.find((x) => x.id === dialog.selected!.id) ?? dialog.selected);
  const toShipNow = orders.find((x) => x.id === shipFor);
  const ship = (order: Order) => {
    dialog.onOpenChange(false);
    setShipFor(order.id);
  };
  const customer = o?.lines[0].metadata?.customer_details ?? {};
  const shipping = o?.lines[0].metadata?.shipping_details ?? {};
  const address = shipping.address ?? {};
  return (
    <>
      <HeldPieces />
      <WaitingToShip orders={toShip(orders)} onShip={ship} onOpen={(order) => dialog.open(order)} />
      <OrdersExport />
      <h2>All orders</h2>
      <AdminTable headers={["Date", "Product", "Customer", "Amount", "Status", "Actions"]}>
            {orders.map((order) => {
              const c = order.lines[0].metadata?.customer_details ?? {};
              return (
                <tr key={order.id}>
                  <td className={styles.nowrap}>{new Date(order.created).toLocaleDateString("en-US", { dateStyle: "medium" })}</td>
                  <td>{order.lines.length === 1 ? order.lines[0].product_title : `${order.lines[0].product_title} and ${order.lines.length - 1} more`}</td>
                  <td>
                    <div>{c.name || "—"}</div>
                    <div className="muted">{c.email}</div>
                  </td>
                  <td>{formatPrice(order.total)}</td>
                  <td>
                    <OrderMarks order={order} />
                  </td>
                  <td className={styles.nowrap}>
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
              <div><dt>Shipping</dt><dd><FulfilmentBadge state={o.fulfilment} /></dd></div>
              <div><dt>Total</dt><dd>{formatPrice(o.total)}</dd></div>
            </dl>
            <AddressCheck key={o.id} order={o} />
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
            {o.session && (
              <>
                <h3>Shipments</h3>
                <Shipments
                  order={o}
                  onShip={() => ship(o)}
                  onCorrect={(shipment) => {
                    dialog.onOpenChange(false);
                    setCorrecting(shipment);
                  }}
                />
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
            <EditionNumbersOfOrder key={o.id} order={o} />
            <DownloadsOfOrder key={`downloads-${o.id}`} order={o} />
            {!!o.lines[0].metadata?.tax_included_cents && <p className="muted">The prices include {formatPrice(o.lines[0].metadata.tax_included_cents / 100)} tax.</p>}
          </div>
        )}
      </Dialog>
      {toShipNow && <ShipDialog order={toShipNow} onClose={() => setShipFor(null)} />}
      {correcting && <CorrectDialog shipment={correcting} onClose={() => setCorrecting(null)} />}
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
      ) : null}
      {order.fulfilment !== "refunded" && <FulfilmentBadge state={order.fulfilment} />}
      {order.lines[0].metadata?.address_mismatch &&
        !order.lines[0].metadata.address_checked &&
        (order.lines[0].metadata.address_to_check === false ? <Badge tone="neutral">Tax refunded for the address</Badge> : <Badge tone="coral">Address to check</Badge>)}
      {order.demo && <Badge tone="neutral">Demo: no payment taken</Badge>}
    </span>
  );
}
