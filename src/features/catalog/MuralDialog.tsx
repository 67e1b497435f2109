import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Thumb } from "../../ui/Thumb";
import type { Mural } from "../../lib/catalog";
import styles from "./catalog.module.css";

/** A mural's details: the picture large, where and when, and its story. */
export default function MuralDialog({ mural, isOpen, onOpenChange }: { mural: Mural; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      width={860}
      title={mural.title}
      footer={
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      <div className={styles.detail}>
        <Thumb owner={mural} file={mural.image} alt={mural.title} ratio={[16, 10]} sizes="(min-width: 900px) 820px, 100vw" className={styles.detailImage} />
        <p className="muted">{[mural.location, mural.year || ""].filter(Boolean).join(" · ")}</p>
        {mural.description && <p>{mural.description}</p>}
      </div>
    </Dialog>
  );
}
