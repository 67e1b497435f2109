// A shop checkout from opening to its end: the priced session and its hold, the success page's
// status, and the demo page's pay and cancel. Commission payments share the session routes and
// are told apart by their session id (lib/commissions/commission-payments.js).

/**
 * Opens a checkout for `items`: prices them and holds what they take out of the shop in one
 * transaction, then opens the payment page. Returns { url, session_id, amount_total }.
 */
function openCheckout(app, { items, user, holder, cartSessionId, country, region, code, buyerKey, withdrawalWaiver, visit }) {
  const { priceOrder, HOLD_MINUTES } = require(`${__hooks}/lib/pricing/pricing.js`);
  const provider = requireProvider();
  // A new checkout from the same cart replaces the one left open before (a closed tab, a Back
  // button): its reservations would otherwise keep this buyer from their own pieces.
  if (cartSessionId) require(`${__hooks}/lib/orders/checkout-sessions.js`).cancelOpenForCart(app, cartSessionId, holder);
  // The hold and the payment page end together, measured from now, before the request leaves.
  const expiresAt = new Date(Date.now() + HOLD_MINUTES * 60000);

  // Pricing and the hold are one transaction: two buyers of one original, or of a capped code's
  // last use, cannot both pass.
  let checkout;
  let priced;
  app.runInTransaction((tx) => {
    // Accounts are free to make: the larger allowance is for customers who confirmed their address.
    priced = priceOrder(tx, { items, holder, trusted: !!user && user.verified(), country, region, code });
    if (priced.code_refusal) throw new ApiError(priced.code_refusal.status, priced.code_refusal.message, null);
    const waiver = require(`${__hooks}/lib/pricing/withdrawal.js`).consentAtCheckout(priced, withdrawalWaiver);
    checkout = new Record(tx.findCollectionByNameOrId("checkout_sessions"));
    checkout.set("provider", provider);
    checkout.set("provider_session_id", "pending_" + $security.randomString(24));
    checkout.set("status", "open");
    checkout.set("line_items", priced.lines);
    checkout.set("amount_total", priced.total);
    keepPricing(checkout, priced);
    checkout.set("cart_session_id", cartSessionId);
    checkout.set("visit", visit || "");
    checkout.set("user", user ? user.id : "");
    checkout.set("holder", holder);
    checkout.set("buyer_key_digest", buyerKey ? $security.sha256(buyerKey) : "");
    checkout.set("expires_at", expiresAt.toISOString());
    checkout.set("discount_code", priced.discount_code);
    checkout.set("discount_cents", priced.discount);
    checkout.set("discount_free_shipping", !!priced.free_shipping);
    if (waiver) checkout.set("withdrawal_waiver", waiver);
    tx.save(checkout);
  });

  let sessionId;
  let url;
  if (provider === "stripe") {
    try {
      const coupon = priced.discount > 0 ? require(`${__hooks}/lib/pricing/discounts.js`).stripeCoupon(app, priced.discount_code, priced.discount) : "";
      const tax = require(`${__hooks}/lib/pricing/tax.js`).stripeTaxOf(app, priced);
      const session = require(`${__hooks}/lib/money/stripe.js`).createCheckoutSession(checkout, priced, tax, user ? user.email() : "", expiresAt, coupon);
      sessionId = session.id;
      url = session.url;
    } catch (err) {
      checkout.set("status", "failed");
      app.save(checkout);
      throw err;
    }
  } else {
    sessionId = "demo_" + $security.randomString(24);
    url = "/stripe-example?session_id=" + sessionId;
  }
  checkout.set("provider_session_id", sessionId);
  checkout.set("url", url);
  app.save(checkout);
  return { url, session_id: sessionId, amount_total: priced.total };
}

/** What the order was priced with: the success page, the receipt, the report and the webhook's check read it. */
function keepPricing(checkout, priced) {
  checkout.set("subtotal_cents", priced.subtotal);
  checkout.set("shipping_cents", priced.shipping);
  checkout.set("tax_cents", priced.tax);
  checkout.set("tax_included_cents", priced.tax_included);
  checkout.set("tax_mode", priced.tax_mode);
  checkout.set("ship_country", priced.ship_country);
  checkout.set("ship_region", priced.ship_region);
  checkout.set("shipping_zone", priced.shipping_zone);
  checkout.set("shipping_details", {
    zone_name: priced.shipping_zone_name,
    countries: priced.allowed_countries,
    zone_countries: priced.zone_countries,
    estimate: priced.delivery_estimate,
    tax_label: priced.tax_label,
    shipping_tax: priced.shipping_tax,
    tax_behavior: priced.tax_mode === "stripe" ? require(`${__hooks}/lib/pricing/shop-settings.js`).taxSettings($app).tax_behavior : "",
  });
}

/** The payment provider checkouts open with, or a 503 while there is none. */
function requireProvider() {
  const provider = require(`${__hooks}/lib/base/config.js`).paymentProvider();
  if (!provider) throw new ApiError(503, "Payments are not set up yet. Your cart is saved; please try again later.", null);
  return provider;
}

/**
 * What the success page may know of a session, a shop order's or a commission payment's. Whoever
 * holds a paid order's session id is its buyer and is given the order page's address; an order
 * placed from an account only to that account.
 */
// The success page shows the order page's address right after payment; later the receipt carries it.
const ORDER_LINK_MS = 60 * 60 * 1000;
const BUYER_COOKIE = "studio_checkout";

/** Gives the browser that opened a checkout its key, in a cookie only the checkout routes receive. */
function giveBuyerKey(e, key) {
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  const { HOLD_MINUTES } = require(`${__hooks}/lib/pricing/pricing.js`);
  e.setCookie(
    new Cookie({
      name: BUYER_COOKIE,
      value: key,
      path: "/api/studio/checkout",
      httpOnly: true,
      secure: siteUrl().indexOf("https:") === 0,
      sameSite: 2, // Lax: the buyer comes back from the payment page by a link
      maxAge: HOLD_MINUTES * 60 + ORDER_LINK_MS / 1000,
    }),
  );
}

/**
 * Whether the order page's address may go to this caller: the checkout's own browser (its key)
 * or its own account, and only within ORDER_LINK_MS of the payment. Anyone else holding the
 * checkout's id (it travels in addresses) gets the rest of the summary, never the key.
 */
function mayOpenOrderPage(e, session, caller) {
  const paid = Date.parse(session.getString("fulfilled_at").replace(" ", "T"));
  if (!(paid > Date.now() - ORDER_LINK_MS)) return false;
  const owner = session.getString("user");
  if (owner) return !!caller && caller.id === owner;
  let key = "";
  try {
    key = e.request.cookie(BUYER_COOKIE).value;
  } catch (_) {
    return false;
  }
  const digest = session.getString("buyer_key_digest");
  return !!key && !!digest && $security.equal($security.sha256(key), digest);
}

function checkoutStatus(e, id, caller) {
  const app = e.app;
  const { sessionSummary, refreshFromStripe } = require(`${__hooks}/lib/orders/checkout-sessions.js`);
  const commission = require(`${__hooks}/lib/commissions/commission-payments.js`);
  if (commission.findBySession(app, id)) return commission.paymentSummary(app, id);
  refreshFromStripe(app, id);
  const summary = sessionSummary(app, id);
  const session = app.findFirstRecordByData("checkout_sessions", "provider_session_id", String(id));
  if (summary.status === "paid" && mayOpenOrderPage(e, session, caller)) {
    const page = require(`${__hooks}/lib/orders/orders.js`).orderPath(session);
    if (page) summary.order_page = page;
  }
  return summary;
}

/** The demo page's Pay: the same fulfilment as a paid Stripe session. */
function payOnDemoPage(app, id, body) {
  const { demoSession, sessionSummary, demoDetails, closeIfExpired } = require(`${__hooks}/lib/orders/checkout-sessions.js`);
  const commission = require(`${__hooks}/lib/commissions/commission-payments.js`);
  if (commission.findBySession(app, id)) return commission.payDemo(app, id);
  let session = demoSession(app, id);
  if (!session.getString("fulfilled_at")) {
    closeIfExpired(app, session);
    session = app.findRecordById("checkout_sessions", session.id);
    // A second tap on Pay that read the checkout just before the first one's payment committed
    // finds it paid now: it answers like the first, as a replayed payment does.
    const status = session.getString("status");
    if (!session.getString("fulfilled_at") && status !== "open") throw new BadRequestError("This checkout is " + status + " and can no longer be paid.");
  }
  const ships = sessionSummary(app, id).ships;
  const details = demoDetails(body, ships);
  if (!session.getString("fulfilled_at") && ships) keepToPricedPlace(session, details.shipping.address);
  require(`${__hooks}/lib/orders/fulfilment.js`).fulfil(app, id, details);
  return sessionSummary(app, id);
}

/**
 * The demo page keeps the place the order was priced for, as Stripe's page keeps its countries:
 * only those countries, and the US state whose tax was charged (filled in when left out).
 */
function keepToPricedPlace(session, address) {
  const allowed = (require(`${__hooks}/lib/base/records.js`).readJson(session, "shipping_details", {}) || {}).countries || [];
  const region = session.getString("ship_region");
  const back = ": to ship elsewhere, go back to the cart and choose the place there, so shipping and tax are worked out for it.";
  if (allowed.length && allowed.indexOf(address.country) < 0) {
    const zone = (require(`${__hooks}/lib/base/records.js`).readJson(session, "shipping_details", {}) || {}).zone_name;
    throw new BadRequestError("This order was priced for shipping to " + (allowed.length === 1 ? allowed[0] : zone + " (" + allowed.slice().sort().join(", ") + ")") + back);
  }
  if (!region || address.country !== "US") return;
  const state = address.state.trim().toUpperCase();
  if (!state) address.state = region;
  else if (state !== region) throw new BadRequestError("This order was priced for shipping to " + region + ", whose sales tax it charges" + back);
  else address.state = region;
}

/** The demo page's Cancel, or the page Stripe sends a buyer back to: releases the hold. */
function cancelCheckout(app, id) {
  const { cancelSession, sessionSummary } = require(`${__hooks}/lib/orders/checkout-sessions.js`);
  const commission = require(`${__hooks}/lib/commissions/commission-payments.js`);
  const payment = commission.findBySession(app, id);
  if (payment) {
    if (payment.getString("provider") === "demo") commission.markPayment(app, payment.getString("provider_session_id"), "canceled");
    return commission.paymentSummary(app, payment.getString("provider_session_id"));
  }
  return sessionSummary(app, cancelSession(app, id));
}

module.exports = { requireProvider, openCheckout, giveBuyerKey, checkoutStatus, payOnDemoPage, cancelCheckout };
