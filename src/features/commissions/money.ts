// A commission's money as the browser sees it: the studio's quotes, the payments made, what is due
// next, and the calls that ask the server to act. Amounts are integer cents from the server; the
// browser never sends one for a payment.
import type { RecordModel } from "pocketbase";
import { pb } from "../../lib/pocketbase";
import { formatCents } from "../../lib/money";

export { parseDollars } from "../../lib/money";
import { keep, kept } from "./kept";
import type { Commission } from "./types";

export interface Quote extends RecordModel {
  commission: string;
  kind: "quote" | "change";
  status: "open" | "deposit_paid" | "paid" | "declined" | "superseded";
  total_cents: number;
  deposit_cents: number;
  included: string;
  /** Revisions the quote includes; a revision asked for past them may be priced as an addition. */
  revisions_included: number;
  delivery_date: string;
  refund_terms: string;
  decline_reason: string;
  created: string;
}

export interface Payment extends RecordModel {
  commission: string;
  quote: string;
  kind: "deposit" | "balance" | "change";
  amount_cents: number;
  status: "open" | "paid" | "canceled" | "expired" | "failed" | "amount_mismatch";
  provider: "demo" | "stripe";
  paid_at: string;
  refunded_cents: number;
  /** What a paid event reported when it did not match the quote. */
  mismatch?: { reported?: { amount_total?: number } } | null;
  created: string;
}

/**
 * What the card was charged for a payment, as the server's refund route counts it: a payment that
 * did not match moved nothing on the commission, but the amount Stripe reported was taken.
 */
export function chargedCents(p: Payment): number {
  if (p.status === "paid") return p.amount_cents;
  const reported = p.status === "amount_mismatch" ? p.mismatch?.reported?.amount_total : undefined;
  return typeof reported === "number" && Number.isInteger(reported) && reported > 0 ? reported : 0;
}

export interface Due {
  kind: Payment["kind"];
  amount_cents: number;
  label: string;
}

/** What the customer may pay next on a quote, as the server will work it out. */
export function dueOn(q: Quote): Due | null {
  if (q.status === "open") {
    if (q.kind === "change") return { kind: "change", amount_cents: q.total_cents, label: `Pay ${formatCents(q.total_cents)}` };
    if (q.deposit_cents > 0) return { kind: "deposit", amount_cents: q.deposit_cents, label: `Pay deposit ${formatCents(q.deposit_cents)}` };
    return { kind: "balance", amount_cents: q.total_cents, label: `Pay ${formatCents(q.total_cents)}` };
  }
  if (q.status === "deposit_paid") {
    const balance = q.total_cents - q.deposit_cents;
    return { kind: "balance", amount_cents: balance, label: `Pay balance ${formatCents(balance)}` };
  }
  return null;
}

export type MoneyState = "none" | "quoted" | "deposit paid" | "balance due" | "paid" | "refunded" | "partly refunded";

/**
 * The one phrase the studio's inbox shows for a commission's money. The balance is "due" once the
 * work is complete and only the deposit is in.
 */
export function moneyState(c: Pick<Commission, "payment_status" | "total_price" | "status">): MoneyState {
  switch (c.payment_status) {
    case "Refunded":
      return "refunded";
    case "Partly refunded":
      return "partly refunded";
    case "Paid in full":
      return "paid";
    case "Deposit paid":
      return c.status === "Complete" ? "balance due" : "deposit paid";
  }
  return c.total_price > 0 ? "quoted" : "none";
}

export const PAYMENT_LABEL: Record<Payment["kind"], string> = { deposit: "Deposit", balance: "Balance", change: "Addition" };

export interface QuoteInput {
  total_cents: number;
  deposit_percent?: number;
  deposit_cents?: number;
  included: string;
  revisions_included?: number;
  delivery_date: string;
  refund_terms: string;
}

export const sendQuote = (commissionId: string, input: QuoteInput) => pb.send<Quote>(`/api/studio/commissions/${commissionId}/quotes`, { method: "POST", body: input });

export const declineQuote = (quoteId: string, reason: string) => pb.send<Quote>(`/api/studio/commission-quotes/${quoteId}/decline`, { method: "POST", body: { reason } });

/** Opens the payment page the server priced; the browser only says which quote. */
export const startPayment = (quoteId: string) => pb.send<{ url: string; session_id: string; kind: string; amount_cents: number }>(`/api/studio/commission-quotes/${quoteId}/pay`, { method: "POST" });

export const refundPayment = (paymentId: string, key: string, amountCents?: number) =>
  pb.send<{ repeated: boolean }>(`/api/studio/commission-payments/${paymentId}/refund`, { method: "POST", body: { key, amount_cents: amountCents } });

/** A quote or a receipt seen once stays readable offline (see kept.ts). */
export function keepMoney(commissionId: string, quotes: Quote[] | null, payments: Payment[] | null) {
  if (quotes && payments) keep(`money:${commissionId}`, { quotes, payments });
}

export const keptMoney = (commissionId: string) => kept<{ quotes: Quote[]; payments: Payment[] }>(`money:${commissionId}`);
