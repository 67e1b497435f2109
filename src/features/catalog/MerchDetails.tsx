import type { ReactNode } from "react";
import { Thumb } from "../../ui/Thumb";
import type { Merchandise } from "../../lib/catalog";
import { MerchPurchase } from "./MerchPurchase";
import { paragraphs } from "./paragraphs";
import styles from "./catalog.module.css";

/** A merchandise item's page and dialog body: its picture, what it is, and the purchase form. */
export function MerchDetails({ item, sizes, priority, heading }: { item: Merchandise; sizes: string; priority?: boolean; heading?: ReactNode }) {
  return (
    <div className={styles.detail}>
      <Thumb owner={item} file={item.primary_image} alt={item.title} ratio={[1, 1]} sizes={sizes} priority={priority} className={styles.detailImage} />
      {heading}
      {paragraphs(item.description).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      <div className={styles.merchForm}>
        <MerchPurchase item={item} />
      </div>
    </div>
  );
}
