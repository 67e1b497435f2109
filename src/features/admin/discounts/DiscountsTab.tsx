import { useEffect, useState } from "react";
import { ClientResponseError } from "pocketbase";
import { pb } from "../../../lib/pocketbase";
import { formatCents } from "../../../lib/money";
import { useLiveList } from "../../../lib/useLiveList";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { toast } from "../../../ui/toast";
import { AdminTable } from "../parts";
import { DiscountForm } from "./DiscountForm";
import { describeGoods, describeOff, fetchReport, shortDate, type CodeReport, type DiscountCode } from "./codes";
import styles from "../admin.module.css";

function when(c: DiscountCode): string {
  if (c.starts_at && c.ends_at) return `${shortDate(c.starts_at)} to ${shortDate(c.ends_at)}`;
  if (c.starts_at) return `From ${shortDate(c.starts_at)}`;
  if (c.ends_at) return `Until ${shortDate(c.ends_at)}`;
  return "Always";
}

/** The studio's codes: made, changed, paused and (while unused) deleted here, with what each did. */
export function DiscountsTab() {
  const { items, error } = useLiveList<DiscountCode>("discount_codes", "", "code");
  const [report, setReport] = useState<Map<string, CodeReport>>(new Map());
  const [editing, setEditing] = useState<DiscountCode | "new" | null>(null);
  const [ordersOf, setOrdersOf] = useState<CodeReport | null>(null);
  const [confirming, setConfirming] = useState<DiscountCode | null>(null);

  // The figures come from the orders: read again whenever the list changes.
  useEffect(() => {
    fetchReport().then(
      (codes) => setReport(new Map(codes.map((c) => [c.id, c]))),
      () => undefined,
    );
  }, [items]);

  async function setActive(c: DiscountCode, active: boolean) {
    try {
      await pb.collection("discount_codes").update(c.id, { active });
      toast({ title: active ? `Code ${c.code} is active again` : `Code ${c.code} is paused` });
    } catch {
      toast({ title: "The code was not changed", description: "Please try again.", tone: "error" });
    }
  }

  async function remove(c: DiscountCode) {
    setConfirming(null);
    try {
      await pb.collection("discount_codes").delete(c.id);
      toast({ title: `Code ${c.code} deleted` });
    } catch (err) {
      const message = err instanceof ClientResponseError && err.status === 400 ? err.message : "Please try again.";
      toast({ title: "The code was not deleted", description: message, tone: "error" });
    }
  }

  if (error) return <p className="error-text">Failed to load the discount codes</p>;
  if (!items) return <p className="muted">Loading...</p>;
  return (
    <div className={styles.manager}>
      <div className={styles.toolbar}>
        <Button variant="accent" onPress={() => setEditing("new")}>
          New code
        </Button>
      </div>
      {items.length === 0 ? (
        <p className="empty-state">No codes yet. A code can be shared as a link: add ?code=YOURCODE to any page of the shop.</p>
      ) : (
        <AdminTable headers={["Code", "Discount", "Applies to", "When", "Uses", "Revenue", "Discount given", "Status", "Actions"]}>
          {items.map((c) => {
            const r = report.get(c.id);
            return (
              <tr key={c.id}>
                <th scope="row" className={`${styles.mono} ${styles.rowName}`}>
                  {c.code}
                </th>
                <td>
                  {describeOff(c)}
                  {c.min_subtotal_cents > 0 && <div className="muted">over {formatCents(c.min_subtotal_cents)}</div>}
                </td>
                <td>{describeGoods(c.applies_to)}</td>
                <td>{when(c)}</td>
                <td>
                  {r ? r.uses : "…"}
                  {c.max_uses > 0 && ` of ${c.max_uses}`}
                  {!!r?.held && <div className="muted">{r.held} held now</div>}
                  {c.once_per_buyer && <div className="muted">once per buyer</div>}
                </td>
                <td className={styles.nowrap}>{r ? formatCents(r.revenue_cents) : "…"}</td>
                <td className={styles.nowrap}>{r ? formatCents(r.discount_cents) : "…"}</td>
                <td className={styles.nowrap}>
                  <Badge tone={c.active ? "moss" : "neutral"}>{c.active ? "Active" : "Paused"}</Badge>
                </td>
                <td>
                  <div className={styles.actions}>
                    <Button size="small" variant="secondary" onPress={() => setEditing(c)} aria-label={`Edit ${c.code}`}>
                      Edit
                    </Button>
                    <Button size="small" variant="secondary" onPress={() => void setActive(c, !c.active)} aria-label={`${c.active ? "Pause" : "Resume"} ${c.code}`}>
                      {c.active ? "Pause" : "Resume"}
                    </Button>
                    <Button size="small" variant="ghost" onPress={() => r && setOrdersOf(r)} isDisabled={!r} aria-label={`Orders with ${c.code}`}>
                      Orders
                    </Button>
                    <Button size="small" variant="danger" onPress={() => setConfirming(c)} aria-label={`Delete ${c.code}`}>
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}

      <Dialog isOpen={editing !== null} onOpenChange={(open) => !open && setEditing(null)} title={editing === "new" ? "New code" : editing ? `Edit ${editing.code}` : ""} width={560}>
        {editing !== null && <DiscountForm code={editing === "new" ? null : editing} onDone={() => setEditing(null)} />}
      </Dialog>

      <Dialog isOpen={!!ordersOf} onOpenChange={(open) => !open && setOrdersOf(null)} title={ordersOf ? `Orders with ${ordersOf.code}` : ""} width={640}>
        {ordersOf && <CodeOrders report={ordersOf} />}
      </Dialog>

      <Dialog
        isOpen={!!confirming}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Delete this code?"
        footer={
          <>
            <Button variant="ghost" onPress={() => setConfirming(null)}>
              Keep it
            </Button>
            <Button variant="danger" onPress={() => confirming && void remove(confirming)}>
              Delete
            </Button>
          </>
        }
      >
        <p>A code that has been used cannot be deleted: it stays with its orders. Pause it instead.</p>
      </Dialog>
    </div>
  );
}

function CodeOrders({ report }: { report: CodeReport }) {
  if (!report.orders.length) return <p className="muted">No paid orders with this code yet.</p>;
  return (
    <>
      <p>
        {report.uses} {report.uses === 1 ? "use" : "uses"}, {formatCents(report.revenue_cents)} paid, {formatCents(report.discount_cents)} taken off.
      </p>
      <ul className={styles.codeOrders}>
        {report.orders.map((o) => (
          <li key={o.session_id}>
            <span>Paid {shortDate(o.paid_at)}</span>
            <span>
              {formatCents(o.amount_total)}, with {formatCents(o.discount_cents)} off
            </span>
            {o.refunded && <span className="muted">Refunded: its use was given back</span>}
            {o.flag && <span className={styles.error}>{o.flag}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}
