// Stripe's news of its checkout sessions: checked against its signature and against what was
// asked, then handed to fulfilment (shop orders) or to commission payments.

/**
 * Handles one webhook delivery: { status, body } to answer. A 400 tells Stripe to send it again;
 * a session that is not ours is acknowledged and ignored.
 */
function handleStripeWebhook(app, payload, signature) {
  const stripe = require(`${__hooks}/lib/money/stripe.js`);
  const { fulfil, markSession } = require(`${__hooks}/lib/orders/fulfilment.js`);
  const config = require(`${__hooks}/lib/base/config.js`);
  const problem = stripe.signatureProblem(signature, payload, config.stripeWebhookSecret(), Math.floor(Date.now() / 1000));
  if (problem) return { status: 400, body: { message: "Invalid signature: " + problem } };

  let event;
  try {
    event = JSON.parse(payload);
  } catch (_) {
    return { status: 400, body: { message: "Invalid JSON payload" } };
  }
  const object = (event.data && event.data.object) || {};
  // A refund made in Stripe's dashboard: an order refunded in full gives its code's use back.
  // A charge refunded in full there ends its downloads too.
  if (event.type === "charge.refunded") {
    const returned = object.refunded === true && require(`${__hooks}/lib/pricing/discounts.js`).returnUse(app, String(object.payment_intent || ""));
    const revoked = object.refunded === true ? revokeDownloads(app, object.payment_intent, "refunded") : 0;
    // The reports count each refund of a shop order's charge (checkout.pb.js), read from Stripe only
    // then when the event's charge does not list them (it does not since Stripe's API of 2022-11-15).
    return { status: 200, body: { received: true, returned: !!returned, revoked }, refunded: { charge: object, refunds: () => refundsOf(object) } };
  }
  // A dispute opened at the bank: the files stop while it lasts (docs/decisions/034).
  if (event.type === "charge.dispute.created") {
    return { status: 200, body: { received: true, revoked: revokeDownloads(app, object.payment_intent, "disputed") } };
  }
  const session = object.id ? app.findRecordsByFilter("checkout_sessions", "provider_session_id = {:id}", "", 1, 0, { id: String(object.id) })[0] : null;
  if (!session) {
    // Commission payments share the endpoint: their sessions are kept apart, named by metadata.
    const commission = require(`${__hooks}/lib/commissions/commission-payments.js`);
    if (object.id && commission.findBySession(app, object.id)) return { status: 200, body: commission.handleStripeEvent(app, event, object) };
    return { status: 200, body: { received: true, ignored: true } };
  }

  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const mismatch = stripe.mismatchWith(session, object);
      if (mismatch) return { status: 400, body: { message: "The event does not match this checkout: " + mismatch } };
      // Delayed methods (bank debits) complete unpaid and succeed later.
      const paid = event.type === "checkout.session.async_payment_succeeded" || object.payment_status === "paid" || object.payment_status === "no_payment_required";
      if (paid) fulfil(app, object.id, stripe.detailsOf(object));
      break;
    }
    case "checkout.session.async_payment_failed":
      markSession(app, object.id, "failed");
      break;
    case "checkout.session.expired":
      markSession(app, object.id, "expired");
      break;
  }
  return { status: 200, body: { received: true } };
}

/** A charge's refunds, oldest first. */
function refundsOf(charge) {
  const listed = charge.refunds && Array.isArray(charge.refunds.data) && !charge.refunds.has_more ? charge.refunds.data : null;
  const refunds = listed || (charge.id ? require(`${__hooks}/lib/money/stripe.js`).refundsOfCharge(String(charge.id)) : []);
  return refunds.slice().sort((a, b) => (Number(a.created) || 0) - (Number(b.created) || 0));
}

function revokeDownloads(app, paymentIntent, reason) {
  return require(`${__hooks}/lib/orders/downloads.js`).revokePayment(app, String(paymentIntent || ""), reason);
}

module.exports = { handleStripeWebhook };
