/// <reference path="../pb_data/types.d.ts" />
// Checkout: server-priced sessions with Stripe (STRIPE_SECRET_KEY set) or the built-in demo
// provider (STUDIO_PAYMENTS=demo), the success page's status check, and the Stripe webhook.

// A live shop with a Stripe key but no webhook secret would take payments it never records.
onBootstrap((e) => {
  const config = require(`${__hooks}/lib/config.js`);
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
    const { priceCart, HOLD_MINUTES } = require(`${__hooks}/lib/pricing.js`);
    const config = require(`${__hooks}/lib/config.js`);
    const provider = config.paymentProvider();
    if (!provider) throw new ApiError(503, "Payments are not set up yet. Your cart is saved; please try again later.", null);
    const { signedInCustomer, holderOf } = require(`${__hooks}/lib/callers.js`);
    const body = e.requestInfo().body || {};
    const user = signedInCustomer(e);
    const holder = holderOf(e);
    const cartSessionId = String(body.cart_session_id || "").slice(0, 100);
    // A new checkout from the same cart replaces the one left open before (a closed tab, a Back
    // button): its reservations would otherwise keep this buyer from their own pieces.
    if (cartSessionId) require(`${__hooks}/lib/checkout-sessions.js`).cancelOpenForCart(e.app, cartSessionId, holder);
    // The hold and the payment page end together, measured from now, before the request leaves.
    const expiresAt = new Date(Date.now() + HOLD_MINUTES * 60000);

    // Pricing and the hold are one transaction: two buyers of one original cannot both pass.
    let checkout;
    let priced;
    e.app.runInTransaction((tx) => {
      // Accounts are free to make: the larger allowance is for customers who confirmed their address.
      priced = priceCart(tx, body.items, holder, !!user && user.verified());
      checkout = new Record(tx.findCollectionByNameOrId("checkout_sessions"));
      checkout.set("provider", provider);
      checkout.set("provider_session_id", "pending_" + $security.randomString(24));
      checkout.set("status", "open");
      checkout.set("line_items", priced.lines);
      checkout.set("amount_total", priced.total);
      checkout.set("cart_session_id", cartSessionId);
      checkout.set("user", user ? user.id : "");
      checkout.set("holder", holder);
      checkout.set("expires_at", expiresAt.toISOString());
      tx.save(checkout);
    });

    let sessionId;
    let url;
    if (provider === "stripe") {
      try {
        const session = require(`${__hooks}/lib/stripe.js`).createCheckoutSession(checkout, priced, user ? user.email() : "", expiresAt);
        sessionId = session.id;
        url = session.url;
      } catch (err) {
        checkout.set("status", "failed");
        e.app.save(checkout);
        throw err;
      }
    } else {
      sessionId = "demo_" + $security.randomString(24);
      url = "/stripe-example?session_id=" + sessionId;
    }
    checkout.set("provider_session_id", sessionId);
    checkout.set("url", url);
    e.app.save(checkout);
    return e.json(200, { url, session_id: sessionId, amount_total: priced.total });
  },
  $apis.bodyLimit(65536),
);

routerAdd("GET", "/api/studio/checkout/{id}", (e) => {
  const { sessionSummary, refreshFromStripe } = require(`${__hooks}/lib/checkout-sessions.js`);
  const id = e.request.pathValue("id");
  const commission = require(`${__hooks}/lib/commission-payments.js`);
  if (commission.findBySession(e.app, id)) return e.json(200, commission.paymentSummary(e.app, id));
  refreshFromStripe(e.app, id);
  return e.json(200, sessionSummary(e.app, id));
});

// The demo provider's hosted page posts here: the same fulfilment as a paid Stripe session.
routerAdd(
  "POST",
  "/api/studio/checkout/{id}/pay",
  (e) => {
    const { demoSession, sessionSummary, demoDetails, closeIfExpired } = require(`${__hooks}/lib/checkout-sessions.js`);
    const id = e.request.pathValue("id");
    const commission = require(`${__hooks}/lib/commission-payments.js`);
    if (commission.findBySession(e.app, id)) return e.json(200, commission.payDemo(e.app, id));
    const session = demoSession(e.app, id);
    if (!session.getString("fulfilled_at")) {
      closeIfExpired(e.app, session);
      const status = e.app.findRecordById("checkout_sessions", session.id).getString("status");
      if (status !== "open") throw new BadRequestError("This checkout is " + status + " and can no longer be paid.");
    }
    require(`${__hooks}/lib/fulfilment.js`).fulfil(e.app, id, demoDetails(e.requestInfo().body || {}));
    return e.json(200, sessionSummary(e.app, id));
  },
  $apis.bodyLimit(16384),
);

routerAdd(
  "POST",
  "/api/studio/checkout/{id}/cancel",
  (e) => {
    const { cancelSession, sessionSummary } = require(`${__hooks}/lib/checkout-sessions.js`);
    const commission = require(`${__hooks}/lib/commission-payments.js`);
    const payment = commission.findBySession(e.app, e.request.pathValue("id"));
    if (payment) {
      if (payment.getString("provider") === "demo") commission.markPayment(e.app, payment.getString("provider_session_id"), "canceled");
      return e.json(200, commission.paymentSummary(e.app, payment.getString("provider_session_id")));
    }
    const id = cancelSession(e.app, e.request.pathValue("id"));
    return e.json(200, sessionSummary(e.app, id));
  },
  $apis.bodyLimit(1024),
);

routerAdd(
  "POST",
  "/api/studio/stripe/webhook",
  (e) => {
    const stripe = require(`${__hooks}/lib/stripe.js`);
    const { fulfil, markSession } = require(`${__hooks}/lib/fulfilment.js`);
    const config = require(`${__hooks}/lib/config.js`);
    const payload = toString(e.request.body);
    const problem = stripe.signatureProblem(
      e.request.header.get("Stripe-Signature"),
      payload,
      config.stripeWebhookSecret(),
      Math.floor(Date.now() / 1000),
    );
    if (problem) return e.json(400, { message: "Invalid signature: " + problem });

    let event;
    try {
      event = JSON.parse(payload);
    } catch (_) {
      return e.json(400, { message: "Invalid JSON payload" });
    }
    const object = (event.data && event.data.object) || {};
    const session = object.id ? e.app.findRecordsByFilter("checkout_sessions", "provider_session_id = {:id}", "", 1, 0, { id: String(object.id) })[0] : null;
    if (!session) {
      // Commission payments share the endpoint: their sessions are kept apart, named by metadata.
      const commission = require(`${__hooks}/lib/commission-payments.js`);
      if (object.id && commission.findBySession(e.app, object.id)) return e.json(200, commission.handleStripeEvent(e.app, event, object));
      return e.json(200, { received: true, ignored: true });
    }

    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        const mismatch = stripe.mismatchWith(session, object);
        if (mismatch) return e.json(400, { message: "The event does not match this checkout: " + mismatch });
        // Delayed methods (bank debits) complete unpaid and succeed later.
        const paid = event.type === "checkout.session.async_payment_succeeded" || object.payment_status === "paid" || object.payment_status === "no_payment_required";
        if (paid) fulfil(e.app, object.id, stripe.detailsOf(object));
        break;
      }
      case "checkout.session.async_payment_failed":
        markSession(e.app, object.id, "failed");
        break;
      case "checkout.session.expired":
        markSession(e.app, object.id, "expired");
        break;
    }
    return e.json(200, { received: true });
  },
  $apis.bodyLimit(262144),
);
