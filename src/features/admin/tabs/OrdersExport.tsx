import { z } from "zod";
import { pb } from "../../../lib/pocketbase";
import { toast } from "../../../ui/toast";
import { SubmitButton, TextField, useForm } from "../../../ui/form";
import styles from "../admin.module.css";

const day = (which: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `Please choose the ${which} day of the range.`);
const schema = z.object({ from: day("first"), to: day("last") }).refine((v) => v.to >= v.from, { path: ["to"], message: "The last day must be the same as the first day or after it." });

const today = () => new Date().toISOString().slice(0, 10);

/** The orders of a range of days as a CSV file for the books (pb_hooks/lib/orders/order-export.js). */
export function OrdersExport() {
  const form = useForm(schema, { from: today().slice(0, 8) + "01", to: today() });
  const download = () =>
    form.submit(async (range) => {
      const res = await fetch(pb.buildURL("/api/studio/orders.csv") + "?" + new URLSearchParams(range), { headers: { Authorization: pb.authStore.token } });
      if (!res.ok) {
        const message: string = (await res.json().catch(() => null))?.message ?? "The export could not be made. Please try again.";
        if (/first day/.test(message)) form.fail({ from: message });
        else if (/last day|days at a time|fewer days/.test(message)) form.fail({ to: message });
        else toast({ title: "Export failed", description: message, tone: "error" });
        return;
      }
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await res.blob());
      link.download = `orders-${range.from}-to-${range.to}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    });
  return (
    <form
      className={styles.exportForm}
      aria-labelledby="orders-export-heading"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void download();
      }}
    >
      <h2 id="orders-export-heading">Export for the books</h2>
      <p className="muted">The orders paid on these days (UTC), both days included, as a CSV file for a spreadsheet.</p>
      <TextField label="From" type="date" isRequired value={form.values.from} onChange={(v) => form.set("from", v)} error={form.errors.from} />
      <TextField label="To" type="date" isRequired value={form.values.to} onChange={(v) => form.set("to", v)} error={form.errors.to} />
      <SubmitButton saving={form.saving} savingText="Preparing...">
        Download CSV
      </SubmitButton>
    </form>
  );
}
