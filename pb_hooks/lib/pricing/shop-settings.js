// The studio's shipping and tax settings: two documents in shop_settings ("shipping", "tax"),
// each checked whole before it is saved, so a rate, a zone and the classes products use can never
// disagree (docs/decisions/022-shipping-zones-and-tax.md).

// What each kind of product ships as until the studio says otherwise: a painting per sale tag,
// a book per option, merchandise per item (an item's own class wins over this default).
const PRODUCT_KINDS = ["painting:print", "painting:original", "book:autographed", "merchandise"];

function defaultShipping() {
  const rate = { first_cents: 495, additional_cents: 0, min_days: null, max_days: null };
  return {
    classes: [
      { id: "print", name: "Print", tax_code: "txcd_99999999" },
      { id: "original", name: "Framed original", tax_code: "txcd_99999999" },
      { id: "book", name: "Book", tax_code: "txcd_35010000" },
      { id: "small", name: "Small item", tax_code: "txcd_99999999" },
    ],
    defaults: { "painting:print": "print", "painting:original": "original", "book:autographed": "book", merchandise: "small" },
    zones: [
      {
        id: "everywhere",
        name: "Everywhere",
        rest_of_world: true,
        countries: [],
        free_over_cents: null,
        rates: { print: rate, original: rate, book: rate, small: rate },
      },
    ],
  };
}

function defaultTax() {
  return {
    prices_include_tax: false,
    rates: [],
    home_country: "",
    tax_behavior: "exclusive",
    commission_tax_code: "txcd_20030000",
    shipping_tax_code: "txcd_92010001",
  };
}

function read(app, key, fallback) {
  try {
    const r = app.findFirstRecordByData("shop_settings", "key", key);
    const value = require(`${__hooks}/lib/base/records.js`).readJson(r, "value", null);
    return value && typeof value === "object" ? value : fallback();
  } catch (_) {
    return fallback();
  }
}

const shippingSettings = (app) => read(app, "shipping", defaultShipping);
const taxSettings = (app) => read(app, "tax", defaultTax);

function fail(message) {
  throw new BadRequestError(message);
}

function isCents(v) {
  return typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 10000000;
}

function optionalDays(v, what) {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > 365) fail(what + " must be a whole number of days from 1 to 365, or empty.");
  return v;
}

function cleanId(v) {
  return String(v || "").trim().toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40);
}

/**
 * The shipping document as it will be stored, or a BadRequestError naming the first problem.
 * `inUse` maps a class id to what still uses it outside this document (merchandise items).
 */
function checkShipping(doc, inUse) {
  const { isCountry, STRIPE_REFUSED } = require(`${__hooks}/lib/pricing/countries.js`);
  if (!doc || typeof doc !== "object" || !Array.isArray(doc.classes) || !Array.isArray(doc.zones)) fail("The shipping settings must list classes and zones.");
  if (!doc.classes.length) fail("Add at least one shipping class.");
  if (!doc.zones.length) fail("Add at least one shipping zone: without one, nothing can be shipped.");
  const classes = doc.classes.map((c, i) => {
    const name = String((c && c.name) || "").trim().slice(0, 60);
    if (!name) fail("Shipping class " + (i + 1) + " needs a name.");
    const id = cleanId(c.id || name);
    if (!id) fail('The shipping class "' + name + '" needs a name with letters or digits.');
    const taxCode = String(c.tax_code || "").trim();
    if (taxCode && !/^txcd_\d{8}$/.test(taxCode)) fail('The tax code of "' + name + '" must look like txcd_99999999.');
    return { id, name, tax_code: taxCode };
  });
  const ids = classes.map((c) => c.id);
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) fail('Two shipping classes are called "' + classes[i].name + '".');
  });
  for (const id of Object.keys(inUse || {})) {
    if (ids.indexOf(id) < 0) fail('The shipping class "' + id + '" is still used by ' + inUse[id] + ": give them another class first.");
  }
  const defaults = {};
  for (const kind of PRODUCT_KINDS) {
    const id = String((doc.defaults || {})[kind] || "");
    if (!id) fail("Choose the shipping class of " + kindLabel(kind) + ".");
    if (ids.indexOf(id) < 0) fail('The shipping class "' + id + '" is still the class of ' + kindLabel(kind) + ": choose another for them first.");
    defaults[kind] = id;
  }
  const seen = {};
  let restOfWorld = 0;
  const zones = doc.zones.map((z, i) => {
    const name = String((z && z.name) || "").trim().slice(0, 60);
    if (!name) fail("Shipping zone " + (i + 1) + " needs a name.");
    const rest = !!z.rest_of_world;
    if (rest) restOfWorld++;
    const countries = (Array.isArray(z.countries) ? z.countries : []).map((c) => String(c || "").trim().toUpperCase());
    for (const code of countries) {
      if (!isCountry(code)) fail('"' + code + '" in the zone "' + name + '" is not an ISO country code.');
      if (STRIPE_REFUSED.indexOf(code) >= 0) fail('The payment page cannot take addresses in "' + code + '": remove it from the zone "' + name + '".');
      if (seen[code]) fail(code + ' is in both "' + seen[code] + '" and "' + name + '": a country belongs to one zone.');
      seen[code] = name;
    }
    if (!rest && !countries.length) fail('The zone "' + name + '" has no countries.');
    let free = z.free_over_cents;
    if (free === "" || free === undefined) free = null;
    if (free !== null && !isCents(free)) fail('"Free over" in the zone "' + name + '" must be a whole, non-negative number of cents, or empty.');
    const rates = {};
    for (const c of classes) {
      const r = (z.rates || {})[c.id];
      const where = '"' + c.name + '" in "' + name + '"';
      if (!r) fail("Set the rate for " + where + ".");
      if (!isCents(r.first_cents)) fail("The first-item rate for " + where + " must be a whole, non-negative number of cents.");
      if (!isCents(r.additional_cents)) fail("The each-additional rate for " + where + " must be a whole, non-negative number of cents.");
      const min = optionalDays(r.min_days, "The shortest delivery for " + where);
      const max = optionalDays(r.max_days, "The longest delivery for " + where);
      if (min !== null && max !== null && min > max) fail("The delivery estimate for " + where + " ends before it starts.");
      rates[c.id] = { first_cents: r.first_cents, additional_cents: r.additional_cents, min_days: min, max_days: max };
    }
    return { id: cleanId(z.id || name) || "zone-" + (i + 1), name, rest_of_world: rest, countries: rest ? [] : countries, free_over_cents: free, rates };
  });
  if (restOfWorld > 1) fail('Only one zone can be "the rest of the world".');
  return { classes, defaults, zones };
}

function kindLabel(kind) {
  return { "painting:print": "prints", "painting:original": "originals", "book:autographed": "autographed books", merchandise: "merchandise" }[kind];
}

function isPercent(v) {
  return typeof v === "number" && isFinite(v) && v >= 0 && v <= 100;
}

/** The tax document as it will be stored, or a BadRequestError naming the first problem. */
function checkTax(doc, shipping) {
  const { isCountry, isUsState } = require(`${__hooks}/lib/pricing/countries.js`);
  if (!doc || typeof doc !== "object") fail("The tax settings must be an object.");
  const classIds = shipping.classes.map((c) => c.id);
  const seen = {};
  const rates = (Array.isArray(doc.rates) ? doc.rates : []).map((r) => {
    const country = String((r && r.country) || "").trim().toUpperCase();
    const region = String((r && r.region) || "").trim().toUpperCase();
    if (!isCountry(country)) fail('"' + country + '" is not an ISO country code.');
    if (region && !(country === "US" && isUsState(region))) fail('"' + region + '" is not a US state: a rate per region is for US states.');
    const place = country + (region ? "-" + region : "");
    if (seen[place]) fail("There are two rates for " + place + ".");
    seen[place] = true;
    if (!isPercent(r.percent)) fail("The tax rate for " + place + " must be a number from 0 to 100.");
    const byClass = {};
    for (const id of Object.keys(r.class_percent || {})) {
      const v = r.class_percent[id];
      if (v === null || v === "") continue;
      if (classIds.indexOf(id) < 0) fail("The tax rate for " + place + ' names a shipping class that does not exist ("' + id + '").');
      if (!isPercent(v)) fail("The tax rate for " + place + " and a class must be a number from 0 to 100.");
      byClass[id] = v;
    }
    return { country, region, percent: r.percent, class_percent: byClass };
  });
  const home = String(doc.home_country || "").trim().toUpperCase();
  if (home && !isCountry(home)) fail('"' + home + '" is not an ISO country code.');
  const behavior = doc.tax_behavior === "inclusive" ? "inclusive" : "exclusive";
  const code = (v, what, fallback) => {
    const s = String(v || "").trim() || fallback;
    if (!/^txcd_\d{8}$/.test(s)) fail(what + " must look like txcd_99999999.");
    return s;
  };
  return {
    prices_include_tax: !!doc.prices_include_tax,
    rates,
    home_country: home,
    tax_behavior: behavior,
    commission_tax_code: code(doc.commission_tax_code, "The tax code for commission work", "txcd_20030000"),
    shipping_tax_code: code(doc.shipping_tax_code, "The tax code for shipping", "txcd_92010001"),
  };
}

/** Which shipping classes merchandise items use, for the "still in use" refusal. */
function classesInUse(app) {
  const titles = {};
  for (const m of app.findRecordsByFilter("merchandise", "shipping_class != ''", "title", 0, 0)) {
    const id = m.getString("shipping_class");
    (titles[id] = titles[id] || []).push('"' + m.getString("title") + '"');
  }
  const used = {};
  for (const id of Object.keys(titles)) used[id] = "the merchandise " + titles[id].slice(0, 3).join(", ") + (titles[id].length > 3 ? " and " + (titles[id].length - 3) + " more" : "");
  return used;
}

module.exports = { PRODUCT_KINDS, defaultShipping, defaultTax, shippingSettings, taxSettings, checkShipping, checkTax, classesInUse };
