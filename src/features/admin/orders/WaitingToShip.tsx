import { Button } from "../../../ui/Button";
import { FulfilmentBadge } from "./FulfilmentBadge";
import type { Order } from "./useOrders";
import styles from "./orders.module.css";

/** What waits to ship, oldest first: the studio's first job after a sale. */
export function WaitingToShip({ orders, onShip, onOpen }: { orders: Order[]; onShip: (o: Order) => void; onOpen: (o: Order) => void }) {
  return (
    <section aria-labelledby="to-ship" className={styles.waiting}>
      <h2 id="to-ship">To ship ({orders.length})</h2>
      {orders.length === 0 ? (
        <p className="muted">Everything paid for has shipped.</p>
      ) : (
        <ul className={styles.waitingList}>
          {orders.map((o) => {
            const c = o.lines[0].metadata?.customer_details ?? {};
            const left = o.items.filter((l) => l.ships && !l.shipped);
            return (
              <li key={o.id} className={styles.waitingCard} data-testid="order-to-ship">
                <div className={styles.waitingHead}>
                  <strong>{c.name || c.email || "A customer"}</strong>
                  <FulfilmentBadge state={o.fulfilment} />
                </div>
                <p className="muted">Paid {new Date(o.created.replace(" ", "T")).toLocaleDateString("en-US", { dateStyle: "medium" })}</p>
                <ul className={styles.leftLines}>
                  {left.map((l) => (
                    <li key={l.index}>
                      {l.line.quantity} × {l.line.title}
                    </li>
                  ))}
                </ul>
                <div className={styles.formActions}>
                  <Button size="small" variant="secondary" onPress={() => onOpen(o)}>
                    View Details
                  </Button>
                  <Button size="small" onPress={() => onShip(o)}>
                    Mark shipped
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
