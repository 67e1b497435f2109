import { useOutbox, submitAction } from "../../../lib/outbox";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { toast } from "../../../ui/toast";
import type { Shipment, ShipmentDraft } from "../../shipping";
import { carrierName } from "./carriers";
import type { Order } from "./useOrders";
import styles from "./orders.module.css";

const when = (iso: string) => (iso ? new Date(iso.replace(" ", "T")).toLocaleDateString("en-US", { dateStyle: "medium" }) : "");

/** An order's shipments with their tracking links, what still waits in the outbox, and delivery. */
export function Shipments({ order, onShip, onCorrect }: { order: Order; onShip: () => void; onCorrect: (s: Shipment) => void }) {
  const queued = useOutbox<ShipmentDraft>("order-shipment").items.filter((a) => a.payload.order === order.session?.id);
  const left = order.items.filter((l) => l.ships && !l.shipped);
  const title = (i: number) => order.items[i]?.line.title ?? `Line ${i + 1}`;

  async function delivered() {
    const result = await submitAction("order-delivered", { order: order.session!.id }, "Delivered");
    if (result.state === "refused") toast({ title: "Not marked delivered", description: result.reason, tone: "error" });
    else toast(result.state === "queued" ? { title: "Saved offline", description: "Marked delivered when you are back online.", tone: "info" } : { title: "Marked delivered" });
  }

  return (
    <section className={styles.shipments} aria-label="Shipments">
      {order.shipments.length === 0 && queued.length === 0 && <p className="muted">Nothing shipped yet.</p>}
      <ul className={styles.shipmentList}>
        {order.shipments.map((s) => (
          <li key={s.id} className={styles.shipment}>
            <div className={styles.shipmentHead}>
              <strong>{carrierName(s.carrier)}</strong>
              {s.tracking_url ? (
                <a href={s.tracking_url} target="_blank" rel="noopener noreferrer" className={styles.tracking}>
                  {s.tracking_number}
                </a>
              ) : (
                <span className={styles.tracking}>{s.tracking_number}</span>
              )}
              <span className="muted">{when(s.shipped_at)}</span>
            </div>
            <p>{(s.lines ?? []).map(title).join(", ")}</p>
            {s.note && <p className={styles.note}>{s.note}</p>}
            {s.stripe_sync === "failed" && (
              <p className={styles.syncFailed} role="note">
                Stripe has not got this tracking number yet: {s.stripe_error || "the update failed"}. It is sent again on your next action on this order and every ten minutes.
              </p>
            )}
            <Button size="small" variant="secondary" onPress={() => onCorrect(s)}>
              Correct number
            </Button>
          </li>
        ))}
        {queued.map((a) => (
          <li key={a.id} className={styles.shipment}>
            <div className={styles.shipmentHead}>
              <Badge tone={a.status === "refused" ? "coral" : "lantern"}>{a.status === "refused" ? "Refused" : "Waiting to send"}</Badge>
              <span className={styles.tracking}>{a.payload.tracking_number}</span>
            </div>
            {a.status === "refused" && a.error && <p className={styles.syncFailed}>{a.error}</p>}
          </li>
        ))}
      </ul>
      <div className={styles.formActions}>
        {left.length > 0 && order.fulfilment !== "refunded" && (
          <Button size="small" onPress={onShip}>
            Mark shipped
          </Button>
        )}
        {order.fulfilment === "shipped" && (
          <Button size="small" variant="secondary" onPress={() => void delivered()}>
            Mark delivered
          </Button>
        )}
      </div>
    </section>
  );
}
