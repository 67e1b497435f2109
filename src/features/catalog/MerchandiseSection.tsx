import { useId, useMemo, useState } from "react";
import { Button } from "../../ui/Button";
import { Thumb } from "../../ui/Thumb";
import { useCatalog } from "../../lib/sync";
import { formatPrice } from "../../lib/money";
import { byNewest, type Merchandise } from "../../lib/catalog";
import { addToCart } from "../cart";
import { merchandiseLine } from "./cartItems";
import { SectionState } from "./SectionState";
import { CardGridSkeleton } from "../../ui/Skeleton";
import { useRevealOnScroll } from "../../ui/useRevealOnScroll";
import styles from "./catalog.module.css";

export const MERCH_STORE_URL = "https://shop.example/lanternwood";
// Cards rendered at first and added per step as the list nears the screen (whole rows of 1 to 4).
const STEP = 12;

function MerchCard({ item }: { item: Merchandise }) {
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
    <article className="card">
      <Thumb owner={item} file={item.primary_image} alt={item.title} ratio={[1, 1]} />
      <div className="card-body">
        <h3>{item.title}</h3>
        {item.description && <p className="muted clamp-3">{item.description}</p>}
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
          <Button onPress={add} aria-label={`Add to Cart, ${item.title}`}>
            Add to Cart
          </Button>
        </div>
      </div>
    </article>
  );
}

export function MerchandiseSection() {
  const read = useCatalog("merchandise");
  const inStock = useMemo(() => read.rows.filter((m) => m.in_stock).sort(byNewest), [read.rows]);
  const { count, marker } = useRevealOnScroll(inStock.length, STEP);
  return (
    <section className="section" aria-labelledby="merch-heading">
      <div className="section-heading">
        <div>
          <p className="eyebrow">Wear the stories</p>
          <h2 id="merch-heading">Merchandise</h2>
        </div>
      </div>
      <a className={styles.banner} href={MERCH_STORE_URL} target="_blank" rel="noopener noreferrer">
        <strong>More prints, mugs and apparel</strong>
        <span>Visit our print-on-demand store ↗</span>
      </a>
      <SectionState read={{ ...read, rows: inStock }} errorText="Failed to load merchandise. Please try again later." emptyText="No merchandise available at the moment" skeleton={<CardGridSkeleton count={4} ratio={[1, 1]} lines={2} />}>
        <div className="grid grid-4">
          {inStock.slice(0, count).map((m) => (
            <MerchCard key={m.id} item={m} />
          ))}
        </div>
        {marker}
      </SectionState>
    </section>
  );
}
