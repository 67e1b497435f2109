import type { ReactNode } from "react";
import { Thumb } from "../../ui/Thumb";
import type { Painting } from "../../lib/catalog";
import { PaintingPricing } from "./PaintingPricing";
import { TagBadge } from "./TagBadge";
import { paragraphs } from "./paragraphs";
import styles from "./catalog.module.css";

/** A painting's page and dialog body: the picture, the page's heading if any, tags, its story and the Pricing block. */
export function PaintingDetails({ painting, sizes, priority, heading }: { painting: Painting; sizes: string; priority?: boolean; heading?: ReactNode }) {
  return (
    <div className={styles.detail}>
      <Thumb owner={painting} file={painting.image} alt={painting.title} sizes={sizes} priority={priority} className={styles.detailImage} />
      {heading}
      <div className={styles.tags}>
        {(painting.tags ?? []).map((t) => (
          <TagBadge key={t} tag={t} />
        ))}
      </div>
      {paragraphs(painting.description).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      <PaintingPricing painting={painting} />
    </div>
  );
}
