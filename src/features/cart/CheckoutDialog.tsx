import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { ClientResponseError } from "pocketbase";
import { Dialog } from "../../ui/Dialog";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { pb } from "../../lib/pocketbase";
import { formatCents, formatPrice } from "../../lib/money";
import { useOnline } from "../../lib/pwa";
import { isPriced, totals } from "./cartRules";
import { closeCart, useCart } from "./cartStore";
import { orderLines, type PreviewState } from "./usePricePreview";
import styles from "./Cart.module.css";

/** Subtotal, shipping and total, then the hosted payment page. The server prices every line. */
export function CheckoutDialog({ isOpen, onOpenChange, priced }: { isOpen: boolean; onOpenChange: (open: boolean) => void; priced: PreviewState }) {
  const { items, sessionId, code } = useCart();
  const preview = code && !priced.preview?.code_error ? priced.preview : null;
  const online = useOnline();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { subtotal, shipping, total } = totals(items);

  async function proceed() {
    if (items.length === 0) {
      toast({ title: "Cart is empty", description: "Please add items to your cart before checking out.", tone: "error" });
      return;
    }
    const payable = items.filter(isPriced);
    if (payable.length === 0) {
      toast({ title: "Invalid cart items", description: "Your cart contains items with invalid prices.", tone: "error" });
      return;
    }
    setBusy(true);
    try {
      const res = await pb.send<{ url: string }>("/api/studio/checkout", {
        method: "POST",
        body: {
          cart_session_id: sessionId,
          items: orderLines(payable),
          code,
        },
      });
      if (!res?.url) throw new Error("Invalid response from checkout service");
      onOpenChange(false);
      closeCart();
      // The demo provider answers with a path inside the app; Stripe with its hosted page.
      if (res.url.startsWith("/")) navigate(res.url);
      else window.location.assign(res.url);
    } catch (err) {
      const message = err instanceof ClientResponseError && err.status > 0 ? err.message : err instanceof Error ? err.message : String(err);
      const refused = err instanceof ClientResponseError && err.status >= 400 && err.status < 500;
      toast({ title: refused ? "Checkout failed" : "Checkout Error", description: message, tone: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Checkout"
      footer={
        <>
          <Button variant="ghost" onPress={() => onOpenChange(false)}>
            Back to cart
          </Button>
          <Button variant="accent" onPress={proceed} isDisabled={busy || !online || items.length === 0}>
            {busy ? "Redirecting..." : "Proceed to Stripe"}
          </Button>
        </>
      }
    >
      {preview ? (
        <dl className={styles.summary}>
          <div>
            <dt>Subtotal</dt>
            <dd>{formatCents(preview.subtotal)}</dd>
          </div>
          {preview.discount > 0 && (
            <div>
              <dt>Discount ({preview.discount_code})</dt>
              <dd>-{formatCents(preview.discount)}</dd>
            </div>
          )}
          <div>
            <dt>Shipping</dt>
            <dd>{formatCents(preview.shipping)}</dd>
          </div>
          <div className={styles.total}>
            <dt>Total</dt>
            <dd>{formatCents(preview.total)}</dd>
          </div>
        </dl>
      ) : (
        <dl className={styles.summary}>
          <div>
            <dt>Subtotal</dt>
            <dd>{formatPrice(subtotal)}</dd>
          </div>
          <div>
            <dt>Shipping</dt>
            <dd>{formatPrice(shipping)}</dd>
          </div>
          <div className={styles.total}>
            <dt>Total</dt>
            <dd>{formatPrice(total)}</dd>
          </div>
        </dl>
      )}
      <p className="muted">Flat $4.95 shipping is added to every order, including autographed copies and book orders. Final prices are confirmed on the payment page.</p>
      {!online && (
        <p className={styles.offline} role="status">
          You are offline. Payment needs a connection; your cart is saved here and you can check out as soon as you are back online.
        </p>
      )}
    </Dialog>
  );
}
