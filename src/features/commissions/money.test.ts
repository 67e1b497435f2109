import { describe, expect, it } from "vitest";
import { chargedCents, dueOn, moneyState, parseDollars, type Payment, type Quote } from "./money";

const quote = (over: Partial<Quote>): Quote => ({ id: "q1", collectionId: "", collectionName: "commission_quotes", commission: "c1", kind: "quote", status: "open", total_cents: 24000, deposit_cents: 12000, included: "", revisions_included: 0, delivery_date: "", refund_terms: "", decline_reason: "", created: "", ...over });

describe("commission money in the browser", () => {
  it("reads typed dollars as whole cents, and refuses anything else", () => {
    expect(parseDollars("240")).toBe(24000);
    expect(parseDollars("$1,200.5")).toBe(120050);
    expect(parseDollars("0.07")).toBe(7);
    for (const bad of ["", "12.345", "-5", "1e3", "ten"]) expect(parseDollars(bad), bad).toBeNull();
  });

  it("labels the next payment as the server will price it", () => {
    expect(dueOn(quote({}))?.label).toBe("Pay deposit $120.00");
    expect(dueOn(quote({ status: "deposit_paid" }))?.label).toBe("Pay balance $120.00");
    expect(dueOn(quote({ deposit_cents: 0 }))?.label).toBe("Pay $240.00");
    expect(dueOn(quote({ kind: "change", total_cents: 4000, deposit_cents: 0 }))?.label).toBe("Pay $40.00");
    for (const status of ["paid", "declined", "superseded"] as const) expect(dueOn(quote({ status }))).toBeNull();
  });

  it("names the money state the inbox shows", () => {
    expect(moneyState({ payment_status: "Unpaid", total_price: 0, status: "Not Started" })).toBe("none");
    expect(moneyState({ payment_status: "Unpaid", total_price: 240, status: "Not Started" })).toBe("quoted");
    expect(moneyState({ payment_status: "Deposit paid", total_price: 240, status: "In Progress" })).toBe("deposit paid");
    expect(moneyState({ payment_status: "Deposit paid", total_price: 240, status: "Complete" })).toBe("balance due");
    expect(moneyState({ payment_status: "Paid in full", total_price: 240, status: "Complete" })).toBe("paid");
    expect(moneyState({ payment_status: "Refunded", total_price: 240, status: "Complete" })).toBe("refunded");
  });

  it("counts what the card was charged, a payment that did not match included", () => {
    const payment = (over: Partial<Payment>): Payment => ({ id: "p1", collectionId: "", collectionName: "commission_payments", commission: "c1", quote: "q1", kind: "deposit", amount_cents: 12000, status: "paid", provider: "stripe", paid_at: "", refunded_cents: 0, created: "", ...over });
    expect(chargedCents(payment({}))).toBe(12000);
    expect(chargedCents(payment({ status: "amount_mismatch", mismatch: { reported: { amount_total: 100 } } }))).toBe(100);
    expect(chargedCents(payment({ status: "amount_mismatch", mismatch: null }))).toBe(0);
    for (const status of ["open", "canceled", "expired", "failed"] as const) expect(chargedCents(payment({ status })), status).toBe(0);
  });
});
