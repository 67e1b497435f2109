import type { RecordModel } from "pocketbase";
import { useEffect, useState } from "react";
import { useLiveList } from "../../../lib/useLiveList";
import styles from "../admin.module.css";

interface CheckoutSession extends RecordModel {
  status: string;
  expires_at: string;
  user: string;
  line_items: { item_type: string; variant: string; title: string; quantity: number }[] | null;
}

// Only originals and stock are held; prints and books are made to order.
const holds = (l: { item_type: string; variant: string }) => l.item_type === "merchandise" || l.item_type === "edition" || (l.item_type === "painting" && l.variant === "original");

/** Pieces kept out of the shop by checkouts still open: each is released when its checkout ends. */
export function HeldPieces() {
  const { items } = useLiveList<CheckoutSession>("checkout_sessions", 'status = "open"', "expires_at");
  // Holds lapse by the clock, with no write to announce it.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30000);
    return () => clearInterval(timer);
  }, []);
  const open = (items ?? []).filter((s) => Date.parse(s.expires_at.replace(" ", "T")) > now);
  const rows = open.flatMap((s) => (s.line_items ?? []).filter(holds).map((l, i) => ({ key: `${s.id}-${i}`, line: l, session: s })));
  if (!rows.length) return null;
  return (
    <section className={styles.held} aria-labelledby="held-heading">
      <h3 id="held-heading">Held in open checkouts</h3>
      <ul>
        {rows.map(({ key, line, session }) => (
          <li key={key}>
            {line.quantity > 1 ? `${line.quantity} × ` : ""}
            {line.title} · {session.user ? "a customer" : "a visitor"} · until{" "}
            {new Date(session.expires_at.replace(" ", "T")).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" })}
          </li>
        ))}
      </ul>
    </section>
  );
}
