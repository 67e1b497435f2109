// The Stripe REST API, spoken directly with $http.send (form-encoded, as Stripe expects).
const config = require(`${__hooks}/lib/base/config.js`);

// Flattens { a: { b: [ { c: 1 } ] } } into a[b][0][c]=1, Stripe's form encoding.
function encode(value, prefix, out) {
  out = out || [];
  if (value === null || value === undefined) return out;
  if (typeof value === "object") {
    for (const key of Object.keys(value)) encode(value[key], prefix ? prefix + "[" + key + "]" : key, out);
  } else {
    out.push(encodeURIComponent(prefix) + "=" + encodeURIComponent(String(value)));
  }
  return out;
}

function call(method, path, params, idempotencyKey, failure) {
  const problem = require(`${__hooks}/lib/money/stripe-rules.js`).stripeProblem(path, params, Date.now());
  if (problem) {
    console.error("Stripe request not sent:", method, path, problem);
    throw new BadRequestError(problem.indexOf("The amount") === 0 ? problem : "This payment could not be started: " + problem);
  }
  const headers = {
    Authorization: "Bearer " + config.stripeSecretKey(),
    "Content-Type": "application/x-www-form-urlencoded",
    "Stripe-Version": "2024-06-20",
  };
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  const res = $http.send({
    method,
    url: config.stripeApiBase() + path,
    body: params ? encode(params).join("&") : "",
    headers,
    timeout: 30,
  });
  if (res.statusCode < 200 || res.statusCode >= 300) {
    const message = res.json && res.json.error && res.json.error.message;
    throw new ApiError(502, (failure || "Error creating checkout session") + ": " + res.statusCode + (message ? " (" + message + ")" : ""), null);
  }
  if (!res.json || typeof res.json !== "object") throw new ApiError(502, "Invalid response format from checkout service", null);
  return res.json;
}

/** A Checkout Session for a priced order; `tax` is Stripe Tax's part of it (lib/pricing/tax.js stripeTaxOf). */
function createCheckoutSession(checkout, priced, tax, customerEmail, expiresAt, coupon) {
  const site = config.siteUrl();
  const lineItems = priced.lines.map((l) => ({
    quantity: l.quantity,
    price_data: {
      currency: "usd",
      unit_amount: l.unit_amount,
      tax_behavior: tax.behavior,
      product_data: {
        name: l.title,
        tax_code: tax.codeOf(l.shipping_class),
        metadata: { item_id: l.item_id, item_type: l.item_type, variant: l.variant, size: l.size, color: l.color },
      },
    },
  }));
  // Manual tax is one line of the shop's own amount: Stripe's total is then the shop's to the
  // cent, whatever Stripe would round per line (docs/decisions/022).
  if (priced.tax > 0) lineItems.push({ quantity: 1, price_data: { currency: "usd", unit_amount: priced.tax, product_data: { name: priced.tax_label || "Tax" } } });
  const params = {
    mode: "payment",
    success_url: site + "/checkout/success?session_id={CHECKOUT_SESSION_ID}",
    // The canceled page releases the hold at once (our id: Stripe fills {CHECKOUT_SESSION_ID} only on success).
    cancel_url: site + "/checkout/canceled?checkout=" + checkout.id,
    line_items: lineItems,
    phone_number_collection: { enabled: true },
    // Originals and stock are held for the checkout; the session ends with the hold.
    expires_at: Math.floor(expiresAt.getTime() / 1000),
    metadata: {
      checkout_id: checkout.id,
      cart_session_id: checkout.getString("cart_session_id"),
      user_id: checkout.getString("user"),
    },
  };
  // The buyer can only give an address in the zone that was priced; an order of downloads alone asks none.
  if (priced.ships !== false) {
    params.shipping_address_collection = { allowed_countries: priced.allowed_countries };
    params.shipping_options = [shippingOption(priced, tax)];
  }
  if (tax.automatic) params.automatic_tax = { enabled: true };
  const notes = [];
  if (priced.discount_code && priced.discount > 0) {
    const left = priced.lines.filter((l) => l.code_excluded).map((l) => l.title);
    if (left.length) notes.push(priced.discount_code + " does not cover " + left.join(", ") + ".");
  }
  if (priced.tax_included > 0) notes.push("Prices include " + require(`${__hooks}/lib/money/money.js`).dollars(priced.tax_included) + " tax.");
  if (notes.length) params.custom_text = { submit: { message: notes.join(" ").slice(0, 1200) } };
  if (customerEmail) params.customer_email = customerEmail;
  // An amount_off coupon of exactly the shop's discount (lib/pricing/discounts.js stripeCoupon): Stripe's
  // total is then the shop's to the cent, whichever lines the code covers.
  if (coupon) params.discounts = [{ coupon }];
  const session = call("POST", "/v1/checkout/sessions", params, "checkout-" + checkout.id);
  if (!session.id || !session.url) throw new ApiError(502, "Invalid response from checkout service", null);
  return session;
}


/** The one shipping option: the rate computed for the zone, with its delivery estimate. */
function shippingOption(priced, tax) {
  const data = {
    type: "fixed_amount",
    fixed_amount: { amount: priced.shipping, currency: "usd" },
    display_name: priced.shipping ? "Shipping to " + priced.shipping_zone_name : "Free shipping to " + priced.shipping_zone_name,
    tax_behavior: tax.behavior,
    tax_code: tax.automatic ? tax.shippingCode : undefined,
  };
  const e = priced.delivery_estimate;
  if (e) {
    data.delivery_estimate = {};
    if (e.min_days) data.delivery_estimate.minimum = { unit: "business_day", value: e.min_days };
    if (e.max_days) data.delivery_estimate.maximum = { unit: "business_day", value: e.max_days };
  }
  return { shipping_rate_data: data };
}

/**
 * A Checkout Session for one commission payment: the amount is the payment record's, set on the
 * server from the quote; the metadata names the commission and the payment so the webhook and the
 * studio's Stripe dashboard both lead back to them.
 * `tax` is Stripe Tax's part of it (lib/pricing/tax.js stripeTaxOfCommission).
 */
function createCommissionSession(payment, name, tax, customerEmail, expiresAt) {
  const site = config.siteUrl();
  const metadata = {
    commission_id: payment.getString("commission"),
    commission_payment_id: payment.id,
    quote_id: payment.getString("quote"),
    payment_kind: payment.getString("kind"),
  };
  const params = {
    mode: "payment",
    success_url: site + "/customer/dashboard?commission=" + payment.getString("commission") + "&paid={CHECKOUT_SESSION_ID}",
    cancel_url: site + "/customer/dashboard?commission=" + payment.getString("commission"),
    line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: payment.getInt("amount_cents"), tax_behavior: tax.behavior, product_data: { name, tax_code: tax.code } } }],
    expires_at: Math.floor(expiresAt.getTime() / 1000),
    metadata,
    payment_intent_data: { metadata },
  };
  if (tax.code) {
    // Stripe Tax needs the buyer's address to know what to charge for the work.
    params.automatic_tax = { enabled: true };
    params.billing_address_collection = "required";
  }
  if (customerEmail) params.customer_email = customerEmail;
  const session = call("POST", "/v1/checkout/sessions", params, "commission-payment-" + payment.id);
  if (!session.id || !session.url) throw new ApiError(502, "Invalid response from checkout service", null);
  return session;
}

/** A coupon taking `cents` off once, named by the code so Stripe's page and receipt show it. */
function createCoupon(code, cents) {
  const coupon = call("POST", "/v1/coupons", { amount_off: cents, currency: "usd", duration: "once", name: code, metadata: { discount_code: code } }, "coupon-" + code + "-" + cents);
  if (!coupon.id) throw new ApiError(502, "Invalid response from checkout service", null);
  return coupon.id;
}

/** Ends an open Stripe session so it can no longer be paid (Stripe answers an error for a paid one). */
function expireCheckoutSession(id) {
  return call("POST", "/v1/checkout/sessions/" + encodeURIComponent(id) + "/expire", null, null);
}

/** Refunds part or all of a payment; the key makes a repeat of the same refund return the first. */
function refundPayment(paymentIntent, cents, idempotencyKey, metadata) {
  return call("POST", "/v1/refunds", { payment_intent: paymentIntent, amount: cents, metadata }, idempotencyKey);
}

/** Every refund of a charge (Stripe lists at most 100; a charge is refunded a few times at most). */
function refundsOfCharge(chargeId) {
  return call("GET", "/v1/refunds?charge=" + encodeURIComponent(chargeId) + "&limit=100", null, null, "Error reading the refunds of a charge").data || [];
}

/**
 * Puts the carrier and tracking numbers on the payment's shipping, where Stripe shows them as
 * evidence when a buyer disputes the charge ("never arrived"). Every shipment so far is sent
 * (Stripe keeps one shipping per payment, several numbers separated by commas); the key
 * names what was sent, so a repeat of the same update is one update at Stripe.
 */
function updatePaymentShipping(paymentIntent, shipping, idempotencyKey) {
  return call("POST", "/v1/payment_intents/" + encodeURIComponent(paymentIntent), { shipping }, idempotencyKey, "Stripe refused the shipping update");
}

function retrieveCheckoutSession(id) {
  return call("GET", "/v1/checkout/sessions/" + encodeURIComponent(id), null, null);
}

/** Customer and shipping details of a Stripe Checkout Session, in SPEC §3's purchase metadata shape. */
function detailsOf(session) {
  const c = session.customer_details || {};
  const s = session.shipping_details || (session.collected_information && session.collected_information.shipping_details) || {};
  return {
    customer: { name: c.name || "", email: c.email || "", phone: c.phone || "" },
    shipping: { name: s.name || "", address: s.address || {} },
    // Stripe Tax's amount (STUDIO_TAX=stripe): kept on the order when it is paid.
    tax_cents: Number((session.total_details && session.total_details.amount_tax) || 0),
    payment_intent: typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent && session.payment_intent.id) || "",
  };
}

/**
 * Why a paid Stripe session does not belong to the stored checkout ("" when it does): the amount,
 * the currency, and live versus test mode must all be what the shop asked for.
 */
function mismatchWith(stored, object) {
  // Stripe Tax adds its tax on top of exclusive prices: the rest must be what the shop asked.
  const details = require(`${__hooks}/lib/base/records.js`).readJson(stored, "shipping_details", {}) || {};
  const added = stored.getString("tax_mode") === "stripe" && details.tax_behavior !== "inclusive" ? Number((object.total_details && object.total_details.amount_tax) || 0) : 0;
  if (Number(object.amount_total) - added !== stored.getInt("amount_total")) return "amount_total";
  if (String(object.currency || "").toLowerCase() !== "usd") return "currency";
  const live = config.stripeSecretKey().indexOf("sk_live_") === 0;
  if (!!object.livemode !== live) return "livemode";
  return "";
}

/**
 * Checks a Stripe-Signature header (t=timestamp, v1=HMAC-SHA256 of "t.payload") with a
 * constant-time compare and a 300 s tolerance. Returns a reason when it fails, "" when valid.
 */
function signatureProblem(header, payload, secret, nowSeconds) {
  if (!secret) return "webhook secret not configured";
  if (!header) return "missing Stripe-Signature header";
  let t = "";
  const signatures = [];
  for (const part of String(header).split(",")) {
    const i = part.indexOf("=");
    const k = part.slice(0, i).trim();
    const v = part.slice(i + 1).trim();
    if (k === "t") t = v;
    if (k === "v1") signatures.push(v);
  }
  if (!/^\d+$/.test(t) || signatures.length === 0) return "malformed Stripe-Signature header";
  if (Math.abs(nowSeconds - Number(t)) > 300) return "timestamp outside the tolerance";
  const expected = $security.hs256(t + "." + payload, secret);
  return signatures.some((s) => $security.equal(s, expected)) ? "" : "signature mismatch";
}

module.exports = { createCheckoutSession, createCoupon, createCommissionSession, expireCheckoutSession, retrieveCheckoutSession, refundPayment, refundsOfCharge, updatePaymentShipping, detailsOf, signatureProblem, mismatchWith };
