import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { ClientResponseError } from "pocketbase";
import { Dialog } from "../../ui/Dialog";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { pb } from "../../lib/pocketbase";
import { useOnline } from "../../lib/pwa";
import { isDownload, isPriced, totals } from "./cartRules";
import { closeCart, useCart } from "./cartStore";
import { PriceSummary, ShipToPicker } from "./ShippingSummary";
import { countryName, linesOf, usePlaces, useShipTo, type PreviewState } from "./shipTo";
import styles from "./Cart.module.css";
import { currentVisitId } from "../../lib/visit";

/** The server's price for the chosen place, then the hosted payment page. The server prices every line. */
export function CheckoutDialog({ isOpen, onOpenChange, preview }: { isOpen: boolean; onOpenChange: (open: boolean) => void; preview: PreviewState }) {
  const { items, sessionId, code } = useCart();
  const { country, region } = useShipTo();
  const online = useOnline();
  const demo = usePlaces()?.payments === "demo";
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // Unticked to start with, every time: the buyer's own act (lib/pricing/withdrawal.js on the server).
  const [waived, setWaived] = useState(false);
  const box = preview.state === "priced" ? preview.price.withdrawal_box : null;
  const downloadsOnly = items.length > 0 && items.every(isDownload);
  const { subtotal } = totals(items);

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
        body: { cart_session_id: sessionId, items: linesOf(payable), country, region, code, visit_id: currentVisitId(), ...(box ? { withdrawal_waiver: waived } : {}) },
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
          <Button variant="accent" onPress={proceed} isDisabled={busy || !online || items.length === 0 || preview.state !== "priced" || (!!box && !waived)}>
            {busy ? "Redirecting..." : "Proceed to Stripe"}
          </Button>
        </>
      }
    >
      <ShipToPicker disabled={busy} downloadsOnly={downloadsOnly} />
      <PriceSummary preview={preview} subtotal={subtotal} />
      <p className="muted">
        {downloadsOnly
          ? "Downloads need no address: your files are on your order's page as soon as you have paid."
          : "Shipping and tax depend on where the parcel goes: the payment page keeps the place chosen here."}
      </p>
      {box && (
        <div className={styles.waiver}>
          <input id="withdrawal-waiver" type="checkbox" checked={waived} onChange={(e) => setWaived(e.target.checked)} disabled={busy} />
          <label htmlFor="withdrawal-waiver">{box.wording}</label>
        </div>
      )}
      {box && !waived && (
        <p className="muted" role="status">
          Tick the box to check out: without it, a download bought from {countryName(country)} cannot start.
        </p>
      )}
      {demo && (
        <p className={styles.demoNote} role="note">
          This shop takes no payments yet: “Proceed to Stripe” opens a demo payment page that stands in for Stripe’s and charges nothing.
        </p>
      )}
      {!online && (
        <p className={styles.offline} role="status">
          You are offline. Payment needs a connection; your cart is saved here and you can check out as soon as you are back online.
        </p>
      )}
    </Dialog>
  );
}
