import { lazy, Suspense, useState } from "react";
import { useDialogSelection } from "../../ui/useDialogSelection";
import { useCatalog } from "../../lib/sync";
import { byNewest, type Painting } from "../../lib/catalog";
import { ArtworkCard } from "./ArtworkCard";
import { SectionState } from "./SectionState";
import { CardGridSkeleton } from "../../ui/Skeleton";
import styles from "./catalog.module.css";

const ALL = "All Tags";
// The dialog's code loads when a painting is first opened, not with the page.
const PaintingDialog = lazy(() => import("./PaintingDialog"));

export function ArtworkSection() {
  const read = useCatalog("paintings");
  const [tag, setTag] = useState(ALL);
  const dialog = useDialogSelection<Painting>();
  const paintings = [...read.rows].sort(byNewest);
  const tags = [...new Set(paintings.flatMap((p) => p.tags ?? []))].sort();
  const shown = tag === ALL ? paintings : paintings.filter((p) => (p.tags ?? []).includes(tag));

  return (
    <section className="section" aria-labelledby="artwork-heading">
      <div className="section-heading">
        <div>
          <p className="eyebrow">Originals and prints</p>
          <h2 id="artwork-heading">Artwork</h2>
        </div>
      </div>
      <SectionState read={read} errorText="Failed to load artwork. Please try again later." emptyText="No artwork available at the moment"
        skeleton={
          <>
            <div className={`${styles.filters} ${styles.filtersPending}`} />
            <CardGridSkeleton count={4} ratio={[4, 3]} lines={2} />
          </>
        }
      >
        <div className={styles.filters} role="group" aria-label="Filter artwork by tag">
          {[ALL, ...tags].map((t) => (
            <button key={t} type="button" aria-pressed={tag === t} className={styles.filter} onClick={() => setTag(t)}>
              {t}
            </button>
          ))}
        </div>
        {shown.length === 0 ? (
          <p className="empty-state">No artwork matches the selected tag</p>
        ) : (
          <div className="grid grid-4">
            {shown.map((p) => (
              <ArtworkCard key={p.id} painting={p} onDetails={dialog.open} />
            ))}
          </div>
        )}
      </SectionState>
      {dialog.selected && (
        <Suspense fallback={null}>
          <PaintingDialog painting={dialog.selected} isOpen={dialog.isOpen} onOpenChange={dialog.onOpenChange} />
        </Suspense>
      )}
    </section>
  );
}
