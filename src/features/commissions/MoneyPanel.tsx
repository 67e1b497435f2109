import { useEffect, useState } from "react";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { TextField } from "../../ui/form";
import { toast } from "../../ui/toast";
import { formatCents } from "../../lib/money";
import { pb } from "../../lib/pocketbase";
import { useOnline } from "../../lib/pwa";
import { useLiveList } from "../../lib/useLiveList";
import { PayButton } from "./PayButton";
import { QuoteForm } from "./QuoteForm";
import { chargedCents, declineQuote, keepMoney, keptMoney, parseDollars, refundPayment, PAYMENT_LABEL, type Payment, type Quote } from "./money";
import type { Viewer } from "./CommissionThread";
import styles from "./commissions.module.css";

const QUOTE_STATUS: Record<Quote["status"], string> = { open: "Awaiting payment", deposit_paid: "Deposit paid", paid: "Paid", declined: "Declined", superseded: "Replaced" };

const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" });

/** The commission's quotes and receipts; the studio quotes and refunds here, the customer pays or declines. */
export function MoneyPanel({ commissionId, viewer }: { commissionId: string; viewer: Viewer }) {
  const filter = pb.filter("commission = {:id}", { id: commissionId });
  const live = { quotes: useLiveList<Quote>("commission_quotes", filter, "-created"), payments: useLiveList<Payment>("commission_payments", filter, "-created") };
  const online = useOnline();
  useEffect(() => keepMoney(commissionId, live.quotes.items, live.payments.items), [commissionId, live.quotes.items, live.payments.items]);
  const kept = live.quotes.items && live.payments.items ? null : keptMoney(commissionId);
  const quotes = live.quotes.items ?? kept?.quotes ?? null;
  const payments = (live.payments.items ?? kept?.payments ?? []).filter((p) => p.status === "paid" || (viewer === "admin" && p.status === "amount_mismatch"));
  const [declining, setDeclining] = useState<Quote | null>(null);
  const [refunding, setRefunding] = useState<Payment | null>(null);

  if (!quotes) return <p className="muted">{live.quotes.error ? "Could not load the quotes." : "Loading..."}</p>;
  const started = quotes.some((q) => q.kind === "quote" && (q.status === "deposit_paid" || q.status === "paid"));
  const hasOpen = quotes.some((q) => q.kind === "quote" && q.status === "open");
  const shown = viewer === "admin" ? quotes : quotes.filter((q) => q.status !== "superseded");

  return (
    <div className={styles.money}>
      {!online && (
        <p className="muted" role="status">
          You're offline: these are the quotes and receipts last seen here. {viewer === "customer" ? "Paying needs a connection." : "Quoting and refunds need a connection."}
        </p>
      )}
      {shown.length === 0 && <p className="muted">{viewer === "admin" ? "No quote yet." : "No quote yet: the studio will send one here."}</p>}
      <ul className={styles.moneyList} aria-label="Quotes">
        {shown.map((q) => (
          <li key={q.id} className={styles.moneyCard} data-testid="quote">
            <div className={styles.moneyHead}>
              <strong>
                {q.kind === "change" ? "Addition" : "Quote"}: {formatCents(q.total_cents)}
              </strong>
              <Badge tone={q.status === "paid" ? "moss" : q.status === "open" ? "lantern" : "neutral"}>{QUOTE_STATUS[q.status]}</Badge>
            </div>
            {q.kind === "quote" && q.deposit_cents > 0 && (
              <p>
                Deposit {formatCents(q.deposit_cents)} · balance {formatCents(q.total_cents - q.deposit_cents)}
              </p>
            )}
            {q.included && <p className={styles.prewrap}>Included: {q.included}</p>}
            {q.revisions_included > 0 && <p>{q.revisions_included === 1 ? "1 revision included" : `${q.revisions_included} revisions included`}</p>}
            {q.delivery_date && <p>Estimated delivery: {q.delivery_date}</p>}
            {q.refund_terms && <p className="muted">Refunds: {q.refund_terms}</p>}
            {q.status === "declined" && q.decline_reason && <p className="muted">Declined: {q.decline_reason}</p>}
            {viewer === "customer" && (
              <div className={styles.moneyActions}>
                <PayButton quote={q} />
                {q.kind === "quote" && q.status === "open" && (
                  <Button variant="ghost" onPress={() => setDeclining(q)} isDisabled={!online}>
                    Decline
                  </Button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>

      <h3>Receipts</h3>
      {payments.length === 0 ? (
        <p className="muted">No payments yet.</p>
      ) : (
        <ul className={styles.moneyList} aria-label="Receipts">
          {payments.map((p) => (
            <li key={p.id} className={styles.moneyCard} data-testid="receipt">
              <div className={styles.moneyHead}>
                <strong>
                  {PAYMENT_LABEL[p.kind]} {formatCents(p.status === "amount_mismatch" ? chargedCents(p) : p.amount_cents)}
                </strong>
                <span className="muted">{p.status === "amount_mismatch" ? "Did not match the quote: nothing recorded" : day(p.paid_at || p.created)}</span>
              </div>
              {p.refunded_cents > 0 && <p>Refunded {formatCents(p.refunded_cents)}</p>}
              {p.provider === "demo" && <p className="muted">Paid on the demo page: no money moved.</p>}
              {viewer === "admin" && p.refunded_cents < chargedCents(p) && (
                <Button size="small" variant="secondary" onPress={() => setRefunding(p)} isDisabled={!online}>
                  Refund
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      {viewer === "admin" && online && <QuoteForm key={quotes.length} commissionId={commissionId} change={started} revising={hasOpen} />}
      {declining && <DeclineDialog quote={declining} onClose={() => setDeclining(null)} />}
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </div>
  );
}

function DeclineDialog({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  async function decline() {
    setBusy(true);
    try {
      await declineQuote(quote.id, reason);
      toast({ title: "Quote declined", description: "The studio has been told." });
      onClose();
    } catch (err) {
      setBusy(false);
      toast({ title: "Could not decline", description: err instanceof Error ? err.message : "Please try again.", tone: "error" });
    }
  }
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`Decline the quote of ${formatCents(quote.total_cents)}?`}
      footer={
        <Button variant="danger" onPress={() => void decline()} isDisabled={busy}>
          Decline quote
        </Button>
      }
    >
      <TextField label="Why? (the studio sees this)" multiline value={reason} onChange={setReason} />
    </Dialog>
  );
}

function RefundDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const charged = chargedCents(payment);
  const left = charged - payment.refunded_cents;
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [busy, setBusy] = useState(false);
  // One key per dialog: pressing Refund twice, or a retried request, refunds once.
  const [key] = useState(() => `refund-${crypto.randomUUID()}`);
  const cents = parseDollars(amount);
  async function refund() {
    if (cents === null || cents < 1 || cents > left) return;
    setBusy(true);
    try {
      await refundPayment(payment.id, key, cents);
      toast({ title: `Refunded ${formatCents(cents)}`, description: "The customer has been told." });
      onClose();
    } catch (err) {
      setBusy(false);
      toast({ title: "Refund failed", description: err instanceof Error ? err.message : "Please try again.", tone: "error" });
    }
  }
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`Refund the ${PAYMENT_LABEL[payment.kind].toLowerCase()} of ${formatCents(charged)}${payment.status === "amount_mismatch" ? " that did not match" : ""}`}
      footer={
        <Button variant="danger" onPress={() => void refund()} isDisabled={busy || cents === null || cents < 1 || cents > left}>
          {busy ? "Refunding…" : `Refund ${cents !== null ? formatCents(cents) : ""}`}
        </Button>
      }
    >
      <TextField label="Amount to refund ($)" value={amount} onChange={setAmount} inputMode="decimal" description={`Up to ${formatCents(left)}.`} error={cents !== null && cents > left ? `At most ${formatCents(left)}.` : undefined} />
    </Dialog>
  );
}
