import { z } from "zod";
import type { Mural } from "../../../lib/catalog";
import { Thumb } from "../../../ui/Thumb";
import { EntityManager } from "../EntityManager";
import { PieceLetters, WORLD_FIELD } from "./PieceLetters";
import { hasImage, optionalWhole, required } from "./rules";
import { EditDelete } from "../parts";
import styles from "../admin.module.css";

export function MuralsTab() {
  return (
    <EntityManager<Mural>
      collection="murals"
      noun="mural"
      addLabel="Add New Mural"
      dialogTitle={(e) => (e ? "Edit Mural" : "Add New Mural")}
      aboutItem={(item) => <PieceLetters kind="mural" id={item.id} />}
      fields={[
        { name: "title", label: "Title", kind: "text", required: true },
        { name: "image", label: "Image", kind: "image", required: true },
        { name: "description", label: "Description", kind: "textarea" },
        { name: "location", label: "Location", kind: "text" },
        { name: "year", label: "Year", kind: "integer" },
        WORLD_FIELD,
      ]}
      schema={z.object({ title: required("Title is required"), image: hasImage("Image is required"), year: optionalWhole })}
      loadingText="Loading murals..."
      emptyText="No murals found. Add your first mural!"
      confirmText="Are you sure you want to delete this mural?"
      texts={{
        created: "Mural created successfully",
        updated: "Mural updated successfully",
        saveFailed: ["Error", "Failed to save mural. Please try again."],
        deleted: "Mural deleted successfully",
        deleteFailed: ["Error", "Failed to delete mural"],
      }}
      renderList={(items, { edit, remove, deleting }) => (
        <div className={styles.cards}>
          {items.map((m) => (
            <article key={m.id} className={styles.card}>
              <Thumb owner={m} file={m.image} alt="" ratio={[16, 10]} sizes="300px" />
              <div className={styles.cardBody}>
                <h3>{m.title}</h3>
                <p className="muted">{[m.location, m.year || ""].filter(Boolean).join(" · ")}</p>
                <EditDelete name={m.title} onEdit={() => edit(m)} onDelete={() => remove(m)} deleting={deleting === m.id} />
              </div>
            </article>
          ))}
        </div>
      )}
    />
  );
}
