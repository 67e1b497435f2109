import { itemCount } from "./cartRules";
import { useCart } from "./cartStore";
import styles from "./Cart.module.css";

export function CartButton() {
  const count = useCart((s) => itemCount(s.items));
  return (
    <button
      type="button"
      className={styles.cartButton}
      onClick={() => useCart.setState({ isOpen: true })}
      aria-label={`Open cart, ${count} ${count === 1 ? "item" : "items"}`}
    >
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d="M5 7h14l-1.2 10.2a2 2 0 0 1-2 1.8H8.2a2 2 0 0 1-2-1.8L5 7Z" />
        <path d="M9 7V6a3 3 0 0 1 6 0v1" />
      </svg>
      {count > 0 && <span className={styles.count}>{count}</span>}
    </button>
  );
}
