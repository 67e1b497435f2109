// Stripe's own rules for the requests the shop sends, checked here before any request leaves.
// stripe-mock accepts what Stripe refuses, so without this a shop whose tests pass could be one
// that live Stripe turns away at every checkout. Sources: Stripe's API reference for Checkout
// Sessions (expires_at), metadata, and the minimum charge amounts.
// Plain functions of their arguments: the tests load this file as it is.

// A Checkout Session may expire 30 minutes to 24 hours after Stripe creates it. Stripe measures from
// its own clock when the request arrives, so the margin covers the trip and any clock difference.
const SESSION_MIN_SECONDS = 30 * 60;
const SESSION_MAX_SECONDS = 24 * 60 * 60;
const CLOCK_MARGIN_SECONDS = 120;
const METADATA_MAX_KEYS = 50;
const METADATA_MAX_KEY_LENGTH = 40;
const METADATA_MAX_VALUE_LENGTH = 500;
// The smallest charge Stripe accepts, in the currency's smallest unit.
const MINIMUM_CHARGE = { usd: 50 };
const AMOUNT_KEYS = ["unit_amount", "amount"];
// Checkout Sessions, shipping_address_collection.allowed_countries: "Unsupported country codes:
// AS, CX, CC, CU, HM, IR, KP, MH, FM, NF, MP, PW, SD, SY, UM, VI". Stripe's page offers at most
// five shipping_options.
const REFUSED_COUNTRIES = ["AS", "CX", "CC", "CU", "HM", "IR", "KP", "MH", "FM", "NF", "MP", "PW", "SD", "SY", "UM", "VI"];
const MAX_SHIPPING_OPTIONS = 5;

function describeCents(cents) {
  return "$" + (cents / 100).toFixed(2);
}

function checkMetadata(metadata, where) {
  const keys = Object.keys(metadata || {});
  if (keys.length > METADATA_MAX_KEYS) return where + " has " + keys.length + " keys; Stripe allows " + METADATA_MAX_KEYS + ".";
  for (const key of keys) {
    if (key.length > METADATA_MAX_KEY_LENGTH) return where + ' key "' + key.slice(0, 60) + '" is longer than ' + METADATA_MAX_KEY_LENGTH + " characters.";
    if (/[[\]]/.test(key)) return where + ' key "' + key + '" may not contain square brackets.';
    const value = metadata[key] === null || metadata[key] === undefined ? "" : String(metadata[key]);
    if (value.length > METADATA_MAX_VALUE_LENGTH) return where + ' value of "' + key + '" is longer than ' + METADATA_MAX_VALUE_LENGTH + " characters.";
  }
  return "";
}

/** Every metadata object and amount anywhere in the parameters, with where it sits. */
function walk(value, path, visit) {
  if (value === null || typeof value !== "object") return "";
  for (const key of Object.keys(value)) {
    const here = path ? path + "[" + key + "]" : key;
    const problem = visit(key, value[key], here) || (key === "metadata" ? "" : walk(value[key], here, visit));
    if (problem) return problem;
  }
  return "";
}

/**
 * Why Stripe would refuse these parameters for `path` ("" when it would not). `nowMs` is the
 * moment the request leaves.
 */
function stripeProblem(path, params, nowMs) {
  params = params || {};
  const found = walk(params, "", (key, value, here) => {
    if (key === "metadata") return checkMetadata(value, here);
    if (AMOUNT_KEYS.indexOf(key) >= 0 && (typeof value !== "number" || !Number.isInteger(value) || value < 0)) {
      return here + " must be a whole number of cents, not " + JSON.stringify(value) + ".";
    }
    return "";
  });
  if (found) return found;

  if (path === "/v1/checkout/sessions") {
    if (params.expires_at !== undefined) {
      const ahead = params.expires_at - nowMs / 1000;
      if (!Number.isInteger(params.expires_at)) return "expires_at must be whole seconds.";
      if (ahead < SESSION_MIN_SECONDS + CLOCK_MARGIN_SECONDS) return "expires_at is " + Math.floor(ahead) + " s away; a Checkout Session must last at least 30 minutes.";
      if (ahead > SESSION_MAX_SECONDS - CLOCK_MARGIN_SECONDS) return "expires_at is " + Math.floor(ahead) + " s away; a Checkout Session may last at most 24 hours.";
    }
    const allowed = (params.shipping_address_collection || {}).allowed_countries;
    if (allowed !== undefined) {
      if (!Array.isArray(allowed) || allowed.length === 0) return "shipping_address_collection[allowed_countries] must name at least one country.";
      const refused = allowed.filter((c) => REFUSED_COUNTRIES.indexOf(c) >= 0 || !/^[A-Z]{2}$/.test(String(c)));
      if (refused.length) return "Stripe cannot collect addresses in " + refused.join(", ") + ".";
    }
    const options = params.shipping_options || [];
    if (options.length > MAX_SHIPPING_OPTIONS) return "A Checkout Session offers at most " + MAX_SHIPPING_OPTIONS + " shipping options, not " + options.length + ".";
    if (params.discounts && params.allow_promotion_codes) return "discounts and allow_promotion_codes cannot be sent together.";
    const lines = params.line_items || [];
    const totals = {};
    for (const line of lines) {
      const price = line.price_data || {};
      const currency = String(price.currency || "").toLowerCase();
      totals[currency] = (totals[currency] || 0) + (price.unit_amount || 0) * (line.quantity || 1);
    }
    // Shipping is charged with the lines: a small order with its shipping may reach the minimum.
    const shipping = options[0] && options[0].shipping_rate_data && options[0].shipping_rate_data.fixed_amount;
    if (shipping) totals[String(shipping.currency || "").toLowerCase()] = (totals[String(shipping.currency || "").toLowerCase()] || 0) + (shipping.amount || 0);
    for (const currency of Object.keys(totals)) {
      const minimum = MINIMUM_CHARGE[currency];
      if (minimum && totals[currency] < minimum) return "The amount to pay must be at least " + describeCents(minimum) + ".";
    }
  }
  return "";
}

module.exports = { stripeProblem, SESSION_MIN_SECONDS, CLOCK_MARGIN_SECONDS, REFUSED_COUNTRIES, MAX_SHIPPING_OPTIONS };
