import { Dialog } from "../../ui/Dialog";
import { Button } from "../../ui/Button";
import { Thumb } from "../../ui/Thumb";
import type { Painting } from "../../lib/catalog";
import { PaintingPricing } from "./PaintingPricing";
import { TagBadge } from "./TagBadge";
import styles from "./catalog.module.css";

export default function PaintingDialog({ painting, isOpen, onOpenChange }: { painting: Painting | null; isOpen: boolean; onOpenChange: (o: boolean) => void }) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      width={760}
      title={painting?.title ?? ""}
      footer={
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      {painting && (
        <div className={styles.detail}>
          <div className={styles.tags}>
            {(painting.tags ?? []).map((t) => (
              <TagBadge key={t} tag={t} />
            ))}
          </div>
          <Thumb owner={painting} file={painting.image} alt={painting.title} sizes="(min-width: 800px) 720px, 100vw" className={styles.detailImage} />
          {painting.description && <p>{painting.description}</p>}
          <PaintingPricing painting={painting} />
        </div>
      )}
    </Dialog>
  );
}
