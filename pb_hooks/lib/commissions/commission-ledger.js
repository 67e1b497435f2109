// A commission's money, worked out again from its quotes and payments every time one changes: the
// commission's totals are a summary, never a counter that a lost or repeated event could skew.

const PAYABLE_QUOTES = ["open", "deposit_paid", "paid"];

const money = (cents) => require(`${__hooks}/lib/money/money.js`).dollars(cents);

/** What the customer may pay next on a quote: { kind, amount_cents }, or why nothing. */
function dueOn(quote) {
  const kind = nextKind(quote);
  if (typeof kind !== "string") return kind;
  return { kind, amount_cents: require(`${__hooks}/lib/pricing/pricing.js`).priceCommissionPayment(quote, kind).total };
}

/** Which payment a quote expects next, or { problem } saying why none. */
function nextKind(quote) {
  switch (quote.getString("status")) {
    case "open":
      if (quote.getString("kind") === "change") return "change";
      return quote.getInt("deposit_cents") > 0 ? "deposit" : "balance";
    case "deposit_paid":
      return "balance";
    case "paid":
      return { problem: "This quote is already paid." };
    case "superseded":
      return { problem: "This quote was replaced by a newer one: please pay that one." };
    case "declined":
      return { problem: "This quote was declined." };
  }
  return { problem: "This quote cannot be paid." };
}

/** The quote's status once a payment of `kind` has arrived. */
function statusAfter(quote, kind) {
  if (kind === "deposit" && quote.getInt("total_cents") > quote.getInt("deposit_cents")) return "deposit_paid";
  return "paid";
}

/**
 * Sets total_price, amount_paid (dollars, as SPEC's commission record has them), payment_status
 * and finals_released from the quotes and payments, inside the caller's transaction.
 */
function recompute(tx, commissionId) {
  const c = tx.findRecordById("commissions", commissionId);
  const quotes = tx.findRecordsByFilter("commission_quotes", "commission = {:c}", "created", 0, 0, { c: commissionId });
  const payments = tx.findRecordsByFilter("commission_payments", "commission = {:c} && status = 'paid'", "created", 0, 0, { c: commissionId });
  let total = 0;
  let owed = 0;
  let live = 0;
  let settled = 0;
  for (const q of quotes) {
    const status = q.getString("status");
    if (PAYABLE_QUOTES.indexOf(status) < 0) continue;
    live++;
    if (status === "paid") settled++;
    total += q.getInt("total_cents");
    // An open first quote is a proposal; an open change was agreed on top of work already paid for.
    if (status !== "open" || q.getString("kind") === "change") owed += q.getInt("total_cents");
  }
  let paid = 0;
  let refunded = 0;
  for (const p of payments) {
    paid += p.getInt("amount_cents");
    refunded += p.getInt("refunded_cents");
  }
  const net = paid - refunded;
  let status;
  if (refunded > 0) status = net <= 0 ? "Refunded" : "Partly refunded";
  else if (paid === 0) status = "Unpaid";
  else status = net >= owed ? "Paid in full" : "Deposit paid";
  // The files follow the quotes, not the sums: a goodwill refund before the balance must not keep
  // them shut once the balance is paid. Only giving all the money back takes them back.
  if (status === "Refunded") c.set("finals_released", false);
  else if (live > 0 && settled === live) c.set("finals_released", true);
  c.set("total_price", total / 100);
  c.set("amount_paid", net / 100);
  c.set("payment_status", status);
  tx.save(c);
  return c;
}

/**
 * Posts a card into the commission's thread, as the studio or the customer. The text says it all
 * for any reader that does not draw cards (an older app, a mail).
 */
function postCard(tx, commission, role, card, content) {
  const m = new Record(tx.findCollectionByNameOrId("commission_messages"));
  m.set("commission", commission.id);
  m.set("sender", role === "customer" ? commission.getString("user") : "");
  m.set("sender_role", role);
  m.set("sender_name", role === "customer" ? customerFirstName(tx, commission) : "Lanternwood Studio");
  m.set("content", content);
  m.set("is_read", false);
  m.set("card", card);
  tx.save(m);
  return m;
}

function customerFirstName(tx, commission) {
  try {
    return tx.findRecordById("users", commission.getString("user")).getString("first_name") || "Customer";
  } catch (_) {
    return "Customer";
  }
}

/** The address that reaches the commission's customer: their account's, else the one given with the request. */
function customerEmail(tx, commission) {
  const userId = commission.getString("user");
  if (userId) {
    try {
      return tx.findRecordById("users", userId).email();
    } catch (_) {
      // the account is gone
    }
  }
  return commission.getString("contact_email");
}

module.exports = { money, dueOn, statusAfter, recompute, postCard, customerEmail };
