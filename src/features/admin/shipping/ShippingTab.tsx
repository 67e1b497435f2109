import { useState } from "react";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { SelectField } from "../../../ui/form";
import { formatCents } from "../../../lib/money";
import { AdminTable, EditDelete } from "../parts";
import { ClassDialog } from "./ClassDialog";
import { ZoneDialog } from "./ZoneDialog";
import { countryName, usePlaces } from "./places";
import { PRODUCT_KINDS, saveSetting, useShopSettings, type Shipping, type ShippingClass, type Zone } from "./settings";
import own from "./shipping.module.css";

type Editing = { kind: "zone"; zone: Zone | null } | { kind: "class"; shippingClass: ShippingClass | null } | null;
type Removing = { kind: "zone"; zone: Zone } | { kind: "class"; shippingClass: ShippingClass } | null;

/** Zones, classes, what each product ships as, and every rate. */
export function ShippingTab() {
  const { shipping, error } = useShopSettings();
  const places = usePlaces();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Removing>(null);
  const [busy, setBusy] = useState(false);
  if (error) return <p className="error-text">The shipping settings could not be loaded. Please try again.</p>;
  if (!shipping || !places) return <p className="muted">Loading...</p>;
  const doc = shipping.value;

  async function save(value: Shipping, done: string) {
    setBusy(true);
    const saved = await saveSetting(shipping!.id, value, { done, failed: "Not saved" });
    setBusy(false);
    return saved;
  }

  async function remove() {
    if (!removing) return;
    const ok =
      removing.kind === "zone"
        ? await save({ ...doc, zones: doc.zones.filter((z) => z !== removing.zone) }, "Zone deleted")
        : await save({ ...doc, classes: doc.classes.filter((c) => c !== removing.shippingClass), zones: doc.zones.map((z) => ({ ...z, rates: Object.fromEntries(Object.entries(z.rates).filter(([id]) => id !== removing.shippingClass.id)) })) }, "Class deleted");
    if (ok) setRemoving(null);
  }

  const rateLines = (z: Zone) =>
    doc.classes.map((c) => {
      const r = z.rates[c.id];
      return (
        <div key={c.id}>
          {c.name}: {r ? formatCents(r.first_cents) + (r.additional_cents ? `, then ${formatCents(r.additional_cents)} each` : "") : "—"}
        </div>
      );
    });

  return (
    <div>
      <section className={own.section} aria-labelledby="zones-heading">
        <h2 id="zones-heading">Shipping zones</h2>
        <p className="muted">An order pays the largest first-item rate among its items, plus each other item's each-additional rate. A country in no zone is not shipped to.</p>
        <div>
          <Button onPress={() => setEditing({ kind: "zone", zone: null })}>Add zone</Button>
        </div>
        <AdminTable headers={["Zone", "Countries", "Rates", "Free over", "Actions"]}>
          {doc.zones.map((z) => (
            <tr key={z.id}>
              <td>{z.name}</td>
              <td className={own.wrapCell}>{z.rest_of_world ? <Badge tone="sea">Rest of the world</Badge> : z.countries.map(countryName).join(", ")}</td>
              <td className={own.wrapCell}>{rateLines(z)}</td>
              <td>{z.free_over_cents === null ? "—" : formatCents(z.free_over_cents)}</td>
              <td>
                <EditDelete name={z.name} onEdit={() => setEditing({ kind: "zone", zone: z })} onDelete={() => setRemoving({ kind: "zone", zone: z })} deleting={busy} />
              </td>
            </tr>
          ))}
        </AdminTable>
      </section>

      <section className={own.section} aria-labelledby="classes-heading">
        <h2 id="classes-heading">Shipping classes</h2>
        <div>
          <Button onPress={() => setEditing({ kind: "class", shippingClass: null })}>Add class</Button>
        </div>
        <AdminTable headers={["Class", "Stripe tax code", "Actions"]}>
          {doc.classes.map((c) => (
            <tr key={c.id}>
              <td>{c.name}</td>
              <td>{c.tax_code || "txcd_99999999"}</td>
              <td>
                <EditDelete name={c.name} onEdit={() => setEditing({ kind: "class", shippingClass: c })} onDelete={() => setRemoving({ kind: "class", shippingClass: c })} deleting={busy} />
              </td>
            </tr>
          ))}
        </AdminTable>
        <h3>What each product ships as</h3>
        <div className={own.defaults}>
          {PRODUCT_KINDS.map(([kind, label]) => (
            <SelectField
              key={kind}
              label={label}
              value={doc.defaults[kind]}
              isDisabled={busy}
              onChange={(id) => void save({ ...doc, defaults: { ...doc.defaults, [kind]: id } }, "Shipping class changed")}
              options={doc.classes.map((c) => ({ value: c.id, label: c.name }))}
            />
          ))}
        </div>
      </section>

      {editing?.kind === "zone" && <ZoneDialog settingId={shipping.id} shipping={doc} zone={editing.zone} known={places.countries} onClose={() => setEditing(null)} />}
      {editing?.kind === "class" && <ClassDialog settingId={shipping.id} shipping={doc} shippingClass={editing.shippingClass} onClose={() => setEditing(null)} />}
      <Dialog
        isOpen={!!removing}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={removing?.kind === "zone" ? `Delete the zone ${removing.zone.name}?` : `Delete the class ${removing?.kind === "class" ? removing.shippingClass.name : ""}?`}
        width={440}
        footer={
          <>
            <Button variant="ghost" onPress={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button variant="danger" onPress={() => void remove()} isDisabled={busy}>
              Delete
            </Button>
          </>
        }
      >
        <p>{removing?.kind === "zone" ? "Its countries will no longer be shipped to, unless another zone is the rest of the world." : "A class that products still use cannot be deleted: give them another class first."}</p>
      </Dialog>
    </div>
  );
}
