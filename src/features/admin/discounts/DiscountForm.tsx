import { z } from "zod";
import { ClientResponseError } from "pocketbase";
import { pb } from "../../../lib/pocketbase";
import { parseDollars } from "../../../lib/money";
import { toast } from "../../../ui/toast";
import { CheckboxField, SelectField, SubmitButton, TextField, useForm } from "../../../ui/form";
import { GOODS, type DiscountCode, type GoodsKind } from "./codes";
import styles from "../admin.module.css";

const schema = z
  .object({
    code: z
      .string()
      .trim()
      .max(32, "A code has at most 32 letters and digits.")
      .regex(/^[A-Za-z0-9]{3,32}$/, "A code is 3 to 32 letters and digits, with no spaces or signs."),
    kind: z.enum(["percent", "fixed", "free_shipping"]),
    amount: z.string(),
    goods: z.array(z.enum(["prints", "originals", "books", "merchandise"])),
    minimum: z.string().refine((v) => !v.trim() || parseDollars(v) !== null, "Give the minimum like 50 or 50.00, or leave it empty."),
    starts: z.string(),
    ends: z.string(),
    maxUses: z.string().regex(/^(\d{1,6})?$/, "Give a whole number of uses, or leave it empty for no cap."),
    oncePerBuyer: z.boolean(),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percent" && !(/^\d{1,3}$/.test(v.amount.trim()) && Number(v.amount) >= 1 && Number(v.amount) <= 100)) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "A percent off is a whole number from 1 to 100." });
    }
    if (v.kind === "fixed" && !((parseDollars(v.amount) ?? 0) > 0)) ctx.addIssue({ code: "custom", path: ["amount"], message: "Give the amount off, like 5 or 5.00." });
    if (v.starts && v.ends && new Date(v.ends) <= new Date(v.starts)) ctx.addIssue({ code: "custom", path: ["ends"], message: "The end must come after the start." });
  });

// <input type="datetime-local"> speaks local time without a zone; the server stores UTC.
const toLocalInput = (stored: string) => {
  if (!stored) return "";
  const d = new Date(stored.replace(" ", "T"));
  return new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
};
const fromLocalInput = (local: string) => (local ? new Date(local).toISOString() : "");

function initial(code: DiscountCode | null) {
  return {
    code: code?.code ?? "",
    kind: code?.kind ?? "percent",
    amount: code ? (code.kind === "percent" ? String(code.percent) : code.kind === "fixed" ? (code.amount_cents / 100).toFixed(2) : "") : "",
    goods: (code?.applies_to ?? []) as GoodsKind[],
    minimum: code?.min_subtotal_cents ? (code.min_subtotal_cents / 100).toFixed(2) : "",
    starts: toLocalInput(code?.starts_at ?? ""),
    ends: toLocalInput(code?.ends_at ?? ""),
    maxUses: code?.max_uses ? String(code.max_uses) : "",
    oncePerBuyer: code?.once_per_buyer ?? false,
    active: code?.active ?? true,
  };
}

/** A code made or changed: checked here, and again by the server, whose refusal is shown as said. */
export function DiscountForm({ code, onDone }: { code: DiscountCode | null; onDone: () => void }) {
  const form = useForm(schema, initial(code));
  const v = form.values;

  async function save() {
    await form.submit(async (p) => {
      const record = {
        code: p.code.toUpperCase(),
        kind: p.kind,
        percent: p.kind === "percent" ? Number(p.amount) : 0,
        amount_cents: p.kind === "fixed" ? (parseDollars(p.amount) ?? 0) : 0,
        applies_to: p.goods,
        min_subtotal_cents: p.minimum.trim() ? (parseDollars(p.minimum) ?? 0) : 0,
        starts_at: fromLocalInput(p.starts),
        ends_at: fromLocalInput(p.ends),
        max_uses: p.maxUses ? Number(p.maxUses) : 0,
        once_per_buyer: p.oncePerBuyer,
        active: p.active,
      };
      try {
        if (code) await pb.collection("discount_codes").update(code.id, record);
        else await pb.collection("discount_codes").create(record);
        toast({ title: code ? `Code ${record.code} saved` : `Code ${record.code} created` });
        onDone();
      } catch (err) {
        const message = err instanceof ClientResponseError && err.status === 400 ? err.message : "Please try again.";
        toast({ title: "The code was not saved", description: message, tone: "error" });
      }
    });
  }

  const toggleGoods = (kind: GoodsKind, on: boolean) => form.set("goods", on ? [...v.goods, kind] : v.goods.filter((g) => g !== kind));

  return (
    <form
      className={styles.form}
      aria-label={code ? `Edit code ${code.code}` : "New code"}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <TextField label="Code" value={v.code} onChange={(x) => form.set("code", x)} error={form.errors.code} description="Letters and digits; SPRING10 and spring10 are the same code." isRequired />
      <SelectField
        label="Discount"
        value={v.kind}
        onChange={(x) => form.set("kind", x as typeof v.kind)}
        options={[
          { value: "percent", label: "Percent off" },
          { value: "fixed", label: "An amount off" },
          { value: "free_shipping", label: "Free shipping" },
        ]}
      />
      {v.kind !== "free_shipping" && (
        <TextField
          label={v.kind === "percent" ? "Percent off (1 to 100)" : "Amount off ($)"}
          value={v.amount}
          onChange={(x) => form.set("amount", x)}
          error={form.errors.amount}
          inputMode={v.kind === "percent" ? "numeric" : "decimal"}
          description={v.kind === "fixed" ? "Never more than the goods it covers." : undefined}
          isRequired
        />
      )}
      <fieldset className={styles.tagPrices}>
        <legend className={styles.fieldLabel}>Applies to</legend>
        <p className="muted">None chosen: everything but originals. Originals are covered only when chosen.</p>
        <div className={styles.tagRow}>
          {GOODS.map((g) => (
            <CheckboxField key={g.value} label={g.label} checked={v.goods.includes(g.value)} onChange={(on) => toggleGoods(g.value, on)} />
          ))}
        </div>
      </fieldset>
      <TextField label="Minimum order ($, optional)" value={v.minimum} onChange={(x) => form.set("minimum", x)} error={form.errors.minimum} inputMode="decimal" />
      <div className={styles.twoFields}>
        <DateTimeField label="Starts (optional)" value={v.starts} onChange={(x) => form.set("starts", x)} />
        <DateTimeField label="Ends (optional)" value={v.ends} onChange={(x) => form.set("ends", x)} error={form.errors.ends} />
      </div>
      <TextField label="Uses in all (optional)" value={v.maxUses} onChange={(x) => form.set("maxUses", x)} error={form.errors.maxUses} inputMode="numeric" description="An open checkout holds one use until it is paid or expires; a refunded order gives it back." />
      <CheckboxField label="Once per buyer (by account; a guest by e-mail, checked when paid)" checked={v.oncePerBuyer} onChange={(x) => form.set("oncePerBuyer", x)} />
      <CheckboxField label="Active (untick to pause)" checked={v.active} onChange={(x) => form.set("active", x)} />
      <div className={styles.formActions}>
        <SubmitButton saving={form.saving}>{code ? "Save code" : "Create code"}</SubmitButton>
      </div>
    </form>
  );
}

function DateTimeField({ label, value, onChange, error }: { label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const id = `discount-${label.split(" ")[0].toLowerCase()}`;
  return (
    <div className={styles.listEditor}>
      <label className={styles.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <input id={id} type="datetime-local" className={styles.textInput} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
