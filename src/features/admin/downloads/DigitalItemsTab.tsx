import { z } from "zod";
import type { DigitalItem } from "../../../lib/catalog";
import { formatPrice } from "../../../lib/money";
import { Badge } from "../../../ui/Badge";
import { Thumb } from "../../../ui/Thumb";
import { EntityManager } from "../EntityManager";
import { hasImage, required } from "../tabs/rules";
import { EditDelete } from "../parts";
import { DigitalFiles } from "./DigitalFiles";
import admin from "../admin.module.css";

const KINDS = [
  { value: "colouring page", label: "Colouring page" },
  { value: "printable", label: "Printable" },
  { value: "e-book", label: "E-book" },
];

/** Digital items (pb_migrations: digital_items): what is sold to download, each at /downloads/<address>, with its files. */
export default function DigitalItemsTab() {
  return (
    <EntityManager<DigitalItem>
      collection="digital_items"
      noun="digital item"
      addLabel="Add Digital Item"
      dialogTitle={(e) => (e ? "Edit Digital Item" : "Add Digital Item")}
      defaults={{ available: true, kind: "e-book" }}
      aboutItem={(item) => <DigitalFiles owner="digital_item" id={item.id} />}
      fields={[
        { name: "title", label: "Title", kind: "text", required: true },
        { name: "slug", label: "Address", kind: "text", required: true, help: "Its page is /downloads/<address>: lower-case letters, digits and hyphens, e.g. lantern-of-pebblewick." },
        { name: "kind", label: "What it is", kind: "select", required: true, options: KINDS },
        { name: "price", label: "Price (USD)", kind: "decimal", required: true },
        { name: "image", label: "Picture", kind: "image", required: true },
        {
          name: "world",
          label: "Story world",
          kind: "select",
          options: [
            { value: "", label: "None" },
            { value: "pebblewick", label: "Pebblewick" },
            { value: "cryptid", label: "Hidden Cryptids Alliance" },
          ],
          help: "Shown for sale on its world's page.",
        },
        { name: "description", label: "Description", kind: "textarea" },
        { name: "available", label: "For sale", kind: "bool" },
      ]}
      schema={z.object({
        title: required("Title is required"),
        slug: z
          .string()
          .trim()
          .min(1, "The address is required")
          .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens only, e.g. lantern-of-pebblewick"),
        price: z.string().trim().refine((v) => Number(v) >= 1 && Number(v) <= 100000, "Please enter a price from 1.00 to 100000, like 8.99"),
        image: hasImage("A picture is required"),
      })}
      emptyText="No digital items yet. Add your first download!"
      confirmText="Are you sure you want to delete this digital item? Remove its files first; a file someone has bought is kept."
      texts={{
        created: "Digital item added: edit it to upload its files",
        updated: "Digital item updated",
        saveFailed: ["Error", "There was an error saving the digital item. Please try again."],
        deleted: "Digital item deleted",
        deleteFailed: ["Error", "The digital item could not be deleted. Remove its files first, then try again."],
      }}
      renderList={(items, { edit, remove, deleting }) => (
        <div className={admin.cards}>
          {items.map((d) => (
            <article key={d.id} className={admin.card}>
              <Thumb owner={d} file={d.image} alt="" ratio={[3, 4]} sizes="240px" initial={d.title} />
              <div className={admin.cardBody}>
                <h3>{d.title}</h3>
                <p className="muted">/downloads/{d.slug}</p>
                <div className={admin.badges}>
                  <Badge tone="sea">{KINDS.find((k) => k.value === d.kind)?.label ?? d.kind}</Badge>
                  {d.available ? <Badge tone="moss">For sale</Badge> : <Badge tone="coral">Not for sale</Badge>}
                </div>
                <p className="price">{formatPrice(d.price)}</p>
                <EditDelete name={d.title} onEdit={() => edit(d)} onDelete={() => remove(d)} deleting={deleting === d.id} />
              </div>
            </article>
          ))}
        </div>
      )}
    />
  );
}
