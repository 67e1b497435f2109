import { Suspense } from "react";
import { pb } from "../../../lib/pocketbase";
import { useLiveList } from "../../../lib/useLiveList";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { Dialog, useDialogSelection } from "../../../ui/Dialog";
import { toast } from "../../../ui/toast";
import { CommissionWorkspace, typeLabel, type Commission } from "../../commissions";
import { AdminTable } from "../parts";
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

const date = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" });

function Details({ c }: { c: Commission }) {
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
      {NEXT[c.status] && <Button onPress={() => void advance(c)}>{NEXT[c.status]!.label}</Button>}
    </div>
  );
}

export function CommissionsTab() {
  const { items, error } = useLiveList<Commission>("commissions", "", "-created");
  const dialog = useDialogSelection<string>();
  const selected = items?.find((c) => c.id === dialog.selected) ?? null;
  if (error) return <p className="error-text">Could not load commission requests</p>;
  if (!items) return <p className="muted">Loading...</p>;
  if (!items.length) return <p className="empty-state">No commission requests yet.</p>;
  return (
    <>
      <AdminTable headers={["Title", "Type", "Contact", "Status", "Created", "Actions"]}>
            {items.map((c) => (
              <tr key={c.id}>
                <td>{c.title || c.type}</td>
                <td>{typeLabel(c.type)}</td>
                <td>
                  {c.contact_name && <div>{c.contact_name}</div>}
                  <div className="muted">{c.contact_email}</div>
                </td>
                <td>
                  <Badge tone={c.status === "Complete" ? "moss" : c.status === "In Progress" ? "lantern" : "neutral"}>{c.status}</Badge>
                </td>
                <td>{date(c.created)}</td>
                <td className={styles.actions}>
                  <Button size="small" variant="secondary" onPress={() => dialog.open(c.id)}>
                    View Details
                  </Button>
                  {NEXT[c.status] && (
                    <Button size="small" onPress={() => void advance(c)}>
                      {NEXT[c.status]!.label}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
      <Dialog isOpen={dialog.isOpen} onOpenChange={dialog.onOpenChange} title={selected ? `${typeLabel(selected.type)} for ${selected.contact_name || selected.contact_email}` : "Commission"} width={700}>
        {selected && (
          <Suspense fallback={<p className="muted">Loading...</p>}>
            <CommissionWorkspace commissionId={selected.id} viewer="admin" details={<Details c={selected} />} />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}
