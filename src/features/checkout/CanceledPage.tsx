import { useNavigate } from "react-router-dom";
import { Button, LinkButton } from "../../ui/Button";
import { openCart } from "../cart";
import styles from "./checkout.module.css";

export function CanceledPage() {
  const navigate = useNavigate();
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
