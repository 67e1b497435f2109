// What an order came to, read back from what was stored when it was paid: the order page, the
// receipt, the studio's letter, the export and the tax report all show these figures, so they are
// worked out here once.

/**
 * { subtotal, discount, discount_code, shipping, tax, tax_included, tax_refunded, total } in cents
 * for a checkout session record. `total` is what the buyer paid: with Stripe Tax on prices without
 * tax, Stripe added its tax on top of the shop's total; tax refunded at payment is not in it.
 */
function amountsOf(session) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const lines = readJson(session, "line_items", []) || [];
  const subtotal = lines.reduce((sum, l) => sum + (Number(l.unit_amount) || 0) * (Number(l.quantity) || 0), 0);
  const discount = session.getInt("discount_cents") || lines.reduce((n, l) => n + (Number(l.discount_cents) || 0), 0);
  const behavior = (readJson(session, "shipping_details", {}) || {}).tax_behavior;
  const taxOnTop = session.getString("tax_mode") === "stripe" && behavior !== "inclusive";
  const taxRefunded = require(`${__hooks}/lib/orders/paid-place.js`).taxRefundOf(session);
  return {
    subtotal,
    discount,
    discount_code: session.getString("discount_code"),
    shipping: session.getInt("shipping_cents"),
    tax: session.getInt("tax_cents"),
    tax_included: session.getInt("tax_included_cents"),
    // Tax priced for one place and not due where the parcel went was given back at payment.
    tax_refunded: taxRefunded,
    total: session.getInt("amount_total") + (taxOnTop ? session.getInt("tax_cents") : 0) - taxRefunded,
  };
}

/** What was given back of an order, in cents, from its purchases' refunds. */
function refundedOf(purchases) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  return purchases.reduce((sum, p) => {
    const refund = p.getString("status") === "refunded" ? (readJson(p, "metadata", {}) || {}).refund : null;
    return sum + (refund && Number(refund.amount_cents) > 0 ? Number(refund.amount_cents) : 0);
  }, 0);
}

module.exports = { amountsOf, refundedOf };
