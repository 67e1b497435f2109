import { useEffect, useState } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import { Badge, type BadgeTone } from "../../ui/Badge";
import { formatCents } from "../../lib/money";
import { NOT_FOUND_TITLE, titled, usePageTitle } from "../../lib/titles";
import { LinkButton } from "../../ui/Button";
import { EditionNumbers } from "./EditionNumbers";
import { OrderDownloads } from "./OrderFiles";
import { OrderTimeline } from "./OrderTimeline";
import { dayOf, readOrder, type Order, type OrderRead, type OrderStatus } from "./order";
import styles from "./orders.module.css";

export const STATUS_TONE: Record<OrderStatus, BadgeTone> = {
  unfulfilled: "lantern",
  partly_shipped: "sea",
  shipped: "sea",
  delivered: "moss",
  refunded: "coral",
};

function Amounts({ order }: { order: Order }) {
  const a = order.amounts;
  const rows: [string, string][] = [
    ["Subtotal", formatCents(a.subtotal)],
    ...(a.discount ? [[a.discount_code ? `Discount (${a.discount_code})` : "Discount", `−${formatCents(a.discount)}`] as [string, string]] : []),
    ["Shipping", formatCents(a.shipping)],
    ...(a.tax || !a.tax_included ? [["Tax", formatCents(a.tax)] as [string, string]] : []),
  ];
  return (
    <table className={styles.lines}>
      <caption className="visually-hidden">What you ordered and what it came to</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Qty</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((l, i) => (
          <tr key={i}>
            <td>
              {l.title}
              {l.code_excluded && !!a.discount_code && <span className={styles.lineState}> · Not covered by {a.discount_code}</span>}
              {l.refunded ? <span className={styles.lineState}> · Refunded</span> : l.shipped ? <span className={styles.lineState}> · Shipped</span> : null}
              {l.numbers?.length ? <EditionNumbers numbers={l.numbers} /> : null}
            </td>
            <td>{l.quantity}</td>
            <td>{formatCents(l.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" colSpan={2}>
              {label}
            </th>
            <td>{value}</td>
          </tr>
        ))}
        <tr className={styles.total}>
          <th scope="row" colSpan={2}>
            Total
          </th>
          <td>{formatCents(a.total)}</td>
        </tr>
        {a.tax_included > 0 && (
          <tr>
            <th scope="row" colSpan={2}>
              Tax included in the prices
            </th>
            <td>{formatCents(a.tax_included)}</td>
          </tr>
        )}
        {!!a.tax_refunded && (
          <tr>
            <th scope="row" colSpan={2}>
              Tax not due where the parcel goes, refunded
            </th>
            <td>{formatCents(a.tax_refunded)}</td>
          </tr>
        )}
        {a.refunded > 0 && (
          <tr>
            <th scope="row" colSpan={2}>
              Refunded
            </th>
            <td>{formatCents(a.refunded)}</td>
          </tr>
        )}
      </tfoot>
    </table>
  );
}

/** An order's own page: reached by the link in its receipt (the order's key), guests included. */
export function OrderPage() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const key = params.get("key") ?? "";
  const [read, setRead] = useState<OrderRead | null>(null);
  usePageTitle(read === "not-found" ? NOT_FOUND_TITLE : titled("Your order"));

  useEffect(() => {
    let stopped = false;
    const load = () =>
      void readOrder(id, key).then((r) => {
        if (!stopped) setRead(r);
      });
    load();
    window.addEventListener("online", load);
    return () => {
      stopped = true;
      window.removeEventListener("online", load);
    };
  }, [id, key]);

  if (read === "not-found") {
    return (
      <div className={`container section ${styles.page}`}>
        <h1>Order not found</h1>
        <p className="muted">This link does not open an order. Please use the whole link from your order's letter.</p>
        <p>
          <LinkButton href="/">Back to home</LinkButton>
        </p>
      </div>
    );
  }
  if (read === null || read === "unavailable") {
    return (
      <div className={`container section ${styles.page}`}>
        <h1>Your order</h1>
        <p className="muted" role="status">
          {read === null ? "Loading your order…" : "Your order can't be shown while offline. Open this page once online and it will be kept for next time."}
        </p>
      </div>
    );
  }

  const { order, savedAt } = read;
  return (
    <div className={`container section ${styles.page}`}>
      <header className={styles.head}>
        <h1>Your order</h1>
        <p className="muted">
          Order {order.id} · paid {dayOf(order.paid_at)}
        </p>
        <p role="status" className={styles.status}>
          <span className="visually-hidden">Status: </span>
          <Badge tone={STATUS_TONE[order.status]}>{order.status_label}</Badge>
        </p>
        {savedAt !== null && <p className={styles.offline}>You're offline: this is your order as it was on {dayOf(new Date(savedAt).toISOString())}.</p>}
      </header>
      <div className={styles.columns}>
        <section aria-labelledby="order-progress">
          <h2 id="order-progress">Where it is</h2>
          <OrderTimeline order={order} label="Order progress" />
        </section>
        <div className={styles.side}>
          <OrderDownloads order={order} />
          <section aria-labelledby="order-lines">
            <h2 id="order-lines">What you ordered</h2>
            <Amounts order={order} />
          </section>
          {order.ship_to && (
            <section aria-labelledby="order-address">
              <h2 id="order-address">Shipping to</h2>
              <p>
                {[order.ship_to.name, order.ship_to.street].filter(Boolean).join(" ")}
                {(order.ship_to.name || order.ship_to.street) && <br />}
                {[order.ship_to.city, order.ship_to.country].filter(Boolean).join(", ")}
              </p>
              <p className="muted">Only part of the address is shown here, to keep it private.</p>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
