// The tax of an order, per STUDIO_TAX: "off" (none), "manual" (the studio's rate for the country,
// or the US state, with optional rates per shipping class) or "stripe" (Stripe Tax works it out on
// its page; the amount is stored when the payment arrives). Tax is reckoned per line on what the
// line costs after its discount, rounded per line, so a receipt's lines add up to its tax.

function refuse(message) {
  throw new BadRequestError(message);
}

function mode() {
  const m = String($os.getenv("STUDIO_TAX") || "off").trim().toLowerCase();
  return m === "manual" || m === "stripe" ? m : "off";
}

/** The rate row for a place: the US state's own, else the country's, else none. */
function rateFor(settings, country, region) {
  return (region && settings.rates.find((r) => r.country === country && r.region === region)) || settings.rates.find((r) => r.country === country && !r.region) || null;
}

function part(base, percent, included) {
  if (base <= 0 || !percent) return 0;
  return Math.round(included ? (base * percent) / (100 + percent) : (base * percent) / 100);
}

/**
 * { mode, cents, included, shipping_cents, label } for priced lines (each may carry
 * discount_cents and has shipping_class) and the shipping, shipped to country/region. `cents` is
 * what the total adds: 0 when prices include tax (then `included` says how much they hold) and
 * in Stripe mode (Stripe adds it on its page). Each line gains tax_cents in manual mode.
 */
function taxOrder(app, { lines, shipping, country, region }) {
  const m = mode();
  const none = { mode: m, cents: 0, included: 0, shipping_cents: 0, label: "", percent: null };
  if (m !== "manual") return none;
  const settings = require(`${__hooks}/lib/pricing/shop-settings.js`).taxSettings(app);
  if (!country) refuse("Please choose the country to ship to: tax depends on it.");
  if (country === "US" && !region && settings.rates.some((r) => r.country === "US" && r.region)) refuse("Please choose the state to ship to: sales tax depends on it.");
  const row = rateFor(settings, country, region);
  if (!row) return Object.assign(none, { label: "No tax for " + country });
  const included = settings.prices_include_tax;
  let cents = 0;
  for (const l of lines) {
    const percent = typeof row.class_percent[l.shipping_class] === "number" ? row.class_percent[l.shipping_class] : row.percent;
    l.tax_cents = part(l.unit_amount * l.quantity - (l.discount_cents || 0), percent, included);
    cents += l.tax_cents;
  }
  const shippingCents = part(shipping, row.percent, included);
  cents += shippingCents;
  const place = row.country + (row.region ? "-" + row.region : "");
  return {
    mode: m,
    cents: included ? 0 : cents,
    included: included ? cents : 0,
    shipping_cents: shippingCents,
    label: "Tax (" + place + ", " + row.percent + "%)",
    percent: row.percent,
  };
}

/** The tax a commission payment of `amount` cents holds: at the studio's home rate, manual mode only. */
function taxCommission(app, amount) {
  if (mode() !== "manual") return { cents: 0, included: 0 };
  const settings = require(`${__hooks}/lib/pricing/shop-settings.js`).taxSettings(app);
  const row = settings.home_country ? rateFor(settings, settings.home_country, "") : null;
  return { cents: 0, included: row ? part(amount, row.percent, true) : 0 };
}

/**
 * Stripe Tax's part of an order's session (STUDIO_TAX=stripe): on, one tax behaviour, a code per
 * shipping class. Worked out here, beside the other tax steps, so lib/money/stripe.js only sends it.
 */
function stripeTaxOf(app, priced) {
  if (priced.tax_mode !== "stripe") return { automatic: false, behavior: undefined, codeOf: () => undefined, shippingCode: undefined };
  const s = require(`${__hooks}/lib/pricing/shop-settings.js`);
  const settings = s.taxSettings(app);
  const classes = s.shippingSettings(app).classes;
  const fallback = "txcd_99999999";
  return {
    automatic: true,
    behavior: settings.tax_behavior,
    codeOf: (id) => (classes.find((c) => c.id === id) || {}).tax_code || fallback,
    shippingCode: settings.shipping_tax_code,
  };
}

/** Stripe Tax's part of a commission payment's session: its behaviour and the work's tax code, or neither. */
function stripeTaxOfCommission(app) {
  if (mode() !== "stripe") return { behavior: undefined, code: undefined };
  const settings = require(`${__hooks}/lib/pricing/shop-settings.js`).taxSettings(app);
  return { behavior: settings.tax_behavior, code: settings.commission_tax_code };
}

module.exports = { mode, taxOrder, taxCommission, rateFor, stripeTaxOf, stripeTaxOfCommission };
