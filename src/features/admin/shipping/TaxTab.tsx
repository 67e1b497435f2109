import { useState } from "react";
import { Button } from "../../../ui/Button";
import { CheckboxField, SelectField } from "../../../ui/form";
import { AdminTable, EditDelete } from "../parts";
import { RateDialog } from "./RateDialog";
import { TaxReport } from "./TaxReport";
import { countryName, usePlaces } from "./places";
import { saveSetting, useShopSettings, type Tax, type TaxRate } from "./settings";
import own from "./shipping.module.css";

const US_STATES = "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY".split(" ");

/** How tax is charged (STUDIO_TAX decides which way), its rates, and the tax and sales report. */
export function TaxTab() {
  const { shipping, tax, error } = useShopSettings();
  const places = usePlaces();
  const [editing, setEditing] = useState<TaxRate | "new" | null>(null);
  const [busy, setBusy] = useState(false);
  if (error) return <p className="error-text">The tax settings could not be loaded. Please try again.</p>;
  if (!tax || !shipping || !places) return <p className="muted">Loading...</p>;
  const doc = tax.value;

  async function save(value: Tax, done: string) {
    setBusy(true);
    await saveSetting(tax!.id, value, { done, failed: "Not saved" });
    setBusy(false);
  }

  // What the shop does now, in the artist's words; the variable is named for whoever sets up the server.
  const mode = {
    off: "No tax is charged at checkout now.",
    manual: "Tax is charged at checkout at the rates below.",
    stripe: "Stripe Tax works out the tax on the payment page; the rates below are not used.",
  }[places.tax_mode];
  return (
    <div>
      <section className={own.section} aria-labelledby="tax-heading">
        <h2 id="tax-heading">Tax</h2>
        <p className="muted">
          {mode} Whoever runs the shop's server turns tax on or off there (the setting <code>STUDIO_TAX</code>); what you set here is kept either way.
        </p>
        <CheckboxField label="Prices include tax" checked={doc.prices_include_tax} isDisabled={busy} onChange={(v) => void save({ ...doc, prices_include_tax: v }, "Saved")} />
        <div className={own.defaults}>
          <SelectField
            label="Home country (tax held in commission quotes, manual tax)"
            value={doc.home_country}
            isDisabled={busy}
            placeholder="None"
            onChange={(v) => void save({ ...doc, home_country: v }, "Saved")}
            options={places.countries.map((c) => ({ value: c, label: countryName(c) })).sort((a, b) => a.label.localeCompare(b.label, "en"))}
          />
          <SelectField
            label="Stripe Tax: prices are"
            value={doc.tax_behavior}
            isDisabled={busy}
            onChange={(v) => void save({ ...doc, tax_behavior: v === "inclusive" ? "inclusive" : "exclusive" }, "Saved")}
            options={[
              { value: "exclusive", label: "Without tax (Stripe adds it)" },
              { value: "inclusive", label: "With tax included" },
            ]}
          />
        </div>
        <p className="muted">
          Stripe tax codes: commission work {doc.commission_tax_code}, shipping {doc.shipping_tax_code}; each shipping class has its own.
        </p>
        <h3>Rates</h3>
        <div>
          <Button onPress={() => setEditing("new")}>Add rate</Button>
        </div>
        {doc.rates.length === 0 ? (
          <p className="empty-state">No rates yet: with manual tax, no tax is charged anywhere.</p>
        ) : (
          <AdminTable headers={["Place", "Rate", "By class", "Actions"]}>
            {doc.rates.map((r) => (
              <tr key={r.country + r.region}>
                <td>
                  {countryName(r.country)}
                  {r.region && `, ${r.region}`}
                </td>
                <td>{r.percent}%</td>
                <td className={own.wrapCell}>
                  {Object.entries(r.class_percent)
                    .map(([id, p]) => `${shipping.value.classes.find((c) => c.id === id)?.name ?? id} ${p}%`)
                    .join(", ") || "—"}
                </td>
                <td>
                  <EditDelete name={`the rate for ${r.country}${r.region ? "-" + r.region : ""}`} onEdit={() => setEditing(r)} onDelete={() => void save({ ...doc, rates: doc.rates.filter((x) => x !== r) }, "Rate deleted")} deleting={busy} />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
      <TaxReport />
      {editing && <RateDialog settingId={tax.id} tax={doc} shipping={shipping.value} rate={editing === "new" ? null : editing} known={places.countries} states={US_STATES} onClose={() => setEditing(null)} />}
    </div>
  );
}
