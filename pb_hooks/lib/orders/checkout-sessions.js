// Reading checkout sessions for the browser: what the success and demo pages may know.

function find(app, id) {
  try {
    return app.findFirstRecordByData("checkout_sessions", "provider_session_id", String(id || ""));
  } catch (_) {
    throw new NotFoundError("This checkout session does not exist.");
  }
}

function sessionSummary(app, id) {
  const s = find(app, id);
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const lines = readJson(s, "line_items", []);
  const details = readJson(s, "shipping_details", {}) || {};
  return {
    session_id: id,
    provider: s.getString("provider"),
    expires_at: s.getString("expires_at"),
    status: s.getString("status"),
    amount_total: require(`${__hooks}/lib/orders/order-amounts.js`).amountsOf(s).total,
    shipping: s.getInt("shipping_cents"),
    discount_code: s.getString("discount_code"),
    discount: s.getInt("discount_cents"),
    tax: s.getInt("tax_cents"),
    tax_included: s.getInt("tax_included_cents"),
    tax_label: details.tax_label || "",
    tax_mode: s.getString("tax_mode"),
    ship_country: s.getString("ship_country"),
    ship_region: s.getString("ship_region"),
    shipping_zone_name: details.zone_name || "",
    // The demo page offers only these, as Stripe's page does.
    allowed_countries: details.countries || [],
    // false for downloads alone: no parcel, so no address is asked for.
    ships: lines.some((l) => l.item_type !== "digital"),
    lines: lines.map((l) => ({ title: l.title, quantity: l.quantity, unit_amount: l.unit_amount, item_type: l.item_type, discount_cents: l.discount_cents || 0, code_excluded: !!l.code_excluded })),
  };
}

function demoSession(app, id) {
  const s = find(app, id);
  requireDemoPayable(s);
  return s;
}

/** A session the demo page may pay (a shop order's or a commission payment's): opened by the demo provider, which is still on. */
function requireDemoPayable(record) {
  if (record.getString("provider") !== "demo") throw new BadRequestError("This session is paid through Stripe, not the demo page.");
  if (require(`${__hooks}/lib/base/config.js`).paymentProvider() !== "demo") {
    throw new BadRequestError("The demo payment provider is off: this checkout can no longer be paid.");
  }
}

/**
 * Cancels an open session and so releases its hold: the demo page's Cancel, or the canceled page
 * Stripe sends the buyer back to (by our checkout id). A Stripe session is expired at Stripe first,
 * so it cannot be paid after its hold is gone. Returns the provider session id.
 */
function cancelSession(app, id) {
  let s;
  try {
    s = find(app, id);
  } catch (_) {
    s = app.findRecordsByFilter("checkout_sessions", "id = {:id}", "", 1, 0, { id: String(id || "") })[0];
    if (!s) throw new NotFoundError("This checkout session does not exist.");
  }
  const providerId = s.getString("provider_session_id");
  if (s.getString("status") !== "open") return providerId;
  if (s.getString("provider") === "demo") demoSession(app, providerId);
  else require(`${__hooks}/lib/money/stripe.js`).expireCheckoutSession(providerId);
  require(`${__hooks}/lib/orders/fulfilment.js`).markSession(app, providerId, "canceled");
  return providerId;
}

/**
 * Cancels the open sessions of one cart started by the same holder (a cart id alone, if it ever
 * leaked, must not let someone else end a buyer's checkout); one that cannot be canceled (paid
 * meanwhile) is left to its webhook.
 */
function cancelOpenForCart(app, cartSessionId, holder) {
  const { sameHolder } = require(`${__hooks}/lib/base/callers.js`);
  const open = app.findRecordsByFilter("checkout_sessions", "cart_session_id = {:cart} && status = 'open'", "", 20, 0, { cart: cartSessionId });
  for (const s of open) {
    if (!sameHolder(s.getString("holder"), holder)) continue;
    try {
      cancelSession(app, s.getString("provider_session_id"));
    } catch (err) {
      console.log("an earlier checkout of this cart stays open:", String(err));
    }
  }
}

/** An open session past its hold is expired: the demo page cannot pay it any more. */
function closeIfExpired(app, s) {
  const expires = s.getString("expires_at");
  if (s.getString("status") === "open" && expires && expires < new Date().toISOString().replace("T", " ")) {
    require(`${__hooks}/lib/orders/fulfilment.js`).markSession(app, s.getString("provider_session_id"), "expired");
  }
}

// How long one answer from Stripe about a session is reused: repeated status reads (a success page
// polling, or a script) cost at most one Stripe call per session per window.
const STRIPE_READ_CACHE_MS = 10000;

// The success page may arrive before Stripe's webhook: ask Stripe, never the browser.
function refreshFromStripe(app, id) {
  const s = find(app, id);
  if (s.getString("provider") !== "stripe") {
    closeIfExpired(app, s);
    return;
  }
  if (s.getString("status") !== "open") return;
  const cacheKey = "stripe-read:" + id;
  const last = app.store().get(cacheKey);
  if (last && Date.now() - last < STRIPE_READ_CACHE_MS) return;
  app.store().set(cacheKey, Date.now());
  const stripe = require(`${__hooks}/lib/money/stripe.js`);
  const { fulfil, markSession } = require(`${__hooks}/lib/orders/fulfilment.js`);
  try {
    const remote = stripe.retrieveCheckoutSession(id);
    if (remote.payment_status === "paid" && !stripe.mismatchWith(s, remote)) fulfil(app, id, stripe.detailsOf(remote));
    else if (remote.status === "expired") markSession(app, id, "expired");
  } catch (err) {
    // Stripe unreachable: report what we know; the webhook will settle it.
    console.log("checkout status refresh failed:", err);
  }
}

function text(v, max) {
  return String(v == null ? "" : v).trim().slice(0, max || 200);
}

/** What the demo page's form collected, checked like a hosted checkout would. */
/** What the demo page's Pay sent, as Stripe would report it; an order that `ships` nothing needs no address. */
function demoDetails(body, ships) {
  const c = body.customer || {};
  const s = body.shipping || {};
  const a = s.address || {};
  const details = {
    customer: { name: text(c.name), email: text(c.email), phone: text(c.phone, 40) },
    shipping: {
      name: text(s.name || c.name),
      address: {
        line1: text(a.line1),
        line2: text(a.line2),
        city: text(a.city, 100),
        state: text(a.state, 100),
        postal_code: text(a.postal_code, 20),
        country: text(a.country, 2).toUpperCase(),
      },
    },
  };
  const missing = [];
  if (!details.customer.name) missing.push("name");
  if (details.customer.email.indexOf("@") < 1) missing.push("a valid email");
  if (ships !== false) {
    if (!details.shipping.address.line1) missing.push("address");
    if (!details.shipping.address.city) missing.push("city");
    if (!details.shipping.address.postal_code) missing.push("postal code");
    if (!/^[A-Z]{2}$/.test(details.shipping.address.country)) missing.push("country");
  }
  if (missing.length) throw new BadRequestError("Please provide " + missing.join(", ") + ".");
  return details;
}

module.exports = { sessionSummary, demoSession, requireDemoPayable, cancelSession, cancelOpenForCart, refreshFromStripe, demoDetails, closeIfExpired };
