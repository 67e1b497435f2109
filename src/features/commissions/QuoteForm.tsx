import { z } from "zod";
import { SelectField, SubmitButton, TextField, useForm } from "../../ui/form";
import { toast } from "../../ui/toast";
import { formatCents } from "../../lib/money";
import { parseDollars, sendQuote } from "./money";
import styles from "./commissions.module.css";

const DEFAULT_TERMS = "The deposit is non-refundable once work starts, unless the studio says otherwise.";

const dollars = (message: string) => z.string().refine((v) => parseDollars(v) !== null, message);

const schema = z
  .object({
    total: dollars("Please give the price, like 240 or 240.00."),
    depositBy: z.enum(["percent", "amount"]),
    deposit: z.string(),
    included: z.string().trim(),
    revisions: z.string().trim().regex(/^(\d{1,2}|100)?$/, "Please give a whole number from 0 to 100, or leave it empty."),
    delivery_date: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, "Please pick a date."),
    refund_terms: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    if (v.depositBy === "percent" && !/^\d{1,3}$/.test(v.deposit.trim())) ctx.addIssue({ code: "custom", path: ["deposit"], message: "Please give a percent from 0 to 100." });
    if (v.depositBy === "amount" && parseDollars(v.deposit) === null) ctx.addIssue({ code: "custom", path: ["deposit"], message: "Please give the deposit, like 120.00." });
  });

/**
 * The studio's quote, in the commission view. Before a deposit it replaces the open quote; after
 * one (`change`) it asks for the difference, paid at once.
 */
export function QuoteForm({ commissionId, change, revising }: { commissionId: string; change: boolean; revising: boolean }) {
  const form = useForm(schema, { total: "", depositBy: "percent", deposit: "50", included: "", revisions: "", delivery_date: "", refund_terms: change ? "" : DEFAULT_TERMS });
  const total = parseDollars(form.values.total);

  async function save() {
    await form.submit(async (v) => {
      const input = {
        total_cents: parseDollars(v.total) ?? 0,
        included: v.included,
        revisions_included: v.revisions === "" ? undefined : Number(v.revisions),
        delivery_date: v.delivery_date,
        refund_terms: v.refund_terms,
        ...(change ? {} : v.depositBy === "percent" ? { deposit_percent: Number(v.deposit) } : { deposit_cents: parseDollars(v.deposit) ?? 0 }),
      };
      try {
        await sendQuote(commissionId, input);
        toast({ title: change ? "Addition sent" : revising ? "Quote revised" : "Quote sent", description: "The customer has it in the thread and by mail." });
        form.reset();
      } catch (err) {
        toast({ title: "The quote was not sent", description: err instanceof Error ? err.message : "Please try again.", tone: "error" });
      }
    });
  }

  return (
    <form
      className={styles.quoteForm}
      aria-label={change ? "Add to the price" : "Quote"}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h3>{change ? "Add to the price" : revising ? "Revise the quote" : "Write a quote"}</h3>
      <div className={styles.two}>
        <TextField label={change ? "Amount to add ($)" : "Total price ($)"} value={form.values.total} onChange={(v) => form.set("total", v)} error={form.errors.total} inputMode="decimal" isRequired />
        {!change && (
          <>
            <SelectField
              label="Deposit as"
              value={form.values.depositBy}
              onChange={(v) => form.set("depositBy", v as "percent" | "amount")}
              options={[
                { value: "percent", label: "Percent of the total" },
                { value: "amount", label: "An amount" },
              ]}
            />
            <TextField
              label={form.values.depositBy === "percent" ? "Deposit (%)" : "Deposit ($)"}
              value={form.values.deposit}
              onChange={(v) => form.set("deposit", v)}
              error={form.errors.deposit}
              inputMode="decimal"
              description={total !== null && form.values.depositBy === "percent" && /^\d{1,3}$/.test(form.values.deposit) ? `${formatCents(Math.round((total * Number(form.values.deposit)) / 100))} to start` : undefined}
            />
          </>
        )}
        <TextField label="Estimated delivery" type="date" value={form.values.delivery_date} onChange={(v) => form.set("delivery_date", v)} error={form.errors.delivery_date} />
      </div>
      <TextField label="What is included" multiline value={form.values.included} onChange={(v) => form.set("included", v)} />
      <TextField
        label="Revisions included"
        value={form.values.revisions}
        onChange={(v) => form.set("revisions", v)}
        error={form.errors.revisions}
        inputMode="numeric"
        description={change ? "More revisions this addition pays for, added to the quote's." : "How many revisions the customer may ask for on the proofs; the thread counts them."}
      />
      {!change && <TextField label="Refund terms" multiline value={form.values.refund_terms} onChange={(v) => form.set("refund_terms", v)} />}
      <SubmitButton saving={form.saving} savingText="Sending…">
        {change ? "Send the addition" : revising ? "Send the revised quote" : "Send quote"}
      </SubmitButton>
    </form>
  );
}
