import { formatCents } from "../../../lib/money";
import { useLiveList } from "../../../lib/useLiveList";
import { Badge } from "../../../ui/Badge";
import { chargedCents, typeLabel, type Commission, type Payment } from "../../commissions";
import { AdminTable } from "../parts";

const KIND = { deposit: "Deposit", balance: "Balance", change: "Addition" } as const;

/** Money taken for commissions, beside the shop's orders; refunds are made from the commission itself. */
export function CommissionPayments() {
  const payments = useLiveList<Payment>("commission_payments", "status = 'paid' || status = 'amount_mismatch'", "-created");
  const commissions = useLiveList<Commission>("commissions", "", "-created");
  if (payments.error) return <p className="error-text">Failed to load commission payments</p>;
  if (!payments.items) return <p className="muted">Loading...</p>;
  if (!payments.items.length) return <p className="empty-state">No commission payments yet.</p>;
  const byId = new Map((commissions.items ?? []).map((c) => [c.id, c]));
  return (
    <AdminTable headers={["Date", "Commission", "Customer", "Payment", "Amount", "Status"]}>
      {payments.items.map((p) => {
        const c = byId.get(p.commission);
        return (
          <tr key={p.id} data-testid="commission-payment">
            <td>{new Date(p.paid_at || p.created).toLocaleDateString("en-US", { dateStyle: "medium" })}</td>
            <td>{c ? typeLabel(c.type) : "—"}</td>
            <td>{c ? c.contact_name || c.contact_email : "—"}</td>
            <td>{KIND[p.kind]}</td>
            <td>{formatCents(p.status === "amount_mismatch" ? chargedCents(p) : p.amount_cents)}</td>
            <td>
              {p.status === "amount_mismatch" && <Badge tone="coral">Did not match the quote</Badge>}{" "}
              {p.refunded_cents > 0 && p.refunded_cents >= chargedCents(p) ? (
                <Badge tone="lavender">Refunded</Badge>
              ) : p.refunded_cents > 0 ? (
                <Badge tone="lavender">Refunded {formatCents(p.refunded_cents)}</Badge>
              ) : p.status === "paid" ? (
                "paid"
              ) : null}{" "}
              {p.provider === "demo" && <Badge tone="neutral">Demo: no payment taken</Badge>}
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
