import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { pb } from "../../lib/pocketbase";
import { Button, LinkButton } from "../../ui/Button";
import { openCart } from "../cart";
import styles from "./checkout.module.css";

export function CanceledPage() {
  const navigate = useNavigate();
  const checkout = useSearchParams()[0].get("checkout");
  // Back from Stripe without paying: release the originals and stock the checkout was holding.
  useEffect(() => {
    if (checkout) void pb.send(`/api/studio/checkout/${encodeURIComponent(checkout)}/cancel`, { method: "POST" }).catch(() => undefined);
  }, [checkout]);
  return (
    <div className={`container section ${styles.result}`}>
      <h1>Payment canceled</h1>
      <p className="muted">No payment was taken. Your cart is just as you left it.</p>
      <div className={styles.actions}>
        <Button
          onPress={() => {
            openCart();
            navigate("/");
          }}
        >
          Return to Cart
        </Button>
        <LinkButton variant="secondary" href="/">
          Return to Home
        </LinkButton>
      </div>
    </div>
  );
}
