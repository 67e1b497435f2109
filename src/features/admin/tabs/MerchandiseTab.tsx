import { z } from "zod";
import type { Merchandise } from "../../../lib/catalog";
import { formatPrice } from "../../../lib/money";
import { Badge } from "../../../ui/Badge";
import { Thumb } from "../../../ui/Thumb";
import { EntityManager } from "../EntityManager";
import { PieceLetters } from "./PieceLetters";
import { optionalDecimal, optionalWhole, required } from "./rules";
import { EditDelete } from "../parts";
import styles from "../admin.module.css";
import { useShopSettings } from "../shipping/settings";

export function MerchandiseTab() {
  const { shipping } = useShopSettings();
  const classes = shipping?.value.classes ?? [];
  const fallback = classes.find((c) => c.id === shipping?.value.defaults.merchandise)?.name;
  return (
    <EntityManager<Merchandise>
      collection="merchandise"
      noun="item"
      addLabel="Add New Item"
      dialogTitle={(e) => (e ? "Edit Item" : "Add New Item")}
      defaults={{ in_stock: true }}
      aboutItem={(item) => <PieceLetters kind="merchandise" id={item.id} />}
      fields={[
        { name: "title", label: "Title", kind: "text", required: true },
        { name: "description", label: "Description", kind: "textarea" },
        { name: "price", label: "Price (USD)", kind: "decimal", help: "Leave empty for N/A." },
        { name: "primary_image", label: "Main image", kind: "image" },
        { name: "secondary_images", label: "More images", kind: "images", max: 4 },
        { name: "in_stock", label: "In stock", kind: "bool" },
        { name: "featured", label: "Featured", kind: "bool" },
        { name: "inventory_count", label: "Inventory count", kind: "optionalInteger", help: "Leave empty if you do not track it." },
        { name: "available_sizes", label: "Sizes", kind: "list" },
        { name: "available_colors", label: "Colors", kind: "list" },
        {
          name: "shipping_class",
          label: "Shipping class",
          kind: "select",
          options: [{ value: "", label: fallback ? `Default for merchandise (${fallback})` : "Default for merchandise" }, ...classes.map((c) => ({ value: c.id, label: c.name }))],
          help: "Classes and their rates are set under Shipping.",
        },
      ]}
      schema={z.object({ title: required("Title is required"), price: optionalDecimal, inventory_count: optionalWhole })}
      loadingText="Loading..."
      emptyText="No merchandise yet. Add your first item!"
      confirmText="Are you sure you want to delete this item? This will also delete all associated images."
      texts={{
        created: "Merchandise added",
        updated: "Merchandise updated",
        saveFailed: ["Error saving merchandise", "There was an error saving the merchandise. Please try again."],
        deleted: "Item deleted successfully",
        deleteFailed: ["Failed to delete item", "Please try again or check the console for errors"],
      }}
      renderList={(items, { edit, remove, deleting }) => (
        <div className={styles.cards}>
          {items.map((m) => (
            <article key={m.id} className={styles.card}>
              <Thumb owner={m} file={m.primary_image} alt="" ratio={[1, 1]} sizes="200px" initial={m.title} />
              <div className={styles.cardBody}>
                <h3>{m.title}</h3>
                <div className={styles.badges}>
                  {m.featured && <Badge tone="lantern">Featured</Badge>}
                  {m.in_stock ? <Badge tone="moss">In Stock</Badge> : <Badge tone="coral">Out of Stock</Badge>}
                </div>
                {m.description && <p className="muted clamp-3">{m.description}</p>}
                <div className={styles.badges}>
                  {(m.available_sizes ?? []).map((s) => (
                    <Badge key={s} tone="sea">{s}</Badge>
                  ))}
                  {(m.available_colors ?? []).map((c) => (
                    <Badge key={c} tone="lavender">{c}</Badge>
                  ))}
                </div>
                <p className="price">{formatPrice(m.price > 0 ? m.price : null)}</p>
                <EditDelete name={m.title} onEdit={() => edit(m)} onDelete={() => remove(m)} deleting={deleting === m.id} />
              </div>
            </article>
          ))}
        </div>
      )}
    />
  );
}
