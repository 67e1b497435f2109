import { z } from "zod";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { SubmitButton, TextField, useForm } from "../../../ui/form";
import { saveSetting, type Shipping, type Tax, type TaxRate } from "./settings";
import styles from "../admin.module.css";

const percent = (text: string) => (/^\d{1,3}(\.\d{1,4})?$/.test(text.trim()) && Number(text) <= 100 ? Number(text) : null);
const PERCENT_HINT = "A percentage from 0 to 100, like 19 or 7.25.";

/** One place's tax rate (a country, or a US state), with optional rates for some classes. */
export function RateDialog({ settingId, tax, shipping, rate, known, states, onClose }: { settingId: string; tax: Tax; shipping: Shipping; rate: TaxRate | null; known: string[]; states: string[]; onClose: () => void }) {
  const initial: Record<string, string> & { country: string } = { country: rate?.country ?? "", region: rate?.region ?? "", percent: rate ? String(rate.percent) : "" };
  for (const c of shipping.classes) initial[`class:${c.id}`] = rate && typeof rate.class_percent[c.id] === "number" ? String(rate.class_percent[c.id]) : "";
  const schema = z
    .object({ country: z.string() })
    .catchall(z.string())
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      const country = v.country.trim().toUpperCase();
      const region = String(v.region ?? "").trim().toUpperCase();
      if (!known.includes(country)) issue("country", "Enter a two-letter ISO country code, such as DE or US.");
      if (region && (country !== "US" || !states.includes(region))) issue("region", "Only US states have rates of their own: a two-letter code such as CA, or empty.");
      if (percent(String(v.percent ?? "")) === null) issue("percent", PERCENT_HINT);
      for (const c of shipping.classes) if (String(v[`class:${c.id}`] ?? "").trim() && percent(String(v[`class:${c.id}`])) === null) issue(`class:${c.id}`, PERCENT_HINT);
    });
  const form = useForm(schema, initial);
  const text = (k: string) => String(form.values[k] ?? "");

  async function save() {
    await form.submit(async () => {
      const byClass: Record<string, number> = {};
      for (const c of shipping.classes) if (text(`class:${c.id}`).trim()) byClass[c.id] = percent(text(`class:${c.id}`))!;
      const next: TaxRate = { country: text("country").trim().toUpperCase(), region: text("region").trim().toUpperCase(), percent: percent(text("percent"))!, class_percent: byClass };
      const rates = rate ? tax.rates.map((r) => (r === rate ? next : r)) : [...tax.rates, next];
      if (await saveSetting(settingId, { ...tax, rates }, { done: rate ? "Tax rate updated" : "Tax rate added", failed: "The rate was not saved" })) onClose();
    });
  }

  return (
    <Dialog isOpen onOpenChange={(o) => !o && !form.saving && onClose()} title={rate ? "Edit tax rate" : "Add a tax rate"} width={560} isDismissable={!form.saving}>
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField label="Country code" value={text("country")} onChange={(v) => form.set("country", v)} error={form.errors.country} isRequired description="Two letters, such as DE, GB or US." />
        <TextField label="US state (optional)" value={text("region")} onChange={(v) => form.set("region", v)} error={form.errors.region} description="A state's own rate, such as CA; empty for the whole country." />
        <TextField label="Rate (%)" inputMode="decimal" value={text("percent")} onChange={(v) => form.set("percent", v)} error={form.errors.percent} isRequired />
        {shipping.classes.map((c) => (
          <TextField key={c.id} label={`${c.name} (%, optional)`} inputMode="decimal" value={text(`class:${c.id}`)} onChange={(v) => form.set(`class:${c.id}`, v)} error={form.errors[`class:${c.id}`]} description="Empty: the rate above." />
        ))}
        <div className={styles.formActions}>
          <Button variant="ghost" onPress={onClose} isDisabled={form.saving}>
            Cancel
          </Button>
          <SubmitButton saving={form.saving}>Save rate</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
