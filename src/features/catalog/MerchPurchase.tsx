import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../ui/Button";
import { formatPrice } from "../../lib/money";
import type { Merchandise } from "../../lib/catalog";
import { addToCart } from "../cart";
import { NotifyMe } from "../wishes";
import { merchandiseLine } from "./cartItems";
import styles from "./catalog.module.css";

/** Size and colour when the item has them, the price and stock, and Add to Cart. */
export function MerchPurchase({ item }: { item: Merchandise }) {
  const id = useId();
  const sizes = item.available_sizes ?? [];
  const colors = item.available_colors ?? [];
  const [size, setSize] = useState("");
  const [color, setColor] = useState("");
  // The choice left out, marked invalid and described by the message, and given focus.
  const [problem, setProblem] = useState<{ field: "size" | "color"; text: string } | null>(null);
  const refused = useRef(false);
  useEffect(() => {
    if (!problem || !refused.current) return;
    refused.current = false;
    document.getElementById(`${id}-${problem.field}`)?.focus();
  }, [problem, id]);

  function add() {
    refused.current = true;
    if (sizes.length && !size) return setProblem({ field: "size", text: "Please select a size" });
    if (colors.length && !color) return setProblem({ field: "color", text: "Please select a color" });
    refused.current = false;
    setProblem(null);
    addToCart(merchandiseLine(item, size, color));
  }
  const problemId = `${id}-problem`;
  const buyable = item.in_stock && item.inventory_count !== 0;
  const chosen = [size, color].filter(Boolean).join(", ");

  return (
    <>
      <Choice id={`${id}-size`} label="Size" placeholder="Choose a size" options={sizes} value={size} onChange={(v) => (setSize(v), setProblem(null))} problemId={problem?.field === "size" ? problemId : undefined} />
      <Choice id={`${id}-color`} label="Color" placeholder="Choose a color" options={colors} value={color} onChange={(v) => (setColor(v), setProblem(null))} problemId={problem?.field === "color" ? problemId : undefined} />
      <p className={styles.merchPrice}>
        <span className="price">{formatPrice(item.price > 0 ? item.price : null)}</span>
        {buyable && typeof item.inventory_count === "number" && <span className="muted">{item.inventory_count} in stock</span>}
      </p>
      {problem && (
        <p role="alert" id={problemId} className="error-text">
          {problem.text}
        </p>
      )}
      <div className="card-actions">
        {buyable ? (
          <Button onPress={add} aria-label={`Add to Cart, ${item.title}`}>
            Add to Cart
          </Button>
        ) : (
          <span className="muted">Out of stock</span>
        )}
      </div>
      {!buyable && <NotifyMe item={{ kind: "merchandise", id: item.id, size, color }} what={item.title + (chosen ? `, ${chosen}` : "")} />}
    </>
  );
}

/** `problemId`: the message saying this choice is missing, when it is. */
function Choice({ id, label, placeholder, options, value, onChange, problemId }: { id: string; label: string; placeholder: string; options: string[]; value: string; onChange: (value: string) => void; problemId?: string }) {
  if (options.length === 0) return null;
  return (
    <label className={styles.select} htmlFor={id}>
      {label} *
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={problemId ? true : undefined} aria-describedby={problemId}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    </label>
  );
}
