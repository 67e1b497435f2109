import { formatCents } from "../../lib/money";
import { dayOf, type Order, type OrderEvent } from "./order";
import styles from "./orders.module.css";

type Step = { done: true; event: OrderEvent } | { done: false; label: string };

/** What has happened, then what is still to come (nothing more once everything was refunded). */
function stepsOf(order: Order): Step[] {
  const steps: Step[] = order.timeline.map((event) => ({ done: true, event }));
  if (order.status === "refunded") return steps;
  if (order.ships !== false && !order.timeline.some((e) => e.kind === "shipped")) steps.push({ done: false, label: "Shipped" });
  if (order.status !== "delivered") steps.push({ done: false, label: "Delivered" });
  return steps;
}

function title(event: OrderEvent): string {
  switch (event.kind) {
    case "paid":
      return "Paid";
    case "shipped":
      return "Shipped";
    case "delivered":
      return "Delivered";
    case "refunded":
      return `Refunded ${formatCents(event.amount)}`;
  }
}

function Details({ event }: { event: OrderEvent }) {
  if (event.kind === "shipped") {
    return (
      <>
        {event.lines.length > 0 && <p>{event.lines.join(", ")}</p>}
        <p>
          {event.carrier}
          {event.tracking_number && (
            <>
              {" · "}
              {event.tracking_url ? (
                <a href={event.tracking_url} target="_blank" rel="noopener noreferrer">
                  Track {event.tracking_number}
                  <span className="visually-hidden"> (opens the carrier's site)</span>
                </a>
              ) : (
                event.tracking_number
              )}
            </>
          )}
        </p>
        {event.note && <p className={styles.note}>{event.note}</p>}
      </>
    );
  }
  if (event.kind === "refunded" && event.lines.length > 0) return <p>{event.lines.join(", ")}</p>;
  return null;
}

/** An order's way from payment to the door, as an ordered list a screen reader reads in order. */
export function OrderTimeline({ order, label }: { order: Order; label: string }) {
  const steps = stepsOf(order);
  const latest = steps.filter((s) => s.done).length - 1;
  return (
    <ol className={styles.timeline} aria-label={label}>
      {steps.map((step, i) => (
        <li key={i} className={step.done ? styles.done : styles.todo} aria-current={i === latest ? "step" : undefined}>
          <span className={styles.dot} aria-hidden="true" />
          {step.done ? (
            <div>
              <p className={styles.stepTitle}>
                {title(step.event)} <time dateTime={step.event.at.replace(" ", "T")}>{dayOf(step.event.at)}</time>
              </p>
              <Details event={step.event} />
            </div>
          ) : (
            <p className={styles.stepTitle}>
              {step.label} <span className="muted">Not yet</span>
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
