import { useId, useState } from "react";
import { Button } from "../../ui/Button";
import { formatPrice } from "../../lib/money";
import type { Merchandise } from "../../lib/catalog";
import { addToCart } from "../cart";
import { merchandiseLine } from "./cartItems";
import styles from "./catalog.module.css";

/** Size and colour when the item has them, the price and stock, and Add to Cart. */
export function MerchPurchase({ item }: { item: Merchandise }) {
  const id = useId();
  const sizes = item.available_sizes ?? [];
  const colors = item.available_colors ?? [];
  const [size, setSize] = useState("");
  const [color, setColor] = useState("");
  const [problem, setProblem] = useState("");

  function add() {
    if (sizes.length && !size) return setProblem("Please select a size");
    if (colors.length && !color) return setProblem("Please select a color");
    setProblem("");
    addToCart(merchandiseLine(item, size, color));
  }

  return (
    <>
      {sizes.length > 0 && (
        <label className={styles.select} htmlFor={`${id}-size`}>
          Size *
          <select id={`${id}-size`} value={size} onChange={(e) => (setSize(e.target.value), setProblem(""))}>
            <option value="">Choose a size</option>
            {sizes.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
      )}
      {colors.length > 0 && (
        <label className={styles.select} htmlFor={`${id}-color`}>
          Color *
          <select id={`${id}-color`} value={color} onChange={(e) => (setColor(e.target.value), setProblem(""))}>
            <option value="">Choose a color</option>
            {colors.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
      )}
      <p className={styles.merchPrice}>
        <span className="price">{formatPrice(item.price > 0 ? item.price : null)}</span>
        {typeof item.inventory_count === "number" && <span className="muted">{item.inventory_count} in stock</span>}
      </p>
      {problem && (
        <p role="alert" className="error-text">
          {problem}
        </p>
      )}
      <div className="card-actions">
        {item.in_stock ? (
          <Button onPress={add} aria-label={`Add to Cart, ${item.title}`}>
            Add to Cart
          </Button>
        ) : (
          <span className="muted">Out of stock</span>
        )}
      </div>
    </>
  );
}
