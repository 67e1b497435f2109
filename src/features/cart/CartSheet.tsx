import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Dialog } from "../../ui/Dialog";
import { Button } from "../../ui/Button";
import { formatPrice } from "../../lib/money";
import { isCodeShaped, isDownload, isOneOfAKind, itemCount, lineKey, totals } from "./cartRules";
import { clearCart, closeCart, removeFromCart, setCode, setQuantity, useCart } from "./cartStore";
import { CartReminder } from "./CartReminder";
import { CheckoutDialog } from "./CheckoutDialog";
import { PriceSummary, ShipToPicker } from "./ShippingSummary";
import { usePreview, type PreviewState } from "./shipTo";
import styles from "./Cart.module.css";

export default function CartSheet() {
  const { items, isOpen, code, sessionId } = useCart();
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
                      {isDownload(item) && <p className={styles.lineDetails}>Download · no shipping, no address needed</p>}
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
                          title={isDownload(item) ? "A download is one licence to its buyer" : isOneOfAKind(item) ? "An original is one of a kind" : undefined}
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
            <ShipToPicker downloadsOnly={items.every(isDownload)} />
            <CodeField code={code} preview={preview} />
            <PriceSummary preview={preview} subtotal={subtotal} />
            <CartReminder sessionId={sessionId} code={code} />
          </>
        )}
      </Dialog>
      <CheckoutDialog isOpen={checkingOut} onOpenChange={setCheckingOut} preview={preview} />
    </>
  );
}

/** "Have a code?": the code kept with the cart, or why the server's preview does not apply it. */
function CodeField({ code, preview }: { code: string; preview: PreviewState }) {
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState("");
  const refusal = preview.state === "priced" ? preview.price.code_error : "";

  function apply(e: FormEvent) {
    e.preventDefault();
    const typed = draft.trim();
    if (!typed) return setProblem("Type a code first.");
    if (!isCodeShaped(typed)) return setProblem("This code isn't valid");
    setProblem("");
    setDraft("");
    setCode(typed);
  }

  if (!code) {
    return (
      <form className={styles.code} onSubmit={apply} noValidate>
        <label htmlFor="cart-code">Have a code?</label>
        <div className={styles.codeRow}>
          <input
            id="cart-code"
            name="code"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "cart-code-problem" : undefined}
          />
          <Button type="submit" variant="secondary" size="small">
            Apply
          </Button>
        </div>
        {problem && (
          <p id="cart-code-problem" className={styles.codeProblem} role="alert">
            {problem}
          </p>
        )}
      </form>
    );
  }

  return (
    <div className={styles.code}>
      <p className={styles.codeApplied}>
        <span>
          Code <strong>{code}</strong>
        </span>
        <Button variant="ghost" size="small" onPress={() => setCode("")} aria-label={`Remove code ${code}`}>
          Remove
        </Button>
      </p>
      <div aria-live="polite">
        {refusal ? (
          <p className={styles.codeProblem}>{refusal}</p>
        ) : preview.state === "offline" ? (
          <p className="muted">The code is checked when you are back online, and again at checkout.</p>
        ) : null}
      </div>
    </div>
  );
}
