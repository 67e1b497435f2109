// What the studio does with one commission wherever it is shown: its status, the next step, its details.
import { useState } from "react";
import { pb } from "../../../lib/pocketbase";
import { Dialog } from "../../../ui/Dialog";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { toast } from "../../../ui/toast";
import { moneyState, typeLabel, type Commission, type MoneyState } from "../../commissions";
import styles from "../admin.module.css";

const NEXT: Record<string, { label: string; status: Commission["status"] } | undefined> = {
  "Not Started": { label: "Start", status: "In Progress" },
  "In Progress": { label: "Complete", status: "Complete" },
};

async function advance(c: Commission) {
  const next = NEXT[c.status];
  if (!next) return;
  try {
    await pb.collection("commissions").update(c.id, { status: next.status });
    toast({ title: `Commission ${next.status === "Complete" ? "completed" : "started"}` });
  } catch {
    toast({ title: "Failed to update status", tone: "error" });
  }
}

/** Start or Complete, whichever comes next (nothing once complete). */
export function NextStepButton({ c, variant }: { c: Commission; variant?: "primary" | "secondary" }) {
  const next = NEXT[c.status];
  if (!next) return null;
  return (
    <Button size="small" variant={variant} onPress={() => void advance(c)}>
      {next.label}
    </Button>
  );
}

/**
 * Declining a request not started, or cancelling one in progress, ends it: its slot goes to the
 * first on its type's waitlist (docs/decisions/024).
 */
export function EndButton({ c }: { c: Commission }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const ending = c.status === "Not Started" ? { verb: "Decline", status: "Declined" as const } : c.status === "In Progress" ? { verb: "Cancel", status: "Cancelled" as const } : null;
  if (!ending) return null;
  async function end() {
    if (!ending) return;
    setBusy(true);
    try {
      await pb.collection("commissions").update(c.id, { status: ending.status });
      toast({ title: `Commission ${ending.status.toLowerCase()}`, description: "If anyone waits for this type, the first of them is invited now." });
      setOpen(false);
    } catch {
      toast({ title: "Failed to update status", tone: "error" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button size="small" variant="secondary" onPress={() => setOpen(true)}>
        {ending.verb}…
      </Button>
      <Dialog
        isOpen={open}
        onOpenChange={setOpen}
        title={`${ending.verb} this ${typeLabel(c.type).toLowerCase()} commission?`}
        footer={
          <>
            <Button variant="secondary" onPress={() => setOpen(false)}>
              Keep it
            </Button>
            <Button onPress={() => void end()} isDisabled={busy}>
              {ending.verb} it
            </Button>
          </>
        }
      >
        <p>It ends here and frees its slot. Money already paid stays as it is: refund it from Payments if you owe it.</p>
      </Dialog>
    </>
  );
}

export function StatusBadge({ status }: { status: Commission["status"] }) {
  return <Badge tone={status === "Complete" ? "moss" : status === "In Progress" ? "lantern" : "neutral"}>{status}</Badge>;
}

const MONEY_TONE: Record<MoneyState, "neutral" | "lantern" | "sea" | "coral" | "moss" | "lavender"> = {
  none: "neutral",
  quoted: "lavender",
  "deposit paid": "sea",
  "balance due": "coral",
  paid: "moss",
  "partly refunded": "lantern",
  refunded: "neutral",
};

/** Where the commission's money stands: quoted, deposit paid, balance due, paid, refunded. */
export function MoneyBadge({ c }: { c: Commission }) {
  const state = moneyState(c);
  if (state === "none") return null;
  return <Badge tone={MONEY_TONE[state]}>{state[0].toUpperCase() + state.slice(1)}</Badge>;
}

export const customerName = (c: Commission) => c.contact_name || c.contact_email;

export const date = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" });

export function Details({ c }: { c: Commission }) {
  const rows: [string, string][] = [
    ["Type", typeLabel(c.type)],
    ["Status", c.status],
    ["Payment", `${c.payment_status} · paid $${c.amount_paid.toFixed(2)} of $${c.total_price.toFixed(2)}`],
    ["Contact", [c.contact_name, c.contact_email, c.contact_phone].filter(Boolean).join(" · ")],
    ["Size", c.size || "—"],
    ["Budget", c.budget || "—"],
    ["Deadline", c.deadline || "—"],
    ["Requested", date(c.created)],
  ];
  return (
    <div className={styles.details}>
      <dl>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <h3>Description</h3>
      <p className={styles.prewrap}>{c.description}</p>
      <div className={styles.actions}>
        <NextStepButton c={c} />
        <EndButton c={c} />
      </div>
    </div>
  );
}
