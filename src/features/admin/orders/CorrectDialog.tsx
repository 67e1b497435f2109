import { z } from "zod";
import { SubmitButton, useForm } from "../../../ui/form";
import { Dialog } from "../../../ui/Dialog";
import { toast } from "../../../ui/toast";
import { submitAction } from "../../../lib/outbox";
import type { Shipment, TrackingFix } from "../../shipping";
import { TrackingFields } from "./TrackingFields";
import { checkTrackingUrl, trackingFields } from "./trackingSchema";
import styles from "./orders.module.css";

const schema = z.object({ ...trackingFields, carrierChosen: z.boolean() }).superRefine(checkTrackingUrl);

/** "Correct number": the buyer gets a short letter with the right one. */
export function CorrectDialog({ shipment, onClose }: { shipment: Shipment; onClose: () => void }) {
  const form = useForm(schema, { tracking_number: shipment.tracking_number, carrier: shipment.carrier, tracking_url: shipment.carrier === "other" ? shipment.tracking_url : "", carrierChosen: false });

  async function save() {
    await form.submit(async (v) => {
      const fix: TrackingFix = { shipment: shipment.id, tracking_number: v.tracking_number.trim(), carrier: v.carrier, tracking_url: v.carrier === "other" ? v.tracking_url : "" };
      const result = await submitAction("shipment-tracking", fix, `Tracking number: ${fix.tracking_number}`);
      if (result.state === "refused") return toast({ title: "Not corrected", description: result.reason, tone: "error" });
      toast(result.state === "queued" ? { title: "Saved offline", description: "The correction is sent when you are back online.", tone: "info" } : { title: "Tracking number corrected", description: "The buyer has been told." });
      onClose();
    });
  }

  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title="Correct the tracking number" width={520}>
      <form
        className={styles.form}
        aria-label="Correct the tracking number"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TrackingFields values={form.values} errors={form.errors} set={form.set} />
        <div className={styles.formActions}>
          <SubmitButton saving={form.saving}>Save the number</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
