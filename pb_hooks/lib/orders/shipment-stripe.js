// Proof for disputes: an order paid through Stripe carries its carriers and tracking numbers on
// the PaymentIntent's shipping, where Stripe shows them when a buyer says a parcel never arrived.
// Sent after the shipment is saved and never in its way: a failure leaves stripe_sync "failed"
// with Stripe's answer for the studio, and is tried again on the studio's next action on the
// order and by the cron of shipments.pb.js.

/** The PaymentIntent of an order paid through Stripe, or "" (demo orders, or none recorded). */
function paymentIntentOf(app, order) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  if (order.getString("provider") !== "stripe") return "";
  const purchases = app.findRecordsByFilter("purchases", "payment_id = {:id}", "created", 0, 0, { id: order.getString("provider_session_id") });
  for (const p of purchases) {
    const pi = readJson(p, "metadata", {}).payment_intent;
    if (pi) return String(pi);
  }
  return "";
}

function shippingOf(app, order, shipments) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const { carrierName } = require(`${__hooks}/lib/orders/carriers.js`);
  const purchases = app.findRecordsByFilter("purchases", "payment_id = {:id}", "created", 1, 0, { id: order.getString("provider_session_id") });
  const meta = purchases.length ? readJson(purchases[0], "metadata", {}) : {};
  const ship = meta.shipping_details || {};
  const address = ship.address || {};
  if (!address.line1) return null;
  const carriers = [];
  for (const s of shipments) {
    const name = carrierName(s.getString("carrier"));
    if (carriers.indexOf(name) < 0) carriers.push(name);
  }
  const pick = (keys) => keys.reduce((out, k) => (address[k] ? Object.assign(out, { [k]: String(address[k]) }) : out), {});
  return {
    name: ship.name || (meta.customer_details || {}).name || "Customer",
    address: pick(["line1", "line2", "city", "state", "postal_code", "country"]),
    carrier: carriers.join(", "),
    // Stripe keeps one shipping per payment: several parcels are several numbers, comma separated.
    tracking_number: shipments.map((s) => s.getString("tracking_number")).join(", "),
  };
}

function mark(app, shipments, state, error) {
  app.runInTransaction((tx) => {
    for (const s of shipments) {
      const fresh = tx.findRecordById("shipments", s.id);
      fresh.set("stripe_sync", state);
      fresh.set("stripe_error", error);
      tx.save(fresh);
    }
  });
}

/** Sends the order's shipping to Stripe when a shipment of it waits (pending) or failed before. */
function syncOrder(app, orderId) {
  let order;
  try {
    order = app.findRecordById("checkout_sessions", String(orderId || ""));
  } catch (_) {
    return;
  }
  const all = app.findRecordsByFilter("shipments", "order = {:id}", "created", 0, 0, { id: order.id });
  const waiting = all.filter((s) => s.getString("stripe_sync") === "pending" || s.getString("stripe_sync") === "failed");
  if (!waiting.length) return;
  const pi = paymentIntentOf(app, order);
  const shipping = shippingOf(app, order, all);
  if (!pi || !shipping) {
    mark(app, waiting, "failed", pi ? "The payment has no shipping address to give Stripe." : "The payment has no PaymentIntent recorded.");
    return;
  }
  const key = "shipping-" + order.id + "-" + $security.sha256(JSON.stringify(shipping)).slice(0, 32);
  try {
    require(`${__hooks}/lib/money/stripe.js`).updatePaymentShipping(pi, shipping, key);
  } catch (err) {
    const message = String((err && err.message) || err).slice(0, 1900);
    console.error("STRIPE SHIPPING NOT UPDATED for order " + order.id + ": " + message);
    mark(app, waiting, "failed", message);
    return;
  }
  mark(app, waiting, "done", "");
}

/** The cron's pass: every order with a shipment still waiting for Stripe. */
function retryWaiting(app) {
  const rows = app.findRecordsByFilter("shipments", "order != '' && (stripe_sync = 'failed' || stripe_sync = 'pending')", "created", 200, 0);
  const orders = [];
  for (const s of rows) if (orders.indexOf(s.getString("order")) < 0) orders.push(s.getString("order"));
  for (const id of orders) syncOrder(app, id);
}

module.exports = { paymentIntentOf, syncOrder, retryWaiting };
