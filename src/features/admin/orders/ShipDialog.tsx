import { z } from "zod";
import { CheckboxField, SubmitButton, TextField, useForm } from "../../../ui/form";
import { Dialog } from "../../../ui/Dialog";
import { toast } from "../../../ui/toast";
import { submitAction } from "../../../lib/outbox";
import type { ShipmentDraft } from "../../shipping";
import { TrackingFields } from "./TrackingFields";
import { checkTrackingUrl, trackingFields } from "./trackingSchema";
import type { Order } from "./useOrders";
import styles from "./orders.module.css";

const schema = z
  .object({
    ...trackingFields,
    carrierChosen: z.boolean(),
    lines: z.array(z.number()).min(1, "Choose at least one line to ship."),
    note: z
      .string()
      .trim()
      .max(1000, "The note to the buyer has at most 1000 characters.")
      .refine((v) => !/<\s*[A-Za-z!/?]/.test(v), "The note to the buyer is plain text: please leave out HTML tags."),
  })
  .superRefine(checkTrackingUrl);

/** "Mark shipped": the lines in the parcel, its number and carrier, a note; saved through the outbox. */
export function ShipDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const left = order.items.filter((l) => l.ships && !l.shipped);
  const form = useForm(schema, { tracking_number: "", carrier: "other", tracking_url: "", carrierChosen: false, lines: left.map((l) => l.index), note: "" });

  async function save() {
    await form.submit(async (v) => {
      const draft: ShipmentDraft = { order: order.session!.id, lines: v.lines, tracking_number: v.tracking_number.trim(), carrier: v.carrier, tracking_url: v.carrier === "other" ? v.tracking_url : "", note: v.note };
      const result = await submitAction("order-shipment", draft, `Shipment: ${draft.tracking_number}`);
      if (result.state === "refused") return toast({ title: "Not marked shipped", description: result.reason, tone: "error" });
      toast(
        result.state === "queued"
          ? { title: "Saved offline", description: "The shipment is sent, with the buyer's letter, when you are back online.", tone: "info" }
          : { title: "Marked shipped", description: "The buyer has been told, with the tracking link." },
      );
      onClose();
    });
  }

  const toggle = (index: number, on: boolean) => form.set("lines", on ? [...form.values.lines, index].sort((a, b) => a - b) : form.values.lines.filter((i) => i !== index));

  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title="Mark shipped" width={560}>
      <form
        className={styles.form}
        aria-label="Mark shipped"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset className={styles.lines}>
          <legend>In this parcel</legend>
          {left.map((l) => (
            <CheckboxField key={l.index} label={`${l.line.quantity} × ${l.line.title}`} checked={form.values.lines.includes(l.index)} onChange={(on) => toggle(l.index, on)} />
          ))}
          {form.errors.lines && <p className={styles.error}>{form.errors.lines}</p>}
        </fieldset>
        <TrackingFields values={form.values} errors={form.errors} set={form.set} />
        <TextField label="Note to the buyer (optional)" multiline value={form.values.note} onChange={(v) => form.set("note", v)} error={form.errors.note} />
        <div className={styles.formActions}>
          <SubmitButton saving={form.saving}>Mark shipped</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
