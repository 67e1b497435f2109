import { memo } from "react";
import { Button } from "../../ui/Button";
import { Thumb } from "../../ui/Thumb";
import type { Painting } from "../../lib/catalog";
import { PaintingPricing } from "./PaintingPricing";
import { TagBadge } from "./TagBadge";
import styles from "./catalog.module.css";

// Memoized: a page change or a new tag re-renders only the cards that changed.
export const ArtworkCard = memo(function ArtworkCard({ painting, onDetails, priority }: { painting: Painting; onDetails: (p: Painting) => void; priority?: boolean }) {
  return (
    <article className="card">
      <Thumb owner={painting} file={painting.image} alt={painting.title} priority={priority} />
      <div className="card-body">
        <h3>{painting.title}</h3>
        <div className={styles.tags}>
          {(painting.tags ?? []).map((t) => (
            <TagBadge key={t} tag={t} />
          ))}
        </div>
        <PaintingPricing painting={painting} compact />
        <div className="card-actions">
          <Button variant="secondary" size="small" onPress={() => onDetails(painting)}>
            View Details
          </Button>
        </div>
      </div>
    </article>
  );
});
