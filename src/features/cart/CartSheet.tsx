import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { Dialog } from "../../ui/Dialog";
import { Button } from "../../ui/Button";
import { formatPrice } from "../../lib/money";
import { isOneOfAKind, itemCount, lineKey, totals } from "./cartRules";
import { clearCart, closeCart, removeFromCart, setQuantity, useCart } from "./cartStore";
import { CheckoutDialog } from "./CheckoutDialog";
import { PriceSummary, ShipToPicker } from "./ShippingSummary";
import { usePreview } from "./shipTo";
import styles from "./Cart.module.css";

export default function CartSheet() {
  const { items, isOpen, sessionId } = useCart();
  const [checkingOut, setCheckingOut] = useState(false);
  const navigate = useNavigate();
  const { subtotal } = totals(items);
  const preview = usePreview(items, sessionId, isOpen || checkingOut);

  return (
    <>
      <Dialog
        kind="sheet"
        isOpen={isOpen}
        onOpenChange={(open) => useCart.setState({ isOpen: open })}
        title={`Shopping Cart (${itemCount(items)})`}
        footer={
          items.length > 0 && (
            <>
              <Button variant="ghost" onPress={() => clearCart()}>
                Clear Cart
              </Button>
              <Button variant="accent" onPress={() => setCheckingOut(true)} isDisabled={preview.state === "refused"}>
                Checkout
              </Button>
            </>
          )
        }
      >
        {items.length === 0 ? (
          <div className={styles.empty}>
            <p>Your cart is empty</p>
            <Button
              variant="secondary"
              onPress={() => {
                closeCart();
                navigate("/gallery");
              }}
            >
              Continue Shopping
            </Button>
          </div>
        ) : (
          <>
            <ul className={styles.lines}>
              {items.map((item) => {
                const key = lineKey(item);
                const details = [item.size, item.color].filter(Boolean).join(" · ");
                return (
                  <li key={key} className={styles.line}>
                    {item.image_url ? (
                      <img src={item.image_url} alt="" width={72} height={72} className={styles.lineImage} loading="lazy" />
                    ) : (
                      <span className={styles.lineImage} aria-hidden="true" />
                    )}
                    <div className={styles.lineInfo}>
                      <p className={styles.lineTitle}>{item.title}</p>
                      {details && <p className={styles.lineDetails}>{details}</p>}
                      <p className={styles.linePrice}>{formatPrice(item.price)}</p>
                      <div className={styles.quantity} role="group" aria-label={`Quantity of ${item.title}`}>
                        <button type="button" onClick={() => setQuantity(key, item.quantity - 1)} aria-label={`One fewer ${item.title}`}>
                          −
                        </button>
                        <span aria-live="polite">{item.quantity}</span>
                        <button
                          type="button"
                          onClick={() => setQuantity(key, item.quantity + 1)}
                          aria-label={`One more ${item.title}`}
                          disabled={isOneOfAKind(item)}
                          title={isOneOfAKind(item) ? "An original is one of a kind" : undefined}
                        >
                          +
                        </button>
                        <button type="button" className={styles.remove} onClick={() => removeFromCart(key)} aria-label={`Remove ${item.title}`}>
                          Remove
                        </button>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
            <ShipToPicker />
            <PriceSummary preview={preview} subtotal={subtotal} />
          </>
        )}
      </Dialog>
      <CheckoutDialog isOpen={checkingOut} onOpenChange={setCheckingOut} preview={preview} />
    </>
  );
}
