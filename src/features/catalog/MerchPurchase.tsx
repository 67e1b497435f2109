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
      <Choice id={`${id}-size`} label="Size" placeholder="Choose a size" options={sizes} value={size} onChange={(v) => (setSize(v), setProblem(""))} />
      <Choice id={`${id}-color`} label="Color" placeholder="Choose a color" options={colors} value={color} onChange={(v) => (setColor(v), setProblem(""))} />
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

function Choice({ id, label, placeholder, options, value, onChange }: { id: string; label: string; placeholder: string; options: string[]; value: string; onChange: (value: string) => void }) {
  if (options.length === 0) return null;
  return (
    <label className={styles.select} htmlFor={id}>
      {label} *
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    </label>
  );
}
