import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { LinkButton } from "../../ui/Button";
import { pb } from "../../lib/pocketbase";
import { clearCart } from "../cart";
import { OrderDownloads, readOrder, type Order } from "../orders";
import { fetchSession, type SessionSummary } from "./session";
import styles from "./checkout.module.css";

/** Asks the server whether the session is paid (never records anything itself); empties the cart once it is. */
export function SuccessPage() {
  const [params] = useSearchParams();
  const id = params.get("session_id") ?? "";
  const [session, setSession] = useState<SessionSummary | null>(null);
  const [error, setError] = useState("");
  // Bought files are listed here at once, from the order's own page (its key came with the session).
  const [order, setOrder] = useState<Order | null>(null);
  const downloads = session?.status === "paid" && session.ships === false;
  const page = session?.order_page ?? "";
  useEffect(() => {
    const m = /^\/orders\/([^?]+)\?key=(.+)$/.exec(page);
    if (!m || !session?.lines.some((l) => l.item_type === "digital" || l.item_type === "book")) return;
    void readOrder(decodeURIComponent(m[1]), decodeURIComponent(m[2])).then((r) => setOrder(typeof r === "object" ? r.order : null));
  }, [page, session]);
  const signedIn = pb.authStore.isValid && pb.authStore.record?.collectionName === "users";

  useEffect(() => {
    if (!id) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const check = async () => {
      try {
        const s = await fetchSession(id);
        if (stopped) return;
        setSession(s);
        if (s.status === "paid") clearCart({ silently: true });
        // A card payment settles in seconds; keep asking for a little while.
        else if (s.status === "open" && ++tries < 15) timer = setTimeout(check, 2000);
      } catch (err) {
        if (!stopped) setError(err instanceof Error ? err.message : String(err));
      }
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id]);

  let heading = "Thank you for your order!";
  let text = downloads
    ? "Your payment went through. Your files are ready below, and a receipt with their links is on its way to your inbox."
    : "Your payment went through. A confirmation is on its way to your inbox, and your art will be packed with care.";
  if (!id || error) {
    heading = "We couldn't find this payment";
    text = error || "This page needs a payment session. If you were charged, contact us and we'll sort it out.";
  } else if (!session || session.status === "open") {
    heading = "Confirming your payment…";
    text = "This usually takes a few seconds.";
  } else if (session.status !== "paid") {
    heading = "This payment did not go through";
    text = `The checkout session is ${session.status}. Your cart is still here if you'd like to try again.`;
  }

  return (
    <div className={`container section ${styles.result}`}>
      <div className={styles.mark} aria-hidden="true">
        {session?.status === "paid" ? "✦" : "…"}
      </div>
      <h1>{heading}</h1>
      <p className="muted" role="status">
        {text}
      </p>
      {order && (
        <div className={styles.downloads}>
          <OrderDownloads order={order} />
        </div>
      )}
      <div className={styles.actions}>
        {session?.status === "paid" && session.order_page && <LinkButton href={session.order_page}>See your order</LinkButton>}
        <LinkButton variant={session?.order_page ? "secondary" : "primary"} href="/">
          Return to Home
        </LinkButton>
        <LinkButton variant="secondary" href="/gallery">
          Continue Shopping
        </LinkButton>
        {signedIn && (
          <LinkButton variant="secondary" href="/customer/dashboard">
            View Your Purchases
          </LinkButton>
        )}
      </div>
    </div>
  );
}
