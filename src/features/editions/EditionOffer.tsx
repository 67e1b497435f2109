import { useMemo } from "react";
import { Button } from "../../ui/Button";
import { formatPrice } from "../../lib/money";
import type { Painting } from "../../lib/catalog";
import { useCatalog } from "../../lib/sync";
import { addToCart } from "../cart";
import { editionFacts, editionLine, editionSummary, numbersLeft } from "./edition";
import styles from "./editions.module.css";

/** A painting's numbered editions in its Pricing block: what is left, the paper, and Add to Cart. */
export function EditionOffer({ painting, compact = false }: { painting: Painting; compact?: boolean }) {
  const { rows } = useCatalog("editions");
  const editions = useMemo(() => rows.filter((e) => e.painting === painting.id), [rows, painting.id]);
  return editions.map((e) => {
    const left = numbersLeft(e);
    return (
      <div key={e.id} className={styles.offer} data-edition={e.id}>
        <span className={styles.label}>Edition</span>
        <strong>{formatPrice(e.price)}</strong>
        {left > 0 ? (
          <Button size="small" onPress={() => addToCart(editionLine(e, painting))} aria-label={`${compact ? "Add" : "Add to Cart"}, numbered print of ${painting.title}`}>
            {compact ? "Add" : "Add to Cart"}
          </Button>
        ) : (
          <span className="muted">Sold out</span>
        )}
        <p className={styles.summary}>
          <span className={styles.left}>{editionSummary(e)}</span>
          {!compact && <span className="muted"> · {editionFacts(e).join(" · ")}</span>}
        </p>
      </div>
    );
  });
}
