import { useEffect, useState } from "react";
import { pb } from "../../../lib/pocketbase";
import { EditionNumbers, type Order as OrderView } from "../../orders";
import type { Order } from "./useOrders";

type Numbered = { title: string; numbers: NonNullable<OrderView["lines"][number]["numbers"]> }[];

/**
 * The numbered prints of an order, each number with its public ledger page and its certificate, as
 * its buyer's page shows them. The ledger is read by the server only (pb_hooks/lib/orders/orders.js),
 * so they come from the order's own view, asked again when a refund voids a certificate.
 */
export function EditionNumbersOfOrder({ order }: { order: Order }) {
  const numbered = order.lines.some((p) => p.product_type === "edition");
  const id = numbered ? order.session?.id : undefined;
  const refunded = order.refunded.length;
  const [lines, setLines] = useState<Numbered | "failed" | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    pb.send<OrderView>(`/api/studio/orders/${encodeURIComponent(id)}`, { requestKey: null })
      .then((view) => live && setLines(view.lines.filter((l) => l.numbers?.length).map((l) => ({ title: l.title, numbers: l.numbers! }))))
      .catch(() => live && setLines("failed"));
    return () => {
      live = false;
    };
  }, [id, refunded]);
  if (!id) return null;
  return (
    <>
      <h3>Edition numbers</h3>
      {lines === null ? (
        <p className="muted">Loading...</p>
      ) : lines === "failed" ? (
        <p className="error-text">The edition numbers could not be loaded. Close and open the order again.</p>
      ) : lines.length ? (
        <ul>
          {lines.map((l, i) => (
            <li key={i}>
              {l.title}
              <EditionNumbers numbers={l.numbers} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No number was given: the payment came after the last one went elsewhere.</p>
      )}
    </>
  );
}
