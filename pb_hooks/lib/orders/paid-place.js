// The place a paid parcel goes, held against the place its order was priced for. The payment page
// keeps the country (and, on the demo page, the US state) the cart was priced for, but Stripe's
// page cannot hold a US state: an address paid elsewhere is taxed again for where it goes, and
// the difference is refunded, or named for the studio when the buyer paid too little
// (docs/decisions/030-tax-where-the-parcel-goes.md).

const money = (cents) => require(`${__hooks}/lib/money/money.js`).dollars(cents);

function placeName(country, region) {
  return country ? country + (region ? "-" + region : "") : "no country";
}

/**
 * Inside fulfilment's transaction, before the order's lines are written: compares the paid address
 * with the priced place and, with the shop's own tax, taxes the order again for the address paid
 * (its lines, its tax, its label). Stores the check on the session (`address_mismatch`) and returns
 * it, or null when the address fits. `settled` is false while the studio must act: a parcel
 * outside the zone priced, tax owed that was not charged, or a refund not made yet.
 */
function checkPaidPlace(session, details) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const address = (details.shipping && details.shipping.address) || {};
  const { isCountry, isUsState } = require(`${__hooks}/lib/pricing/countries.js`);
  // The buyer typed these: only a real country and a real US state code are kept, for the flag,
  // the tax worked out again and the tax report that files the order under them.
  const typedCountry = String(address.country || "").trim().toUpperCase();
  const typedState = String(address.state || "").trim().toUpperCase();
  const country = isCountry(typedCountry) ? typedCountry : "";
  const state = country === "US" && isUsState(typedState) ? typedState : "";
  const priced = readJson(session, "shipping_details", {}) || {};
  const zoneCountries = priced.zone_countries || priced.countries || [];
  const pricedCountry = session.getString("ship_country");
  const region = session.getString("ship_region");
  const manual = session.getString("tax_mode") === "manual";
  const outsideZone = zoneCountries.length > 0 && zoneCountries.indexOf(country) < 0;
  const otherTaxPlace = (manual && pricedCountry && country !== pricedCountry) || (!!region && state !== region);
  if (!outsideZone && !otherTaxPlace) return null;

  const check = {
    reason: "",
    priced: { zone: session.getString("shipping_zone"), country: pricedCountry, region },
    reported: { country, state },
    at: new Date().toISOString(),
    outside_zone: outsideZone,
  };
  const reasons = [];
  if (outsideZone) reasons.push("Shipped to " + (country || "no country") + ", outside the zone priced (" + (priced.zone_name || check.priced.zone) + ").");
  if (otherTaxPlace && manual) Object.assign(check, retax(session, priced, country, state, reasons));
  else if (otherTaxPlace) reasons.push("Shipped to " + placeName(country, state) + ", but the order was priced for " + placeName(pricedCountry, region) + ".");
  check.reason = reasons.join(" ");
  check.settled = isSettled(check);
  session.set("address_mismatch", check);
  return check;
}

/**
 * The tax of the address paid, worked out as the cart's was (lib/pricing/tax.js, per line after its
 * discount). Less than charged: the session keeps the new tax and the difference is to be
 * refunded. More: the tax charged stays and what was not charged is named for the studio.
 */
function retax(session, priced, country, state, reasons) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const wasFor = placeName(session.getString("ship_country"), session.getString("ship_region"));
  const goesTo = country === "US" && !state ? "US (no state)" : placeName(country, state);
  const lines = (readJson(session, "line_items", []) || []).map((l) => Object.assign({}, l));
  const charged = session.getInt("tax_cents");
  let due;
  try {
    due = require(`${__hooks}/lib/pricing/tax.js`).taxOrder($app, { lines, shipping: session.getInt("shipping_cents"), country, region: state });
  } catch (err) {
    reasons.push("Shipped to " + goesTo + ", but tax was priced for " + wasFor + ", and the tax of the address paid cannot be worked out (" + String(err.message || err) + ").");
    return { tax_charged: charged, tax_due: null, owed_cents: null };
  }
  const out = { tax_charged: charged, tax_due: due.cents, refund: null, owed_cents: 0 };
  if (due.cents > charged) {
    out.owed_cents = due.cents - charged;
    reasons.push("Shipped to " + goesTo + ", but tax was priced for " + wasFor + ": " + money(out.owed_cents) + " of tax for " + goesTo + " was not charged.");
    return out;
  }
  if (due.cents < charged) {
    out.refund = { cents: charged - due.cents, id: "", at: "" };
    reasons.push("Shipped to " + goesTo + ", but tax was priced for " + wasFor + ": the " + money(out.refund.cents) + " of tax not due there is refunded.");
  } else {
    reasons.push("Shipped to " + goesTo + ", priced for " + wasFor + ": the tax is the same.");
  }
  keepTax(session, priced, lines, due);
  return out;
}

/** The order's tax becomes the paid place's: its lines, its amount and its label. */
function keepTax(session, priced, lines, due) {
  session.set("line_items", lines);
  session.set("tax_cents", due.cents);
  session.set("tax_included_cents", due.included);
  session.set("shipping_details", Object.assign({}, priced, { tax_label: due.label || "Tax", shipping_tax: due.shipping_cents }));
}

/**
 * After fulfilment's transaction: refunds the tax not due at the address paid, once (Stripe's
 * idempotency key is the order's), or, on the demo provider, only records it. A refund Stripe
 * refuses stays unsettled on the order, where the studio sees it, and is logged.
 */
function refundTaxDifference(app, providerSessionId, paymentIntent) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const session = app.findFirstRecordByData("checkout_sessions", "provider_session_id", providerSessionId);
  const check = readJson(session, "address_mismatch", null);
  if (!check || !check.refund || check.refund.id) return;
  let id;
  try {
    if (session.getString("provider") === "stripe") {
      if (!paymentIntent) throw new Error("the payment has no payment intent to refund");
      id = require(`${__hooks}/lib/money/stripe.js`).refundPayment(paymentIntent, check.refund.cents, "tax-refund-" + session.id, { checkout_id: session.id, reason: "tax of the address paid" }).id;
      if (!id) throw new Error("Stripe answered without a refund id");
    } else {
      id = "demo_refund_" + $security.randomString(16);
    }
  } catch (err) {
    console.error("TAX REFUND FAILED for checkout " + session.id + ": " + String(err) + ". The studio must refund " + money(check.refund.cents) + " by hand.");
    return;
  }
  app.runInTransaction((tx) => {
    const fresh = tx.findRecordById("checkout_sessions", session.id);
    const now = readJson(fresh, "address_mismatch", null);
    if (!now || !now.refund || now.refund.id) return;
    now.refund.id = id;
    now.refund.at = new Date().toISOString();
    now.settled = isSettled(now);
    fresh.set("address_mismatch", now);
    tx.save(fresh);
  });
}

const CHECK_NOTE_MAX = 500;

/**
 * The studio has dealt with an address to check (collected the tax, bore it, refunded): its note
 * and the time are kept on the order and on its purchases, which the studio's lists read. A
 * repeat keeps the first note, so a retried or doubled request changes nothing.
 */
function markChecked(app, orderId, body) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  if (body.note !== undefined && body.note !== null && typeof body.note !== "string") throw new BadRequestError("The note must be text.");
  const note = String(body.note || "").trim();
  if (!note) throw new BadRequestError("Please say in a few words what was done about the address.");
  if (note.length > CHECK_NOTE_MAX) throw new BadRequestError("The note has at most " + CHECK_NOTE_MAX + " characters.");
  let result = null;
  app.runInTransaction((tx) => {
    const order = require(`${__hooks}/lib/orders/shipments.js`).findPaidOrder(tx, orderId);
    const check = readJson(order, "address_mismatch", null);
    if (check && check.checked) {
      result = { checked: check.checked };
      return;
    }
    if (!check || check.settled) throw new BadRequestError("This order has no address to check.");
    check.checked = { note, at: new Date().toISOString() };
    check.settled = true;
    order.set("address_mismatch", check);
    tx.save(order);
    for (const p of tx.findRecordsByFilter("purchases", "payment_id = {:id}", "", 0, 0, { id: order.getString("provider_session_id") })) {
      const meta = readJson(p, "metadata", {}) || {};
      p.set("metadata", Object.assign(meta, { address_to_check: false, address_checked: check.checked }));
      tx.save(p);
    }
    result = { checked: check.checked };
  });
  return result;
}

/** Nothing left for the studio to do: inside the zone, no tax owed, any refund made, or the studio checked it. */
function isSettled(check) {
  if (check.checked) return true;
  return !check.outside_zone && check.owed_cents === 0 && (!check.refund || !!check.refund.id);
}

/** What was given back of an order's tax at payment, in cents (0 when nothing). */
function taxRefundOf(session) {
  const check = require(`${__hooks}/lib/base/records.js`).readJson(session, "address_mismatch", null);
  return check && check.refund && Number(check.refund.cents) > 0 ? Number(check.refund.cents) : 0;
}

module.exports = { checkPaidPlace, refundTaxDifference, taxRefundOf, markChecked };
