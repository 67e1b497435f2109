// What an order came to, read back from what was stored when it was paid: the order page, the
// receipt and the studio's export all show these figures, so they are worked out here once.
// Shipping is the flat rate of lib/pricing.js and tax and discount are 0 until the session stores
// its own; then they are read here and nowhere else.

/** { subtotal, shipping, tax, discount, total } in cents for a checkout session record. */
function amountsOf(session) {
  const { readJson } = require(`${__hooks}/lib/records.js`);
  const { SHIPPING_CENTS } = require(`${__hooks}/lib/pricing.js`);
  const lines = readJson(session, "line_items", []) || [];
  const subtotal = lines.reduce((sum, l) => sum + (Number(l.unit_amount) || 0) * (Number(l.quantity) || 0), 0);
  return { subtotal, shipping: SHIPPING_CENTS, tax: 0, discount: 0, total: session.getInt("amount_total") };
}

/** What was given back of an order, in cents, from its purchases' refunds. */
function refundedOf(purchases) {
  const { readJson } = require(`${__hooks}/lib/records.js`);
  return purchases.reduce((sum, p) => {
    const refund = p.getString("status") === "refunded" ? (readJson(p, "metadata", {}) || {}).refund : null;
    return sum + (refund && Number(refund.amount_cents) > 0 ? Number(refund.amount_cents) : 0);
  }, 0);
}

module.exports = { amountsOf, refundedOf };
