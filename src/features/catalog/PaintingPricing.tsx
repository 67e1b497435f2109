import { Button } from "../../ui/Button";
import { useSectionHeading } from "../../ui/headingLevel";
import { formatPrice } from "../../lib/money";
import { originalSold, paintingPrice, PAINTING_WORLDS, type Painting } from "../../lib/catalog";
import { addToCart } from "../cart";
import { EditionOffer } from "../editions";
import { NotifyMe } from "../wishes";
import { paintingLine } from "./cartItems";
import styles from "./catalog.module.css";

/** The Pricing block: a Print line and an Original line, each with Add to Cart or Price on request, then any numbered edition. */
export function PaintingPricing({ painting, compact = false }: { painting: Painting; compact?: boolean }) {
  const Heading = useSectionHeading();
  return (
    <div className={styles.pricing}>
      {!compact && <Heading>Pricing</Heading>}
      {(["print", "original"] as const).map((variant) => {
        const price = paintingPrice(painting, variant);
        const label = variant === "print" ? "Print" : "Original";
        return (
          <div key={variant} className={styles.priceLine}>
            <span>{label}</span>
            {price !== null ? (
              <>
                <strong>{formatPrice(price)}</strong>
                <Button size="small" onPress={() => addToCart(paintingLine(painting, variant))} aria-label={`${compact ? "Add" : "Add to Cart"}, ${label.toLowerCase()} of ${painting.title}`}>
                  {compact ? "Add" : "Add to Cart"}
                </Button>
              </>
            ) : (
              <span className="muted">Price on request</span>
            )}
          </div>
        );
      })}
      {!compact && originalSold(painting) && <NewOriginals painting={painting} />}
      <EditionOffer painting={painting} compact={compact} />
    </div>
  );
}

/** A sold original: the next one from its world is what a visitor can wait for. */
function NewOriginals({ painting }: { painting: Painting }) {
  const what = painting.world ? `new originals from ${PAINTING_WORLDS[painting.world]}` : "new originals";
  return <NotifyMe item={{ kind: "original", id: painting.id }} label={`Tell me about ${what}`} what={what} />;
}
