import { ClientResponseError } from "pocketbase";
import { useCallback, useEffect, useState } from "react";
import { z } from "zod";
import { formatCents } from "../../../lib/money";
import { pb } from "../../../lib/pocketbase";
import { toast } from "../../../ui/toast";
import { SelectField, SubmitButton, TextField, useForm } from "../../../ui/form";
import { AdminTable } from "../parts";
import styles from "../admin.module.css";

// Reminders of a left cart as pb_hooks/lib/letters/cart-reminder-report.js reports them.
interface Settings {
  first_seconds: number;
  second_seconds: number;
  sold_original: "offer_print" | "leave_out";
  postal_address: string;
}
interface Reminder {
  id: string;
  email: string;
  state: "active" | "stopped";
  stop_reason: string;
  ticked_at: string | null;
  letters: { n: number; state: string; sent_at: string | null }[];
  came_back: boolean;
  revenue_cents: number;
  /** Letters still to come with the delays set now. */
  letters_to_come: number;
}
interface Report {
  settings: Settings;
  reminders: Reminder[];
  totals: { reminded: number; came_back: number; revenue_cents: number };
}

const STOPPED: Record<string, string> = {
  paid: "Paid",
  unticked: "Box unticked",
  unsubscribed: "Unsubscribed",
  suppressed: "Address refuses mail",
  refused: "Refused by the mail server",
  nothing_left: "Nothing left to buy",
  address_limit: "Address had two reminders this week",
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "—");
const minutes = (seconds: number) => String(Math.round((seconds / 60) * 100) / 100);
const delay = z.string().regex(/^\d{1,5}(\.\d{1,2})?$/, "Minutes, like 60; 0 turns this letter off.").refine((v) => Number(v) <= 43200, "At most 30 days (43,200 minutes).");
const schema = z.object({ first: delay, second: delay, sold: z.enum(["offer_print", "leave_out"]) });

/** Which carts got reminders, which came back (paid within 7 days of a letter) and what they brought; the delays. */
export function CartReminders() {
  const [report, setReport] = useState<Report | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      setReport(await pb.send<Report>("/api/studio/cart-reminders", {}));
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => void load(), [load]);

  if (failed) return <p className="error-text">Failed to load cart reminders</p>;
  if (!report) return <p className="muted">Loading...</p>;
  const { totals } = report;
  return (
    <section aria-labelledby="cart-reminders-heading" className={styles.afterList}>
      <h2 id="cart-reminders-heading">Cart reminders</h2>
      <p>
        {totals.reminded} {totals.reminded === 1 ? "cart" : "carts"} got a reminder; {totals.came_back} came back and paid within 7 days of a letter, for {formatCents(totals.revenue_cents)}.
      </p>
      {!report.settings.postal_address && <p className="error-text">No reminder is sent until the studio's postal address is set in Letters.</p>}
      <ReminderSettingsForm settings={report.settings} onSaved={() => void load()} />
      {report.reminders.length > 0 && (
        <AdminTable headers={["Ticked", "Address", "Letters", "Now", "Came back"]}>
          {report.reminders.map((r) => (
            <tr key={r.id}>
              <td>{when(r.ticked_at)}</td>
              <td>{r.email}</td>
              <td>{r.letters.filter((l) => l.state === "sent").map((l) => `${l.n === 1 ? "First" : "Second"}: ${when(l.sent_at)}`).join(" · ") || "None yet"}</td>
              <td>{r.state === "stopped" ? (STOPPED[r.stop_reason] ?? "Stopped") : r.letters_to_come > 0 ? "Waiting" : "All letters sent"}</td>
              <td>{r.came_back ? `Yes, ${formatCents(r.revenue_cents)}` : "—"}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

function ReminderSettingsForm({ settings, onSaved }: { settings: Settings; onSaved: () => void }) {
  const form = useForm(schema, { first: minutes(settings.first_seconds), second: minutes(settings.second_seconds), sold: settings.sold_original });
  const v = form.values;
  return (
    <form
      className={styles.form}
      aria-label="Cart reminder settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(async (p) => {
          try {
            await pb.send("/api/studio/cart-reminders/settings", {
              method: "POST",
              body: { first_seconds: Math.round(Number(p.first) * 60), second_seconds: Math.round(Number(p.second) * 60), sold_original: p.sold },
            });
            toast({ title: "Cart reminder settings saved" });
            onSaved();
          } catch (err) {
            toast({ title: "The settings were not saved", description: err instanceof ClientResponseError && err.status === 400 ? err.message : "Please try again.", tone: "error" });
          }
        });
      }}
    >
      <div className={styles.twoFields}>
        <TextField label="First letter after (minutes)" value={v.first} onChange={(x) => form.set("first", x)} error={form.errors.first} inputMode="decimal" description="From the checkout running out, or the cart's last change. 0: off." />
        <TextField label="Second letter after (minutes)" value={v.second} onChange={(x) => form.set("second", x)} error={form.errors.second} inputMode="decimal" description="Counted the same way; 1440 is a day. 0: off." />
      </div>
      <SelectField
        label="An original sold since the cart"
        value={v.sold}
        onChange={(x) => form.set("sold", x as Settings["sold_original"])}
        options={[
          { value: "offer_print", label: "Offer its print, where there is one" },
          { value: "leave_out", label: "Leave it out of the letter" },
        ]}
      />
      <div className={styles.formActions}>
        <SubmitButton saving={form.saving}>Save reminder settings</SubmitButton>
      </div>
    </form>
  );
}
