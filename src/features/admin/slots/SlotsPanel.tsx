import { useCallback, useEffect, useState } from "react";
import { ClientResponseError } from "pocketbase";
import { pb } from "../../../lib/pocketbase";
import { toast } from "../../../ui/toast";
import { CheckboxField, SelectField, SubmitButton, TextField, useForm } from "../../../ui/form";
import { messageOf } from "../../account";
import { typeLabel } from "../../commissions/types";
import { PLANS, bodyOf, fieldOf, slotsSchema, valuesOf, type StudioSlots } from "./slotsForm";
import styles from "./slots.module.css";

const STATES = [
  { value: "open", label: "Open" },
  { value: "waitlist", label: "Waitlist" },
  { value: "closed", label: "Closed" },
];
const FILL = [
  { value: "deposit", label: "A paid deposit" },
  { value: "quoted", label: "A sent quote" },
  { value: "accepted", label: "An accepted request (started or quoted)" },
];
const WAITLIST = { waiting: "Waiting", invited: "Invited", admitted: "Took the slot", lapsed: "Did not answer" } as Record<string, string>;

function when(stored: string) {
  return stored ? new Date(stored.replace(" ", "T")).toLocaleString() : "";
}

/** The studio's slots: per type and over all, what fills one, the queue page, and the waitlist. */
export function SlotsPanel() {
  const [data, setData] = useState<StudioSlots | null>(null);
  const [failed, setFailed] = useState("");
  const load = useCallback(async () => {
    try {
      setData(await pb.send<StudioSlots>("/api/studio/admin/commission-slots", {}));
      setFailed("");
    } catch (err) {
      setFailed(messageOf(err));
    }
  }, []);
  useEffect(() => void load(), [load]);
  if (failed) return <p className="error-text">Could not load the slots: {failed}</p>;
  if (!data) return <p className="muted">Loading...</p>;
  return <SlotsForm data={data} onSaved={setData} />;
}

function SlotsForm({ data, onSaved }: { data: StudioSlots; onSaved: (d: StudioSlots) => void }) {
  const form = useForm(slotsSchema(), valuesOf(data.settings));
  const { values, errors, set, saving } = form;
  const v = values as Record<string, string | boolean>;
  const e = errors as Record<string, string | undefined>;
  const shown = Object.fromEntries(data.board.states.map((s) => [s.type, s.text]));

  async function save() {
    await form.submit(
      async () => {
        try {
          const saved = await pb.send<StudioSlots>("/api/studio/admin/commission-slots", { method: "POST", body: bodyOf(v) });
          onSaved(saved);
          form.setValues(valuesOf(saved.settings));
          toast({ title: "Slots saved", description: "The commission page shows the change now." });
        } catch (err) {
          const data = err instanceof ClientResponseError ? ((err.response?.data ?? {}) as Record<string, { message?: string }>) : {};
          const found = Object.fromEntries(Object.entries(data).map(([k, d]) => [fieldOf(k), d.message ?? "Please check this value."]));
          if (Object.keys(found).length) form.fail(found);
          toast({ title: "Not saved", description: messageOf(err), tone: "error" });
        }
      },
      () => toast({ title: "Not saved", description: "Please correct the fields marked in red.", tone: "error" }),
    );
  }

  return (
    <div className={styles.panel}>
      <form
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          void save();
        }}
      >
        <div className={styles.general}>
          <SelectField label="What fills a slot" value={String(v.fill_rule)} onChange={(x) => set("fill_rule", x)} options={FILL} error={e.fill_rule} />
          <TextField label="Invitation hold (hours)" type="number" inputMode="numeric" value={String(v.invite_hold_hours)} onChange={(x) => set("invite_hold_hours", x)} error={e.invite_hold_hours} description="How long a slot waits for the person invited from the waitlist." />
          <CheckboxField label="Show the public queue page (/commissions/queue)" checked={v.queue_public === true} onChange={(x) => set("queue_public", x)} />
        </div>
        <div className={styles.plans}>
          {PLANS.map((p) => (
            <fieldset key={p.key} className={styles.plan}>
              <legend>
                {p.label}
                {shown[p.key] && <span className={styles.now}> · now: {shown[p.key]}</span>}
              </legend>
              <SelectField label="State" value={String(v[`${p.key}.state`])} onChange={(x) => set(`${p.key}.state`, x)} options={STATES} error={e[`${p.key}.state`]} />
              <TextField label="Slots (0 for no limit)" type="number" inputMode="numeric" value={String(v[`${p.key}.slots`])} onChange={(x) => set(`${p.key}.slots`, x)} error={e[`${p.key}.slots`]} />
              <TextField label="Opens at (optional)" type="datetime-local" value={String(v[`${p.key}.opens_at`])} onChange={(x) => set(`${p.key}.opens_at`, x)} error={e[`${p.key}.opens_at`]} />
              <TextField label="Closes at (optional)" type="datetime-local" value={String(v[`${p.key}.closes_at`])} onChange={(x) => set(`${p.key}.closes_at`, x)} error={e[`${p.key}.closes_at`]} />
            </fieldset>
          ))}
        </div>
        <SubmitButton saving={saving} savingText="Saving...">
          Save slots
        </SubmitButton>
      </form>
      <section aria-labelledby="waitlist-heading">
        <h2 id="waitlist-heading">Waitlist and invitations</h2>
        {data.waitlist.length === 0 ? (
          <p className="muted">Nobody is on the waitlist.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Who</th>
                  <th scope="col">Type</th>
                  <th scope="col">Waitlist</th>
                  <th scope="col">Joined</th>
                  <th scope="col">Invited</th>
                </tr>
              </thead>
              <tbody>
                {data.waitlist.map((w) => (
                  <tr key={w.id}>
                    <td>{w.contact_name || w.contact_email}</td>
                    <td>{typeLabel(w.type)}</td>
                    <td>{WAITLIST[w.waitlist] ?? w.waitlist}</td>
                    <td>{when(w.waitlisted_at)}</td>
                    <td>{when(w.invited_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
