// The studio refunds a commission payment in full or in part, one that did not match included.
// Each refund carries a key from the studio's form: sending the same refund again (a double
// click, a retried request) returns the first, at Stripe (its Idempotency-Key) and here (the key
// in the payment's refunds).

function refundPayment(app, paymentId, body) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  let payment;
  try {
    payment = app.findRecordById("commission_payments", String(paymentId || ""));
  } catch (_) {
    throw new NotFoundError("This payment does not exist.");
  }
  const charged = chargedCents(payment);
  if (charged === null) throw new BadRequestError("Only a paid payment can be refunded.");
  const key = String(body.key || "").slice(0, 80);
  if (!/^[A-Za-z0-9_-]{8,80}$/.test(key)) throw new BadRequestError("A refund needs a key of 8 to 80 letters, digits, - or _.");
  const earlier = readJson(payment, "refunds", []).find((r) => r.key === key);
  if (earlier) return { refund: earlier, repeated: true };

  const left = charged - payment.getInt("refunded_cents");
  if (left <= 0) throw new BadRequestError("This payment is already refunded in full.");
  const amount = body.amount_cents === undefined || body.amount_cents === null || body.amount_cents === "" ? left : body.amount_cents;
  if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 1) throw new BadRequestError("The refund must be a whole number of cents.");
  if (amount > left) throw new BadRequestError("At most " + require(`${__hooks}/lib/commissions/commission-ledger.js`).money(left) + " of this payment is left to refund.");

  const demo = payment.getString("provider") === "demo";
  let refundId;
  if (demo) refundId = "demo_refund_" + $security.randomString(16);
  else {
    if (!payment.getString("payment_intent")) throw new BadRequestError("This payment has no payment intent to refund: refund it in the Stripe dashboard.");
    const refund = require(`${__hooks}/lib/money/stripe.js`).refundPayment(payment.getString("payment_intent"), amount, "commission-refund-" + payment.id + "-" + key, {
      commission_id: payment.getString("commission"),
      commission_payment_id: payment.id,
    });
    if (!refund.id) throw new ApiError(502, "Stripe answered without a refund id.", null);
    refundId = refund.id;
  }

  let recorded = null;
  app.runInTransaction((tx) => {
    const fresh = tx.findRecordById("commission_payments", payment.id);
    const refunds = readJson(fresh, "refunds", []);
    // Two identical requests at once both reached Stripe, which answered both with one refund.
    const same = refunds.find((r) => r.key === key || r.id === refundId);
    if (same) {
      recorded = { refund: same, repeated: true };
      return;
    }
    // Checked again where refunds are serialised: two different refunds sent together each saw
    // the whole amount left (Stripe refuses the excess itself; the demo provider does not).
    const stillLeft = chargedCents(fresh) - fresh.getInt("refunded_cents");
    if (amount > stillLeft) throw new BadRequestError("At most " + require(`${__hooks}/lib/commissions/commission-ledger.js`).money(Math.max(stillLeft, 0)) + " of this payment is left to refund.");
    const entry = { key, id: refundId, amount_cents: amount, at: new Date().toISOString() };
    refunds.push(entry);
    fresh.set("refunds", refunds);
    fresh.set("refunded_cents", fresh.getInt("refunded_cents") + amount);
    tx.save(fresh);
    const ledger = require(`${__hooks}/lib/commissions/commission-ledger.js`);
    const c = ledger.recompute(tx, fresh.getString("commission"));
    ledger.postCard(tx, c, "admin", { type: "refund", payment: fresh.id, amount_cents: amount }, `Refunded ${ledger.money(amount)}.`);
    require(`${__hooks}/lib/commissions/commission-mail.js`).refunded(tx, c, fresh, amount, demo);
    recorded = { refund: entry, repeated: false };
  });
  return recorded;
}

/**
 * What the customer was charged for a payment, or null when nothing was. A payment that did not
 * match (a second payment for what was already paid, an old page paid late) moved no money here
 * but took it from the card: what Stripe reported is what can go back.
 */
function chargedCents(payment) {
  if (payment.getString("status") === "paid") return payment.getInt("amount_cents");
  if (payment.getString("status") !== "amount_mismatch") return null;
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const reported = Number((readJson(payment, "mismatch", {}).reported || {}).amount_total);
  return Number.isInteger(reported) && reported > 0 ? reported : null;
}

module.exports = { refundPayment };
