import { memo } from "react";
import { LinkButton } from "../../ui/Button";
import { overListState, pieceAddress } from "../../lib/addresses";
import { Thumb } from "../../ui/Thumb";
import type { Painting } from "../../lib/catalog";
import { PaintingPricing } from "./PaintingPricing";
import { TagBadge } from "./TagBadge";
import styles from "./catalog.module.css";

// Memoized: a page change or a new tag re-renders only the cards that changed.
export const ArtworkCard = memo(function ArtworkCard({ painting, priority }: { painting: Painting; priority?: boolean }) {
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
          <LinkButton variant="secondary" size="small" href={pieceAddress("gallery", painting)} state={overListState()} aria-label={`View Details, ${painting.title}`}>
            View Details
          </LinkButton>
        </div>
      </div>
    </article>
  );
});
