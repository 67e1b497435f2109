import { z } from "zod";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { CheckboxField, SubmitButton, TextField, useForm } from "../../../ui/form";
import { AMOUNT_HINT, dollars, saveSetting, toCents, type Shipping, type Zone } from "./settings";
import { countryName, parseCountries } from "./places";
import styles from "../admin.module.css";
import own from "./shipping.module.css";

const days = (text: string) => (text.trim() === "" ? null : /^\d{1,3}$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : NaN);

/** One zone, its countries and its rate for every class: saved with the rest of the shipping settings, or not at all. */
export function ZoneDialog({ settingId, shipping, zone, known, onClose }: { settingId: string; shipping: Shipping; zone: Zone | null; known: string[]; onClose: () => void }) {
  const initial: Record<string, string | boolean> & { name: string } = {
    name: zone?.name ?? "",
    countries: (zone?.countries ?? []).join(", "),
    rest_of_world: zone?.rest_of_world ?? false,
    free_over: dollars(zone?.free_over_cents),
  };
  for (const c of shipping.classes) {
    const r = zone?.rates[c.id];
    initial[`first:${c.id}`] = dollars(r?.first_cents);
    initial[`additional:${c.id}`] = dollars(r?.additional_cents ?? 0);
    initial[`min:${c.id}`] = r?.min_days ? String(r.min_days) : "";
    initial[`max:${c.id}`] = r?.max_days ? String(r.max_days) : "";
  }
  const schema = z
    .object({ name: z.string().trim().min(1, "Give the zone a name.") })
    .catchall(z.union([z.string(), z.boolean()]))
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      const { codes, unknown } = parseCountries(String(v.countries ?? ""), known);
      if (unknown.length) issue("countries", `Not a country code: ${unknown.join(", ")}. Use two-letter ISO codes such as DE or US.`);
      else if (!v.rest_of_world && !codes.length) issue("countries", "Name at least one country, or make this the rest of the world.");
      if (String(v.free_over ?? "").trim() && toCents(String(v.free_over)) === null) issue("free_over", AMOUNT_HINT);
      for (const c of shipping.classes) {
        for (const part of ["first", "additional"]) if (toCents(String(v[`${part}:${c.id}`] ?? "")) === null) issue(`${part}:${c.id}`, AMOUNT_HINT);
        for (const part of ["min", "max"]) if (Number.isNaN(days(String(v[`${part}:${c.id}`] ?? "")))) issue(`${part}:${c.id}`, "Whole days from 1, or empty.");
      }
    });
  const form = useForm(schema, initial);
  const text = (key: string) => String(form.values[key] ?? "");

  async function save() {
    await form.submit(async () => {
      const rates: Zone["rates"] = {};
      for (const c of shipping.classes) {
        rates[c.id] = { first_cents: toCents(text(`first:${c.id}`))!, additional_cents: toCents(text(`additional:${c.id}`))!, min_days: days(text(`min:${c.id}`)), max_days: days(text(`max:${c.id}`)) };
      }
      const next: Zone = {
        id: zone?.id ?? "",
        name: text("name").trim(),
        rest_of_world: !!form.values.rest_of_world,
        countries: form.values.rest_of_world ? [] : parseCountries(text("countries"), known).codes,
        free_over_cents: text("free_over").trim() ? toCents(text("free_over")) : null,
        rates,
      };
      const zones = zone ? shipping.zones.map((z) => (z === zone ? next : z)) : [...shipping.zones, next];
      if (await saveSetting(settingId, { ...shipping, zones }, { done: zone ? "Zone updated" : "Zone added", failed: "The zone was not saved" })) onClose();
    });
  }

  const { codes } = parseCountries(text("countries"), known);
  return (
    <Dialog isOpen onOpenChange={(o) => !o && !form.saving && onClose()} title={zone ? `Edit ${zone.name}` : "Add a shipping zone"} width={720} isDismissable={!form.saving}>
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField label="Name" value={text("name")} onChange={(v) => form.set("name", v)} error={form.errors.name} isRequired />
        <CheckboxField label="The rest of the world: every country no other zone names" checked={!!form.values.rest_of_world} onChange={(v) => form.set("rest_of_world", v)} />
        {!form.values.rest_of_world && (
          <TextField
            label="Countries"
            value={text("countries")}
            onChange={(v) => form.set("countries", v)}
            error={form.errors.countries}
            description={codes.length ? codes.map((c) => (known.includes(c) ? `${countryName(c)} (${c})` : c)).join(", ") : "Two-letter ISO codes, separated by commas: DE, FR, AT."}
          />
        )}
        <TextField label="Free shipping over (USD, optional)" inputMode="decimal" value={text("free_over")} onChange={(v) => form.set("free_over", v)} error={form.errors.free_over} description="Goods after discounts; empty: never free." />
        <fieldset className={own.rates}>
          <legend>Rates in this zone (USD) and delivery (business days)</legend>
          {shipping.classes.map((c) => (
            <div key={c.id} className={own.rateRow}>
              <h4>{c.name}</h4>
              <TextField label="First item" inputMode="decimal" value={text(`first:${c.id}`)} onChange={(v) => form.set(`first:${c.id}`, v)} error={form.errors[`first:${c.id}`]} isRequired />
              <TextField label="Each additional" inputMode="decimal" value={text(`additional:${c.id}`)} onChange={(v) => form.set(`additional:${c.id}`, v)} error={form.errors[`additional:${c.id}`]} isRequired />
              <TextField label="Days from" inputMode="numeric" value={text(`min:${c.id}`)} onChange={(v) => form.set(`min:${c.id}`, v)} error={form.errors[`min:${c.id}`]} />
              <TextField label="Days to" inputMode="numeric" value={text(`max:${c.id}`)} onChange={(v) => form.set(`max:${c.id}`, v)} error={form.errors[`max:${c.id}`]} />
            </div>
          ))}
        </fieldset>
        <div className={styles.formActions}>
          <Button variant="ghost" onPress={onClose} isDisabled={form.saving}>
            Cancel
          </Button>
          <SubmitButton saving={form.saving}>Save zone</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
