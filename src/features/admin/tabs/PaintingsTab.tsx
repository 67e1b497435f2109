import { z } from "zod";
import type { Painting } from "../../../lib/catalog";
import { pb } from "../../../lib/pocketbase";
import { toast } from "../../../ui/toast";
import { Badge } from "../../../ui/Badge";
import { Thumb } from "../../../ui/Thumb";
import { useLiveList } from "../../../lib/useLiveList";
import { EntityManager } from "../EntityManager";
import { PieceLetters, WORLD_FIELD } from "./PieceLetters";
import type { TagPricesValue, ImageValue } from "../formValues";
import { AdminTable, EditDelete } from "../parts";
import styles from "../admin.module.css";

const PRICED = ["Print - For Sale", "Original - For Sale"];

async function toggleFeatured(p: Painting) {
  try {
    await pb.collection("paintings").update(p.id, { featured: !p.featured });
  } catch (err) {
    const message = err instanceof Error ? err.message : "";
    if (message.includes("up to 4")) toast({ title: "Limit Reached", description: "You can only feature up to 4 paintings on the homepage.", tone: "error" });
    else toast({ title: "Failed to update featured status", description: message, tone: "error" });
  }
}

export function PaintingsTab() {
  const tags = useLiveList<{ id: string; name: string } & import("pocketbase").RecordModel>("tags", "", "name").items ?? [];
  return (
    <EntityManager<Painting>
      collection="paintings"
      noun="painting"
      addLabel="Add Painting"
      dialogTitle={(e) => (e ? "Edit Painting" : "Add Painting")}
      tagNames={tags.map((t) => t.name)}
      aboutItem={(item) => <PieceLetters kind="painting" id={item.id} />}
      fields={[
        { name: "title", label: "Title", kind: "text", required: true },
        { name: "description", label: "Description", kind: "textarea" },
        { name: "image", label: "Image", kind: "image", required: true },
        { name: "tagPrices", label: "Tags", kind: "tagPrices" },
        WORLD_FIELD,
        { name: "featured", label: "Featured on the home page", kind: "bool" },
      ]}
      schema={z.object({})}
      check={(v) => {
        const tp = v.tagPrices as TagPricesValue;
        const img = v.image as ImageValue;
        if (!String(v.title).trim() || !(img.file || img.existing) || tp.tags.length === 0) {
          return { title: "Missing fields", description: "Please fill all required fields and select at least one tag." };
        }
        const missing = tp.tags.filter((t) => PRICED.includes(t) && !(Number(tp.prices[t]) > 0));
        return missing.length ? { title: "Missing prices", description: `Please provide prices for: ${missing.join(", ")}`, field: "tagPrices" } : null;
      }}
      emptyText="No paintings yet. Add your first painting!"
      confirmText="Are you sure you want to delete this painting?"
      texts={{
        created: "Painting added",
        updated: "Painting updated",
        saveFailed: ["Error", "Failed to save painting. Please try again."],
        deleted: "Painting deleted",
        deleteFailed: ["Error", "Failed to delete painting"],
      }}
      renderList={(items, { edit, remove, deleting }) => (
        <AdminTable headers={["Image", "Title", "Tags", "Featured", "Actions"]}>
              {items.map((p) => (
                <tr key={p.id}>
                  <td className={styles.thumbCell}>
                    <Thumb owner={p} file={p.image} alt="" ratio={[1, 1]} sizes="64px" />
                  </td>
                  <td>{p.title}</td>
                  <td>
                    <div className={styles.badges}>
                      {(p.tags ?? []).map((t) => (
                        <Badge key={t}>{t}</Badge>
                      ))}
                    </div>
                  </td>
                  <td>
                    <label className={styles.switch}>
                      <input type="checkbox" role="switch" checked={p.featured} onChange={() => void toggleFeatured(p)} aria-label={`Feature ${p.title} on the home page`} />
                      <span>{p.featured ? "Featured" : "—"}</span>
                    </label>
                  </td>
                  <td>
                    <EditDelete name={p.title} onEdit={() => edit(p)} onDelete={() => remove(p)} deleting={deleting === p.id} />
                  </td>
                </tr>
              ))}
            </AdminTable>
      )}
    />
  );
}
