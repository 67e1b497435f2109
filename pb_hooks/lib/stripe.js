// The Stripe REST API, spoken directly with $http.send (form-encoded, as Stripe expects).
const config = require(`${__hooks}/lib/config.js`);

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
  const problem = require(`${__hooks}/lib/stripe-rules.js`).stripeProblem(path, params, Date.now());
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

function createCheckoutSession(checkout, priced, customerEmail, expiresAt) {
  const site = config.siteUrl();
  const lineItems = priced.lines.map((l) => ({
    quantity: l.quantity,
    price_data: {
      currency: "usd",
      unit_amount: l.unit_amount,
      product_data: {
        name: l.title,
        metadata: { item_id: l.item_id, item_type: l.item_type, variant: l.variant, size: l.size, color: l.color },
      },
    },
  }));
  lineItems.push({ quantity: 1, price_data: { currency: "usd", unit_amount: priced.shipping, product_data: { name: "Shipping" } } });
  const params = {
    mode: "payment",
    success_url: site + "/checkout/success?session_id={CHECKOUT_SESSION_ID}",
    // The canceled page releases the hold at once (our id: Stripe fills {CHECKOUT_SESSION_ID} only on success).
    cancel_url: site + "/checkout/canceled?checkout=" + checkout.id,
    line_items: lineItems,
    shipping_address_collection: { allowed_countries: ["US", "CA", "GB", "AU", "IE", "NZ"] },
    phone_number_collection: { enabled: true },
    // Originals and stock are held for the checkout; the session ends with the hold.
    expires_at: Math.floor(expiresAt.getTime() / 1000),
    metadata: {
      checkout_id: checkout.id,
      cart_session_id: checkout.getString("cart_session_id"),
      user_id: checkout.getString("user"),
    },
  };
  if (customerEmail) params.customer_email = customerEmail;
  const session = call("POST", "/v1/checkout/sessions", params, "checkout-" + checkout.id);
  if (!session.id || !session.url) throw new ApiError(502, "Invalid response from checkout service", null);
  return session;
}

/**
 * A Checkout Session for one commission payment: the amount is the payment record's, set on the
 * server from the quote; the metadata names the commission and the payment so the webhook and the
 * studio's Stripe dashboard both lead back to them.
 */
function createCommissionSession(payment, name, customerEmail, expiresAt) {
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
    line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: payment.getInt("amount_cents"), product_data: { name } } }],
    expires_at: Math.floor(expiresAt.getTime() / 1000),
    metadata,
    payment_intent_data: { metadata },
  };
  if (customerEmail) params.customer_email = customerEmail;
  const session = call("POST", "/v1/checkout/sessions", params, "commission-payment-" + payment.id);
  if (!session.id || !session.url) throw new ApiError(502, "Invalid response from checkout service", null);
  return session;
}

/** Ends an open Stripe session so it can no longer be paid (Stripe answers an error for a paid one). */
function expireCheckoutSession(id) {
  return call("POST", "/v1/checkout/sessions/" + encodeURIComponent(id) + "/expire", null, null);
}

/** Refunds part or all of a payment; the key makes a repeat of the same refund return the first. */
function refundPayment(paymentIntent, cents, idempotencyKey, metadata) {
  return call("POST", "/v1/refunds", { payment_intent: paymentIntent, amount: cents, metadata }, idempotencyKey);
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
    payment_intent: typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent && session.payment_intent.id) || "",
  };
}

/**
 * Why a paid Stripe session does not belong to the stored checkout ("" when it does): the amount,
 * the currency, and live versus test mode must all be what the shop asked for.
 */
function mismatchWith(stored, object) {
  if (Number(object.amount_total) !== stored.getInt("amount_total")) return "amount_total";
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

module.exports = { createCheckoutSession, createCommissionSession, expireCheckoutSession, retrieveCheckoutSession, refundPayment, updatePaymentShipping, detailsOf, signatureProblem, mismatchWith };
