/// <reference path="../pb_data/types.d.ts" />
// Checkout: server-priced sessions with Stripe (STRIPE_SECRET_KEY set) or the built-in demo
// provider (no key), the success page's status check, and the Stripe webhook.

routerAdd("POST", "/api/studio/checkout", (e) => {
  const { priceCart } = require(`${__hooks}/lib/pricing.js`);
  const config = require(`${__hooks}/lib/config.js`);
  const body = e.requestInfo().body || {};
  const priced = priceCart(e.app, body.items);
  const user = e.auth && e.auth.collection().name === "users" ? e.auth : null;
  const useStripe = !!config.stripeSecretKey();

  const checkout = new Record(e.app.findCollectionByNameOrId("checkout_sessions"));
  checkout.set("provider", useStripe ? "stripe" : "demo");
  checkout.set("provider_session_id", "pending_" + $security.randomString(24));
  checkout.set("status", "open");
  checkout.set("line_items", priced.lines);
  checkout.set("amount_total", priced.total);
  checkout.set("cart_session_id", String(body.cart_session_id || "").slice(0, 100));
  checkout.set("user", user ? user.id : "");
  e.app.save(checkout);

  let sessionId;
  let url;
  if (useStripe) {
    try {
      const session = require(`${__hooks}/lib/stripe.js`).createCheckoutSession(checkout, priced, user ? user.email() : "");
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
});

routerAdd("GET", "/api/studio/checkout/{id}", (e) => {
  const { sessionSummary, refreshFromStripe } = require(`${__hooks}/lib/checkout-sessions.js`);
  const id = e.request.pathValue("id");
  refreshFromStripe(e.app, id);
  return e.json(200, sessionSummary(e.app, id));
});

// The demo provider's hosted page posts here: the same fulfilment as a paid Stripe session.
routerAdd("POST", "/api/studio/checkout/{id}/pay", (e) => {
  const { demoSession, sessionSummary, demoDetails } = require(`${__hooks}/lib/checkout-sessions.js`);
  const id = e.request.pathValue("id");
  const session = demoSession(e.app, id);
  if (session.getString("status") !== "open" && !session.getString("fulfilled_at")) {
    throw new BadRequestError("This checkout is " + session.getString("status") + " and can no longer be paid.");
  }
  require(`${__hooks}/lib/fulfilment.js`).fulfil(e.app, id, demoDetails(e.requestInfo().body || {}));
  return e.json(200, sessionSummary(e.app, id));
});

routerAdd("POST", "/api/studio/checkout/{id}/cancel", (e) => {
  const { demoSession, sessionSummary } = require(`${__hooks}/lib/checkout-sessions.js`);
  const id = e.request.pathValue("id");
  demoSession(e.app, id);
  require(`${__hooks}/lib/fulfilment.js`).markSession(e.app, id, "canceled");
  return e.json(200, sessionSummary(e.app, id));
});

routerAdd("POST", "/api/studio/stripe/webhook", (e) => {
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
  const known = object.id && e.app.countRecords("checkout_sessions", $dbx.hashExp({ provider_session_id: object.id })) > 0;
  if (!known) return e.json(200, { received: true, ignored: true });

  switch (event.type) {
    case "checkout.session.completed":
      // Delayed methods (bank debits) complete unpaid and succeed later.
      if (object.payment_status === "paid" || object.payment_status === "no_payment_required") {
        fulfil(e.app, object.id, stripe.detailsOf(object));
      }
      break;
    case "checkout.session.async_payment_succeeded":
      fulfil(e.app, object.id, stripe.detailsOf(object));
      break;
    case "checkout.session.async_payment_failed":
      markSession(e.app, object.id, "failed");
      break;
    case "checkout.session.expired":
      markSession(e.app, object.id, "expired");
      break;
  }
  return e.json(200, { received: true });
});
