// Turns a paid checkout session into purchases, exactly once. The webhook, the success-page
// status check and the demo provider's Pay button all come through here.

/**
 * details: { customer: { name, email, phone }, shipping: { name, address: { line1, line2, city,
 * state, postal_code, country } } }, as Stripe reports them (or the demo page collects them).
 * Returns true when this call recorded the purchases, false when they already were.
 */
function fulfil(app, providerSessionId, details) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  let recorded = false;
  app.runInTransaction((tx) => {
    // Re-read inside the transaction: SQLite serialises writers, so a concurrent repeat of the
    // same event sees fulfilled_at set by the first and records nothing.
    const session = tx.findFirstRecordByData("checkout_sessions", "provider_session_id", providerSessionId);
    if (session.getString("fulfilled_at")) return;

    // Stripe Tax's amount is known only now; manual tax was priced with the order.
    if (session.getString("tax_mode") === "stripe") session.set("tax_cents", Math.max(0, Math.round(Number(details.tax_cents) || 0)));
    // Before the lines are written: an address paid elsewhere is taxed for where it goes.
    const mismatch = require(`${__hooks}/lib/orders/paid-place.js`).checkPaidPlace(session, details);
    if (mismatch && !mismatch.settled && !mismatch.refund) console.error("ADDRESS NOT THE PLACE PRICED for checkout " + providerSessionId + ": " + mismatch.reason);
    const lines = readJson(session, "line_items", []);
    const tax = session.getInt("tax_cents");
    const taxLabel = (readJson(session, "shipping_details", {}) || {}).tax_label || "Tax";
    const code = session.getString("discount_code");
    const lineItems = lines
      .map((l) => ({ description: l.title, quantity: l.quantity, amount_total: l.unit_amount * l.quantity }))
      .concat(code && session.getInt("discount_cents") ? [{ description: "Discount (" + code + ")", quantity: 1, amount_total: -session.getInt("discount_cents") }] : [])
      .concat([{ description: "Shipping", quantity: 1, amount_total: session.getInt("shipping_cents") }])
      .concat(tax ? [{ description: taxLabel, quantity: 1, amount_total: tax }] : []);
    const purchases = tx.findCollectionByNameOrId("purchases");
    for (const l of lines) {
      // Paid is paid: the purchase is recorded even when the piece is gone, then flagged for a refund.
      const problem = takeFromStock(tx, l);
      const p = new Record(purchases);
      p.set("user", session.getString("user"));
      p.set("product_id", l.item_id);
      p.set("product_type", l.item_type);
      p.set("product_title", l.title);
      // What the buyer paid for the line: a refund of it gives back no more.
      p.set("amount", (l.unit_amount * l.quantity - (l.discount_cents || 0)) / 100);
      p.set("quantity", l.quantity);
      p.set("status", problem ? REFUND_NEEDED : "completed");
      p.set("payment_id", providerSessionId);
      p.set("metadata", {
        variant: l.variant,
        size: l.size,
        color: l.color,
        customer_details: details.customer || {},
        shipping_details: details.shipping || {},
        line_items: lineItems,
        provider: session.getString("provider"),
        payment_intent: details.payment_intent || "",
        refund_reason: problem,
        tax_included_cents: session.getInt("tax_included_cents"),
        address_mismatch: mismatch ? mismatch.reason : "",
        // A tax difference refunded at payment leaves nothing to check; another place or owed tax does.
        address_to_check: !!mismatch && (mismatch.outside_zone || mismatch.owed_cents !== 0),
        discount_code: code,
        discount_cents: l.discount_cents || 0,
      });
      tx.save(p);
      if (l.item_type === "edition" && !problem) require(`${__hooks}/lib/orders/edition-ledger.js`).issue(tx, l, p);
      if (!problem) require(`${__hooks}/lib/orders/downloads.js`).grantLine(tx, l, p, session);
    }

    require(`${__hooks}/lib/pricing/discounts.js`).flagUsedByEmail(tx, session, (details.customer || {}).email);
    session.set("status", "paid");
    session.set("fulfilled_at", new Date().toISOString());
    if (!session.getString("order_key")) session.set("order_key", newOrderKey());
    session.set("fulfilment", "unfulfilled");
    tx.save(session);
    // A line that cannot be delivered (sold meanwhile) ships no more: the state counts only the rest.
    require(`${__hooks}/lib/orders/shipments.js`).keepFulfilment(tx, session);

    const cartId = session.getString("cart_session_id");
    if (cartId) {
      const carts = tx.findRecordsByFilter("abandoned_carts", "session_id = {:id}", "", 1, 0, { id: cartId });
      if (carts.length) {
        carts[0].set("is_converted", true);
        tx.save(carts[0]);
      }
    }
    recorded = true;
  });
  // Outside the transaction: a refund is a request to Stripe. A repeat of the event retries it.
  require(`${__hooks}/lib/orders/paid-place.js`).refundTaxDifference(app, providerSessionId, details.payment_intent || "");
  refundUndeliverable(app, providerSessionId);
  return recorded;
}

const REFUND_NEEDED = "refund needed";
const REFUNDED = "refunded";

/**
 * The first to pay wins: a line paid for after its piece was sold (or its stock ran out) is
 * refunded at once, through Stripe (idempotent per purchase, so a repeated event or a concurrent
 * one refunds once) or, on the demo provider, only marked. When nothing of the order can be sent,
 * its shipping goes back with it. A refund Stripe refuses stays "refund needed" for the studio,
 * who sees it in the orders, and is logged. The status change tells buyer and studio
 * (notifications.pb.js).
 */
function refundUndeliverable(app, providerSessionId) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const session = app.findFirstRecordByData("checkout_sessions", "provider_session_id", providerSessionId);
  const shippingCents = session.getInt("shipping_cents");
  const lines = app.findRecordsByFilter("purchases", "payment_id = {:id}", "created", 0, 0, { id: providerSessionId });
  const waiting = lines.filter((p) => p.getString("status") === REFUND_NEEDED);
  if (!waiting.length) return;
  const nothingShips = lines.every((p) => p.getString("status") === REFUND_NEEDED || p.getString("status") === REFUNDED);
  const shippingRefunded = lines.some((p) => readJson(p, "metadata", {}).refund && readJson(p, "metadata", {}).refund.shipping);
  waiting.forEach((p, i) => {
    const meta = readJson(p, "metadata", {});
    const withShipping = nothingShips && !shippingRefunded && i === 0;
    const cents = Math.round(p.getFloat("amount") * 100) + (withShipping ? shippingCents : 0);
    let refundId;
    try {
      refundId = meta.provider === "stripe" ? stripeRefund(meta.payment_intent, cents, p.id) : "demo_refund_" + $security.randomString(16);
    } catch (err) {
      console.error("REFUND FAILED for purchase " + p.id + " (" + p.getString("product_title") + "): " + String(err) + ". The studio must refund it by hand.");
      return;
    }
    app.runInTransaction((tx) => {
      const fresh = tx.findRecordById("purchases", p.id);
      if (fresh.getString("status") !== REFUND_NEEDED) return;
      meta.refund = { id: refundId, amount_cents: cents, shipping: withShipping, at: new Date().toISOString() };
      fresh.set("metadata", meta);
      fresh.set("status", REFUNDED);
      tx.save(fresh);
      keepOrderState(tx, providerSessionId);
    });
  });
  // Nothing of the order ships and all of it went back: its use of a code is given back too.
  const after = app.findRecordsByFilter("purchases", "payment_id = {:id}", "", 0, 0, { id: providerSessionId });
  if (after.every((p) => p.getString("status") === REFUNDED)) require(`${__hooks}/lib/pricing/discounts.js`).returnUse(app, "", session);
}

/** A refunded line ships no more: the order's state follows (refunded once nothing is left). */
function keepOrderState(tx, providerSessionId) {
  const session = tx.findFirstRecordByData("checkout_sessions", "provider_session_id", providerSessionId);
  require(`${__hooks}/lib/orders/shipments.js`).keepFulfilment(tx, session);
}

const KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** 43 base64url characters, 258 bits: the order page's link cannot be guessed from its id. */
function newOrderKey() {
  return $security.randomStringWithAlphabet(43, KEY_ALPHABET);
}

function stripeRefund(paymentIntent, cents, purchaseId) {
  if (!paymentIntent) throw new Error("the payment has no payment intent to refund");
  const refund = require(`${__hooks}/lib/money/stripe.js`).refundPayment(paymentIntent, cents, "refund-" + purchaseId, { purchase_id: purchaseId });
  if (!refund.id) throw new Error("Stripe answered without a refund id");
  return refund.id;
}

function findOrNull(tx, collection, id) {
  try {
    return tx.findRecordById(collection, id);
  } catch (_) {
    return null;
  }
}

/**
 * A sold original leaves the shop; tracked merchandise stock goes down; an edition's numbers are
 * given once the purchase is saved. Returns why the line cannot be delivered ("" when it can): the
 * original was sold meanwhile, stock ran out or the edition's numbers did.
 * Items deleted since checkout are skipped: there is no stock left to update.
 */
function takeFromStock(tx, line) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  if (line.item_type === "painting" && line.variant === "original") {
    const p = findOrNull(tx, "paintings", line.item_id);
    if (!p) return "The painting was deleted from the shop before this payment arrived.";
    const tags = readJson(p, "tags", []);
    if (tags.indexOf("Original - For Sale") < 0 || tags.indexOf("Original - Sold Out") >= 0) {
      return "The original was already sold when this payment arrived.";
    }
    const left = tags.filter((t) => t !== "Original - For Sale");
    left.push("Original - Sold Out");
    p.set("tags", left);
    // The price it sold at stays with the sold tag: the piece's page still says what it was.
    const prices = readJson(p, "tag_prices", {}) || {};
    if (typeof prices["Original - For Sale"] === "number") prices["Original - Sold Out"] = prices["Original - For Sale"];
    p.set("tag_prices", prices);
    tx.save(p);
  }
  if (line.item_type === "edition") return require(`${__hooks}/lib/pricing/editions.js`).shortfall(tx, line);
  if (line.item_type === "merchandise") {
    const m = findOrNull(tx, "merchandise", line.item_id);
    if (!m) return "";
    const inventory = readJson(m, "inventory_count", null);
    if (typeof inventory === "number") {
      if (inventory < line.quantity) return "Only " + inventory + " were in stock when this payment arrived.";
      const left = inventory - line.quantity;
      m.set("inventory_count", left);
      if (left === 0) m.set("in_stock", false);
      tx.save(m);
    }
  }
  return "";
}

/** Closes an open session as canceled, expired or failed; a paid session stays paid. */
function markSession(app, providerSessionId, status) {
  app.runInTransaction((tx) => {
    const session = tx.findFirstRecordByData("checkout_sessions", "provider_session_id", providerSessionId);
    if (session.getString("fulfilled_at") || session.getString("status") !== "open") return;
    session.set("status", status);
    tx.save(session);
  });
}

module.exports = { fulfil, markSession, newOrderKey, REFUND_NEEDED, REFUNDED };
