import { z } from "zod";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { SubmitButton, TextField, useForm } from "../../../ui/form";
import { AMOUNT_HINT, saveSetting, toCents, type Shipping, type ShippingClass } from "./settings";
import styles from "../admin.module.css";

const schema = z.object({
  name: z.string().trim().min(1, "Give the class a name.").max(60, "At most 60 characters."),
  tax_code: z.string().trim().regex(/^(txcd_\d{8})?$/, "A Stripe tax code looks like txcd_99999999; leave it empty for the general code."),
  first: z.string().refine((v) => toCents(v) !== null, AMOUNT_HINT),
});

/**
 * A shipping class: its name and Stripe tax code. A new class starts in every zone at the
 * first-item amount given (each additional free), so the shipping settings stay whole.
 */
export function ClassDialog({ settingId, shipping, shippingClass, onClose }: { settingId: string; shipping: Shipping; shippingClass: ShippingClass | null; onClose: () => void }) {
  const form = useForm(schema, { name: shippingClass?.name ?? "", tax_code: shippingClass?.tax_code ?? "", first: "4.95" });

  async function save() {
    await form.submit(async (v) => {
      const id = shippingClass?.id ?? v.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
      if (!shippingClass && shipping.classes.some((c) => c.id === id)) {
        form.fail({ name: `There is already a class called "${v.name}".` });
        return;
      }
      const next = { id, name: v.name, tax_code: v.tax_code };
      const first = toCents(v.first)!;
      const value: Shipping = shippingClass
        ? { ...shipping, classes: shipping.classes.map((c) => (c === shippingClass ? next : c)) }
        : { ...shipping, classes: [...shipping.classes, next], zones: shipping.zones.map((z) => ({ ...z, rates: { ...z.rates, [id]: { first_cents: first, additional_cents: 0, min_days: null, max_days: null } } })) };
      if (await saveSetting(settingId, value, { done: shippingClass ? "Class updated" : "Class added", failed: "The class was not saved" })) onClose();
    });
  }

  return (
    <Dialog isOpen onOpenChange={(o) => !o && !form.saving && onClose()} title={shippingClass ? `Edit ${shippingClass.name}` : "Add a shipping class"} width={520} isDismissable={!form.saving}>
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField label="Name" value={form.values.name} onChange={(v) => form.set("name", v)} error={form.errors.name} isRequired description="For example: rolled print in a tube, clothing." />
        <TextField label="Stripe tax code (optional)" value={form.values.tax_code} onChange={(v) => form.set("tax_code", v)} error={form.errors.tax_code} description="Used with STUDIO_TAX=stripe. Empty: txcd_99999999, general tangible goods." />
        {!shippingClass && (
          <TextField label="First-item rate in every zone (USD)" inputMode="decimal" value={form.values.first} onChange={(v) => form.set("first", v)} error={form.errors.first} description="Each zone's rate can be changed afterwards." />
        )}
        <div className={styles.formActions}>
          <Button variant="ghost" onPress={onClose} isDisabled={form.saving}>
            Cancel
          </Button>
          <SubmitButton saving={form.saving}>Save class</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
