import { useMemo } from "react";
import { z } from "zod";
import type { Edition, Painting } from "../../../lib/catalog";
import { formatDay } from "../../../lib/dates";
import { formatPrice } from "../../../lib/money";
import { useLiveList } from "../../../lib/useLiveList";
import { EntityManager } from "../EntityManager";
import { AdminTable, EditDelete } from "../parts";
import { required } from "./rules";

const whole = (min: number, message: string) => z.string().trim().refine((v) => /^\d+$/.test(v) && Number(v) >= min, message);

/**
 * Numbered editions of a painting's print. The server keeps how many numbers are given and refuses
 * an edition smaller than that, or the deletion of one that has sold (pb_hooks/lib/orders/edition-ledger.js).
 */
export function EditionsTab() {
  const { items: paintings } = useLiveList<Painting>("paintings", "", "title");
  const titles = useMemo(() => new Map((paintings ?? []).map((p) => [p.id, p.title])), [paintings]);
  const options = useMemo(() => (paintings ?? []).map((p) => ({ value: p.id, label: p.title })), [paintings]);
  return (
    <EntityManager<Edition>
      collection="editions"
      noun="edition"
      addLabel="Add New Edition"
      dialogTitle={(e) => (e ? "Edit Edition" : "Add New Edition")}
      fields={[
        { name: "painting", label: "Painting", kind: "select", options, required: true },
        { name: "size", label: "Edition size (numbered prints)", kind: "integer", required: true, help: "Numbers are given in order as prints are paid for; the size cannot go below the numbers already given." },
        { name: "artist_proofs", label: "Artist's proofs", kind: "integer" },
        { name: "paper", label: "Paper", kind: "text", required: true, help: "As the certificate says it, e.g. 300 g cotton rag" },
        { name: "dimensions", label: "Dimensions", kind: "text", help: "e.g. 30 × 40 cm" },
        { name: "price", label: "Price ($)", kind: "decimal", required: true },
        { name: "print_date", label: "Print date", kind: "date", help: "The certificate and the ledger page show its month and year." },
      ]}
      schema={z.object({
        painting: required("Choose the painting this is a print of"),
        size: whole(1, "The edition needs at least 1 numbered print"),
        artist_proofs: z.string().trim().refine((v) => v === "" || /^\d+$/.test(v), "Please enter a whole number"),
        paper: required("Name the paper: the certificate shows it"),
        price: z.string().trim().refine((v) => Number(v) >= 1, "Please enter a price of at least $1"),
        print_date: z.string().refine((v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && formatDay(v) !== ""), "Please choose a valid date, or leave it empty"),
      })}
      loadingText="Loading editions..."
      emptyText="No editions yet. Add one to sell a painting's print in numbered copies."
      confirmText="Are you sure you want to delete this edition? An edition that has sold a number is kept with its ledger."
      texts={{
        created: "Edition created successfully",
        updated: "Edition updated successfully",
        saveFailed: ["Error", "Failed to save edition"],
        deleted: "Edition deleted successfully",
        deleteFailed: ["Error", "Failed to delete edition: an edition that has sold a number is kept"],
      }}
      renderList={(items, { edit, remove, deleting }) => (
        <AdminTable headers={["Painting", "Numbers", "Paper", "Printed", "Price", "Actions"]}>
          {items.map((e) => {
            const title = titles.get(e.painting) ?? "A painting";
            return (
              <tr key={e.id}>
                <td>{title}</td>
                <td>
                  {e.issued} of {e.size} given
                </td>
                <td>{[e.paper, e.dimensions].filter(Boolean).join(", ")}</td>
                <td>{formatDay(e.print_date) || "—"}</td>
                <td>{formatPrice(e.price)}</td>
                <td>
                  <EditDelete name={`the edition of ${title}`} onEdit={() => edit(e)} onDelete={() => remove(e)} deleting={deleting === e.id} />
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
    />
  );
}
