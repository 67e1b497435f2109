import { z } from "zod";
import { toast } from "../../../ui/toast";
import { SubmitButton, TextField, useForm } from "../../../ui/form";
import { refusal, saveSettings, type LetterSettings } from "./letters";
import adminStyles from "../admin.module.css";

const schema = z.object({
  postal_address: z.string().trim().max(500, "At most 500 characters."),
  rate: z.string().regex(/^\d{1,3}(\.\d+)?$/, "Letters a second, like 5 or 0.5.").refine((v) => Number(v) >= 0.1 && Number(v) <= 100, "Between 0.1 and 100 letters a second."),
  selector: z
    .string()
    .trim()
    .max(253, "At most 253 characters.")
    .regex(/^$|^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/, "Letters, digits, dots and dashes, like pm or s1."),
  cap: z.string().regex(/^\d{1,7}$/, "A whole number of letters a day.").refine((v) => Number(v) >= 1 && Number(v) <= 1000000, "From 1 to 1,000,000 letters a day."),
});

/** The settings every campaign needs: the postal address the law asks for, the rate and the daily cap. */
export function LetterSettingsForm({ settings, onSaved }: { settings: LetterSettings; onSaved: () => void }) {
  const form = useForm(schema, { postal_address: settings.postal_address, rate: String(settings.rate_per_second), cap: String(settings.daily_cap), selector: settings.dkim_selector });
  const v = form.values;
  return (
    <form
      className={adminStyles.form}
      aria-label="Letter settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(async (p) => {
          try {
            await saveSettings({ postal_address: p.postal_address, rate_per_second: Number(p.rate), daily_cap: Number(p.cap), dkim_selector: p.selector });
            toast({ title: "Letter settings saved" });
            onSaved();
          } catch (err) {
            toast({ title: "The settings were not saved", description: refusal(err), tone: "error" });
          }
        });
      }}
    >
      <TextField
        label="The studio's postal address"
        multiline
        value={v.postal_address}
        onChange={(x) => form.set("postal_address", x)}
        error={form.errors.postal_address}
        description="Shown at the foot of every letter; required before the first campaign."
      />
      <div className={adminStyles.twoFields}>
        <TextField label="Letters a second" value={v.rate} onChange={(x) => form.set("rate", x)} error={form.errors.rate} inputMode="decimal" description="Order and commission mail always goes first." />
        <TextField label="Letters a day at most" value={v.cap} onChange={(x) => form.set("cap", x)} error={form.errors.cap} inputMode="numeric" description="The rest wait for the next day." />
      </div>
      <TextField
        label="DKIM selector"
        value={v.selector}
        onChange={(x) => form.set("selector", x)}
        error={form.errors.selector}
        description="The name before ._domainkey in the DKIM record your mail provider gave you, like pm or s1."
      />
      <div className={adminStyles.formActions}>
        <SubmitButton saving={form.saving}>Save settings</SubmitButton>
      </div>
    </form>
  );
}
