import { z } from "zod";
import { SubmitButton, TextField, useForm } from "../../../ui/form";
import { toast } from "../../../ui/toast";
import { submitAction } from "../../../lib/outbox";
import type { AddressCheckDraft } from "../../shipping";
import type { Order } from "./useOrders";
import styles from "./orders.module.css";

const schema = z.object({
  note: z.string().trim().min(1, "Please say in a few words what was done about the address.").max(500, "The note has at most 500 characters."),
});

/**
 * An address paid elsewhere than the order was priced for: why, and, while the studio must act,
 * a note of what it did that clears the flag (docs/decisions/030). The note stays for the studio only.
 */
export function AddressCheck({ order }: { order: Order }) {
  const meta = order.lines[0].metadata ?? {};
  const form = useForm(schema, { note: "" });
  if (!meta.address_mismatch) return null;
  const checked = meta.address_checked;
  const open = !checked && meta.address_to_check !== false;

  async function save() {
    await form.submit(async (v) => {
      const draft: AddressCheckDraft = { order: order.session!.id, note: v.note };
      const result = await submitAction("order-address-checked", draft, `Address checked: ${draft.note}`);
      if (result.state === "refused") return toast({ title: "Not marked checked", description: result.reason, tone: "error" });
      toast(result.state === "queued" ? { title: "Saved offline", description: "Marked checked when you are back online.", tone: "info" } : { title: "Marked checked", description: "The address flag is cleared." });
      form.reset();
    });
  }

  return (
    <>
      <h3>{checked ? "Address checked" : "Address to check"}</h3>
      <p>
        {meta.address_mismatch}
        {open && " Ship only once the shipping and tax charged fit this address, or refund the order."}
      </p>
      {checked && (
        <p>
          Checked {new Date(checked.at).toLocaleString("en-US")}: <span className={styles.note}>{checked.note}</span>
        </p>
      )}
      {open && order.session && (
        <form
          className={styles.form}
          aria-label="Mark the address checked"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <TextField
            label="What was done"
            description='For example "Collected the difference by invoice". Only the studio sees this note.'
            isRequired
            value={form.values.note}
            onChange={(v) => form.set("note", v)}
            error={form.errors.note}
          />
          <div className={styles.formActions}>
            <SubmitButton saving={form.saving}>Mark checked</SubmitButton>
          </div>
        </form>
      )}
    </>
  );
}
