import type { ReactNode } from "react";
import { Thumb } from "../../ui/Thumb";
import type { Mural } from "../../lib/catalog";
import { paragraphs } from "./paragraphs";
import styles from "./catalog.module.css";

/** A mural's page and dialog body: the picture large, where and when, and its story. */
export function MuralDetails({ mural, sizes, priority, heading }: { mural: Mural; sizes: string; priority?: boolean; heading?: ReactNode }) {
  return (
    <div className={styles.detail}>
      <Thumb owner={mural} file={mural.image} alt={mural.title} ratio={[16, 10]} sizes={sizes} priority={priority} className={styles.detailImage} />
      {heading}
      <p className="muted">{[mural.location, mural.year || ""].filter(Boolean).join(" · ")}</p>
      {paragraphs(mural.description).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
