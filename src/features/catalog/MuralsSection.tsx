import { Button } from "../../ui/Button";
import { Dialog, useDialogSelection } from "../../ui/Dialog";
import { Thumb } from "../../ui/Thumb";
import { useCatalog } from "../../lib/sync";
import { byNewest, type Mural } from "../../lib/catalog";
import { SectionState } from "./SectionState";
import styles from "./catalog.module.css";

export function MuralsSection() {
  const read = useCatalog("murals");
  const dialog = useDialogSelection<Mural>();
  const mural = dialog.selected;
  return (
    <section className="section" aria-labelledby="murals-heading">
      <div className="section-heading">
        <div>
          <p className="eyebrow">Walls that tell stories</p>
          <h2 id="murals-heading">Murals</h2>
        </div>
      </div>
      <SectionState read={read} errorText="Failed to load murals. Please try again later." emptyText="No murals available at this time">
        <div className="grid grid-4">
          {[...read.rows].sort(byNewest).map((m) => (
            <article key={m.id} className="card">
              <Thumb owner={m} file={m.image} alt={m.title} ratio={[16, 10]} />
              <div className="card-body">
                <h3>{m.title}</h3>
                <p className="muted">
                  {[m.location, m.year || ""].filter(Boolean).join(" · ")}
                </p>
                <div className="card-actions">
                  <Button variant="secondary" size="small" onPress={() => dialog.open(m)}>
                    View Details
                  </Button>
                </div>
              </div>
            </article>
          ))}
        </div>
      </SectionState>
      <Dialog
        isOpen={dialog.isOpen}
        onOpenChange={dialog.onOpenChange}
        width={860}
        title={mural?.title ?? ""}
        footer={
          <Button variant="secondary" onPress={() => dialog.onOpenChange(false)}>
            Close
          </Button>
        }
      >
        {mural && (
          <div className={styles.detail}>
            <Thumb owner={mural} file={mural.image} alt={mural.title} ratio={[16, 10]} sizes="(min-width: 900px) 820px, 100vw" className={styles.detailImage} />
            <p className="muted">{[mural.location, mural.year || ""].filter(Boolean).join(" · ")}</p>
            {mural.description && <p>{mural.description}</p>}
          </div>
        )}
      </Dialog>
    </section>
  );
}
