import { useState } from "react";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { useOnline } from "../../lib/pwa";
import { dueOn, startPayment, type Quote } from "./money";

/**
 * "Pay deposit $120.00" / "Pay balance $120.00": the payment page is made on the server when
 * pressed, priced from the quote. Paying needs the network, and says so when it is missing.
 */
export function PayButton({ quote, size }: { quote: Quote; size?: "small" }) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const due = dueOn(quote);
  if (!due) return null;

  async function pay() {
    setBusy(true);
    try {
      const { url } = await startPayment(quote.id);
      window.location.assign(url);
    } catch (err) {
      setBusy(false);
      toast({ title: "Payment could not start", description: err instanceof Error ? err.message : "Please try again.", tone: "error" });
    }
  }

  return (
    <span>
      <Button size={size} onPress={() => void pay()} isDisabled={!online || busy}>
        {busy ? "Opening payment…" : due.label}
      </Button>
      {!online && <span className="muted"> Paying needs a connection.</span>}
    </span>
  );
}
