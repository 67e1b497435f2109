/// <reference path="../pb_data/types.d.ts" />
// Checkout: server-priced sessions with Stripe (STRIPE_SECRET_KEY set) or the built-in demo
// provider (STUDIO_PAYMENTS=demo), the success page's status check, and the Stripe webhook. The
// work is in lib/checkout/checkout.js and lib/checkout/webhook.js; the prices in lib/pricing/pricing.js.

// A live shop with a Stripe key but no webhook secret would take payments it never records.
onBootstrap((e) => {
  const config = require(`${__hooks}/lib/base/config.js`);
  if (config.stripeSecretKey() && !config.stripeWebhookSecret()) {
    console.error(
      "STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: set it to the signing secret (whsec_...) of the webhook endpoint /api/studio/stripe/webhook.",
    );
    $os.exit(1);
  }
  e.next();
});

routerAdd(
  "POST",
  "/api/studio/checkout",
  (e) => {
    const checkout = require(`${__hooks}/lib/checkout/checkout.js`);
    // Before the body is read: without a provider, nothing about the cart matters yet.
    checkout.requireProvider();
    const { signedInCustomer, holderOf } = require(`${__hooks}/lib/base/callers.js`);
    const body = e.requestInfo().body || {};
    const cartSessionId = String(body.cart_session_id || "").slice(0, 100);
    const buyerKey = $security.randomString(40);
    // The visit the checkout began in (reports): its payment is counted for where that visit came from.
    const visits = require(`${__hooks}/lib/reports/visits.js`);
    const visit = visits.notCounted(e) ? "" : visits.checkoutStarted(e.app, body.visit_id);
    const opened = checkout.openCheckout(e.app, { items: body.items, user: signedInCustomer(e), holder: holderOf(e), cartSessionId, country: body.country, region: body.region, code: body.code, buyerKey, visit, withdrawalWaiver: body.withdrawal_waiver });
    checkout.giveBuyerKey(e, buyerKey);
    return e.json(200, opened);
  },
  $apis.bodyLimit(65536),
);

routerAdd("GET", "/api/studio/checkout/{id}", (e) => {
  const caller = require(`${__hooks}/lib/base/callers.js`).signedInCustomer(e);
  return e.json(200, require(`${__hooks}/lib/checkout/checkout.js`).checkoutStatus(e, e.request.pathValue("id"), caller));
});

// The demo provider's hosted page posts here: the same fulfilment as a paid Stripe session.
routerAdd(
  "POST",
  "/api/studio/checkout/{id}/pay",
  (e) => {
    const { payOnDemoPage } = require(`${__hooks}/lib/checkout/checkout.js`);
    return e.json(200, payOnDemoPage(e.app, e.request.pathValue("id"), e.requestInfo().body || {}));
  },
  $apis.bodyLimit(16384),
);

routerAdd(
  "POST",
  "/api/studio/checkout/{id}/cancel",
  (e) => {
    return e.json(200, require(`${__hooks}/lib/checkout/checkout.js`).cancelCheckout(e.app, e.request.pathValue("id")));
  },
  $apis.bodyLimit(1024),
);

routerAdd(
  "POST",
  "/api/studio/stripe/webhook",
  (e) => {
    const { handleStripeWebhook } = require(`${__hooks}/lib/checkout/webhook.js`);
    const answer = handleStripeWebhook(e.app, toString(e.request.body), e.request.header.get("Stripe-Signature"));
    if (answer.refunded) require(`${__hooks}/lib/reports/refund-tallies.js`).chargeRefunded(e.app, answer.refunded.charge, answer.refunded.refunds);
    return e.json(answer.status, answer.body);
  },
  $apis.bodyLimit(262144),
);
