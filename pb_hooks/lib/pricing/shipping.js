// What an order's parcel costs to one country: its zone, and the rate of each line's shipping
// class in that zone. The rule (docs/decisions/022-shipping-zones-and-tax.md): the unit with the
// largest first-item amount pays that amount, every other unit pays its own class's
// each-additional amount. The seeded shop (495 first, 0 additional for every class) so charges
// exactly 495 for any cart, as before.

function refuse(message) {
  throw new BadRequestError(message);
}

/** The zone a country is shipped in (its own zone first, else the rest of the world), or null. */
function zoneFor(settings, country) {
  return settings.zones.find((z) => !z.rest_of_world && z.countries.indexOf(country) >= 0) || settings.zones.find((z) => z.rest_of_world) || null;
}

/** The countries Stripe's page may offer for a zone: its own, or all no other zone claims. */
function countriesOf(settings, zone) {
  const { ISO_CODES, isShippable } = require(`${__hooks}/lib/pricing/countries.js`);
  if (!zone.rest_of_world) return zone.countries.filter(isShippable);
  const claimed = {};
  settings.zones.forEach((z) => z.countries.forEach((c) => (claimed[c] = true)));
  return ISO_CODES.filter((c) => isShippable(c) && !claimed[c]);
}

/** Every country some zone ships to. */
function shippedCountries(settings) {
  const out = {};
  settings.zones.forEach((z) => countriesOf(settings, z).forEach((c) => (out[c] = true)));
  return Object.keys(out).sort();
}

/** A download leaves in no parcel: it needs no shipping and no address. */
function ships(line) {
  return line.item_type !== "digital";
}

const NOTHING_SHIPS = Object.freeze({ cents: 0, zone: "", zone_name: "", countries: [], estimate: null });

function classOfLine(app, settings, line) {
  if (line.item_type === "merchandise") {
    try {
      const own = app.findRecordById("merchandise", line.item_id).getString("shipping_class");
      if (own && settings.classes.some((c) => c.id === own)) return own;
    } catch (_) {
      // A deleted item is refused by pricing before this; the default keeps this total defined.
    }
    return settings.defaults.merchandise;
  }
  return settings.defaults[line.item_type + ":" + line.variant] || settings.classes[0].id;
}

/**
 * The shipping of priced lines to `country` (an ISO code, upper case), as
 * { cents, zone, zone_name, countries, estimate: { min_days, max_days } | null }. Each line gains
 * shipping_class. When the shop's one zone is the whole world, no country means that zone:
 * clients from before zones existed keep working and are priced as before.
 */
function shipOrder(app, { lines, country, goods, freeShipping }) {
  if (!lines.some(ships)) return NOTHING_SHIPS;
  const { isCountry, isShippable } = require(`${__hooks}/lib/pricing/countries.js`);
  const settings = require(`${__hooks}/lib/pricing/shop-settings.js`).shippingSettings(app);
  let zone;
  if (!country) {
    if (settings.zones.length !== 1 || !settings.zones[0].rest_of_world) refuse("Please choose the country to ship to.");
    zone = settings.zones[0];
  } else {
    if (!isCountry(country)) refuse('"' + country + '" is not a country code we know. Please choose the country to ship to.');
    zone = isShippable(country) ? zoneFor(settings, country) : null;
    if (!zone) refuse("We do not ship to " + country + " yet. Please choose another country, or ask us through a commission request.");
  }
  const units = [];
  const parcel = lines.filter(ships);
  for (const l of parcel) {
    l.shipping_class = classOfLine(app, settings, l);
    for (let i = 0; i < l.quantity; i++) units.push(zone.rates[l.shipping_class]);
  }
  let cents = 0;
  if (units.length) {
    const first = units.reduce((best, r, i) => (r.first_cents > units[best].first_cents ? i : best), 0);
    cents = units.reduce((sum, r, i) => sum + (i === first ? r.first_cents : r.additional_cents), 0);
  }
  const free = freeShipping || (zone.free_over_cents !== null && goods >= zone.free_over_cents);
  let estimate = null;
  for (const l of parcel) {
    const r = zone.rates[l.shipping_class];
    if (r.min_days === null && r.max_days === null) continue;
    estimate = estimate || { min_days: null, max_days: null };
    if (r.min_days !== null) estimate.min_days = Math.max(estimate.min_days || 0, r.min_days);
    if (r.max_days !== null) estimate.max_days = Math.max(estimate.max_days || 0, r.max_days);
  }
  return {
    cents: free ? 0 : cents,
    zone: zone.id,
    zone_name: zone.name,
    countries: countriesOf(settings, zone),
    estimate,
  };
}

module.exports = { shipOrder, ships, zoneFor, countriesOf, shippedCountries };
