// What anything costs: a cart's lines from the database, its shipping, tax and discounts, and what a
// commission payment asks. A browser sends only what it wants (ids, variants, sizes, colours,
// quantities); titles and amounts always come from here, so checkout, the cart's preview and
// commission payments cannot disagree on a price.
const PRINT = "Print - For Sale";
const ORIGINAL = "Original - For Sale";
const SOLD_OUT = "Original - Sold Out";
const AUTOGRAPHED_CENTS = 3799;
const MAX_QUANTITY = 20;
// How long an open checkout reserves originals and stock, and how long its payment page stays
// open (one moment ends both). Stripe refuses a session shorter than 30 minutes from its arrival,
// so five minutes over it leave room for the time pricing takes and any clock difference.
const HOLD_MINUTES = 35;
const AUTOGRAPHED_SUFFIX = "-autographed";

function refuse(message) {
  throw new BadRequestError(message);
}

function json(record, field) {
  return require(`${__hooks}/lib/base/records.js`).readJson(record, field, null);
}

function cents(dollars) {
  return typeof dollars === "number" && dollars > 0 ? Math.round(dollars * 100) : 0;
}

function find(app, collection, id) {
  try {
    return app.findRecordById(collection, id);
  } catch (_) {
    return null;
  }
}

/**
 * One priced line, or a BadRequestError naming the line. unit_amount is 0 when the item has
 * no price: such lines are dropped by priceOrder, never sold.
 */
function priceLine(app, line, n) {
  const label = "Line " + n;
  // Only a JSON number: "3", "0x2", true or [1] would each be read as some other count.
  const quantity = line && typeof line.quantity === "number" ? line.quantity : NaN;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
    refuse(label + ": the quantity must be a whole number from 1 to " + MAX_QUANTITY + ".");
  }
  const type = String(line.type || "");
  let id = String(line.id || "");
  const base = { item_type: type, quantity, variant: "", size: "", color: "" };

  if (type === "painting") {
    const p = find(app, "paintings", id);
    if (!p) refuse(label + ": this painting is no longer in the shop.");
    const tags = json(p, "tags") || [];
    const prices = json(p, "tag_prices") || {};
    const variant = line.variant === "original" ? "original" : line.variant === "print" ? "print" : "";
    if (!variant) refuse(label + ': choose "print" or "original" for "' + p.getString("title") + '".');
    if (variant === "original" && (tags.indexOf(SOLD_OUT) >= 0 || tags.indexOf(ORIGINAL) < 0)) {
      refuse(label + ': the original of "' + p.getString("title") + '" is sold out.');
    }
    if (variant === "original" && quantity !== 1) {
      refuse(label + ': there is only one original of "' + p.getString("title") + '": the quantity must be 1.');
    }
    if (variant === "print" && tags.indexOf(PRINT) < 0) {
      refuse(label + ': "' + p.getString("title") + '" has no prints for sale.');
    }
    const tag = variant === "print" ? PRINT : ORIGINAL;
    return Object.assign(base, {
      item_id: id,
      variant,
      title: p.getString("title") + (variant === "print" ? " (Print)" : " (Original)"),
      unit_amount: cents(prices[tag]),
      image: p.getString("image"),
      collection: "paintings",
    });
  }

  if (type === "book") {
    if (id.slice(-AUTOGRAPHED_SUFFIX.length) === AUTOGRAPHED_SUFFIX) id = id.slice(0, -AUTOGRAPHED_SUFFIX.length);
    const b = find(app, "books", id);
    if (!b) refuse(label + ": this book is no longer in the shop.");
    if (!b.getBool("website_cart_available")) {
      refuse(label + ': signed copies of "' + b.getString("title") + '" are not available right now.');
    }
    return Object.assign(base, {
      item_id: id,
      variant: "autographed",
      title: b.getString("title") + " (Autographed)",
      unit_amount: AUTOGRAPHED_CENTS,
      image: b.getString("image"),
      collection: "books",
    });
  }

  if (type === "merchandise") {
    const m = find(app, "merchandise", id);
    if (!m) refuse(label + ": this item is no longer in the shop.");
    const title = m.getString("title");
    if (!m.getBool("in_stock")) refuse(label + ': "' + title + '" is out of stock.');
    const inventory = json(m, "inventory_count");
    if (typeof inventory === "number" && quantity > inventory) {
      refuse(label + ": only " + inventory + ' of "' + title + '" left.');
    }
    const sizes = json(m, "available_sizes") || [];
    const colors = json(m, "available_colors") || [];
    const size = String(line.size || "");
    const color = String(line.color || "");
    if (sizes.length && sizes.indexOf(size) < 0) refuse(label + ': please select a size for "' + title + '".');
    if (colors.length && colors.indexOf(color) < 0) refuse(label + ': please select a color for "' + title + '".');
    return Object.assign(base, {
      item_id: id,
      size: sizes.length ? size : "",
      color: colors.length ? color : "",
      title: title + [sizes.length ? size : "", colors.length ? color : ""].filter(Boolean).map((s) => " · " + s).join(""),
      unit_amount: cents(m.getFloat("price")),
      image: m.getString("primary_image"),
      collection: "merchandise",
    });
  }

  if (type === "edition") return require(`${__hooks}/lib/pricing/editions.js`).priceLine(app, line, label, base);

  if (type === "digital") {
    const d = find(app, "digital_items", id);
    if (!d) refuse(label + ": this download is no longer in the shop.");
    if (!d.getBool("available")) refuse(label + ': "' + d.getString("title") + '" is not for sale right now.');
    // One licence to one buyer: a second copy would be the same file with the same name on it.
    if (quantity !== 1) refuse(label + ': "' + d.getString("title") + '" is a download: the quantity must be 1.');
    return Object.assign(base, {
      item_id: id,
      title: d.getString("title") + " (Download)",
      unit_amount: cents(d.getFloat("price")),
      image: d.getString("image"),
      collection: "digital_items",
    });
  }

  refuse(label + ": unknown item type.");
}

function holdKey(line) {
  return line.item_type + ":" + line.item_id + ":" + (line.item_type === "painting" ? line.variant : "");
}

// What one holder's open checkouts may keep out of the shop at once. A visitor is counted by
// network (pb_hooks/lib/base/callers.js), a customer by account from wherever they ask; either can
// always finish or cancel a checkout to start another. Accounts are free to make, so one network's
// holds together have a ceiling too, and only a customer whose address is confirmed gets the
// larger allowance.
const HOLD_LIMITS = {
  visitor: { originals: 3, units: 3 },
  customer: { originals: 10, units: 10 },
  network: { originals: 10, units: 10 },
};

function isHeld(line) {
  return line.item_type === "merchandise" || line.item_type === "edition" || (line.item_type === "painting" && line.variant === "original");
}

/** A line's counted stock: tracked merchandise, or an edition's numbers left (editions.js); null when not counted. */
function stockOf(app, line) {
  if (line.item_type === "edition") return require(`${__hooks}/lib/pricing/editions.js`).stockOf(app, line);
  const m = app.findRecordById("merchandise", line.item_id);
  const inventory = json(m, "inventory_count");
  if (typeof inventory !== "number") return null;
  const title = m.getString("title");
  return { title, count: inventory, short: (left) => "only " + left + ' of "' + title + '" left.' };
}

/**
 * What open checkouts hold right now, by holdKey: in all, for one holder ("mine") and for the
 * holder's network ("here"), with their counts of originals. A checkout holds its lines until it
 * is paid, canceled, failed or past expires_at.
 */
function heldQuantities(app, holder, exceptCart) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const { networkOfHolder, sameHolder } = require(`${__hooks}/lib/base/callers.js`);
  const now = new Date().toISOString().replace("T", " ");
  const open = app.findRecordsByFilter("checkout_sessions", "status = 'open' && expires_at > {:now}", "", 0, 0, { now });
  const held = { all: {}, mine: {}, here: {}, myOriginals: 0, hereOriginals: 0 };
  const add = (map, key, n) => (map[key] = (map[key] || 0) + n);
  for (const s of open) {
    const mine = sameHolder(s.getString("holder"), holder);
    // A new checkout of this cart cancels the holder's open one first, so it holds nothing from it.
    if (exceptCart && mine && s.getString("cart_session_id") === exceptCart) continue;
    const here = networkOfHolder(s.getString("holder")) === networkOfHolder(holder);
    for (const l of readJson(s, "line_items", [])) {
      if (!isHeld(l)) continue;
      const original = l.item_type === "painting";
      add(held.all, holdKey(l), l.quantity);
      if (mine) add(held.mine, holdKey(l), l.quantity);
      if (here) add(held.here, holdKey(l), l.quantity);
      if (mine && original) held.myOriginals++;
      if (here && original) held.hereOriginals++;
    }
  }
  return held;
}

function originalTitle(line) {
  return line.title.replace(/ \(Original\)$/, "");
}

/**
 * An original is sold once: one line, never held by another open checkout. Tracked merchandise
 * stock is counted per item across every line of this cart and every open hold. One holder, and
 * one network, keep at most HOLD_LIMITS out of the shop at once, so a bot cannot empty it with a
 * few checkouts or a few sign-ups.
 */
function checkAvailability(app, lines, holder, trusted, exceptCart) {
  const limits = trusted ? HOLD_LIMITS.customer : HOLD_LIMITS.visitor;
  const held = heldQuantities(app, holder, exceptCart);
  const wanted = {};
  const finish = " counting your other open checkouts. Please finish or cancel one first.";
  const more = trusted ? "" : " Signing in with a confirmed email address lets you reserve up to " + HOLD_LIMITS.customer.originals + ".";
  let mine = held.myOriginals;
  let here = held.hereOriginals;
  lines.forEach((l, i) => {
    const label = "Line " + (i + 1);
    const key = holdKey(l);
    if (l.item_type === "painting" && l.variant === "original") {
      if (wanted[key]) refuse(label + ': the original of "' + originalTitle(l) + '" is already in this order.');
      if (held.all[key]) {
        refuse(label + ': the original of "' + originalTitle(l) + '" is reserved by another checkout right now. Please try again in ' + HOLD_MINUTES + " minutes.");
      }
      if (++mine > limits.originals) refuse(label + ": one checkout may reserve at most " + limits.originals + " originals at a time," + finish + more);
      if (++here > HOLD_LIMITS.network.originals) refuse(label + ": checkouts from your network already reserve " + HOLD_LIMITS.network.originals + " originals. Please finish or cancel one first.");
    }
    if (l.item_type === "merchandise" || l.item_type === "edition") {
      const stock = stockOf(app, l);
      if (stock) {
        const title = stock.title;
        const left = stock.count - (held.all[key] || 0) - (wanted[key] || 0);
        if (l.quantity > left) refuse(label + ": " + stock.short(Math.max(0, left), held.all[key] || 0));
        const units = (wanted[key] || 0) + l.quantity;
        if ((held.mine[key] || 0) + units > limits.units) {
          refuse(label + ": at most " + limits.units + ' of "' + title + '" can be reserved at a time,' + finish + (trusted ? "" : " Signing in with a confirmed email address lets you reserve up to " + HOLD_LIMITS.customer.units + "."));
        }
        if ((held.here[key] || 0) + units > HOLD_LIMITS.network.units) {
          refuse(label + ": checkouts from your network already reserve " + HOLD_LIMITS.network.units + ' of "' + title + '". Please finish or cancel one first.');
        }
      }
    }
    wanted[key] = (wanted[key] || 0) + l.quantity;
  });
}

/**
 * The one price of an order: { lines, subtotal, shipping, discount, tax, total } in cents, or a
 * BadRequestError naming what cannot be sold. Checkout and the cart's preview both ask here, so a
 * preview shows what checkout then charges. `trusted` is a customer with a confirmed address (the
 * larger hold allowance); `cartSessionId` leaves out the holder's open checkout of the same cart,
 * which a new checkout would cancel first. `code` is a discount code (lib/pricing/discounts.js): one it
 * cannot apply is named in `code_refusal` ({ message, status }) and the order priced without it.
 * `country` (ISO code) and `region` (a US state) place the parcel: its zone and rate
 * (lib/pricing/shipping.js) and its tax (lib/pricing/tax.js), worked out on what is left after the discount.
 */
function priceOrder(app, { items, holder, trusted, cartSessionId, code, country, region }) {
  if (!Array.isArray(items) || items.length === 0) refuse("Please add items to your cart before checking out.");
  if (items.length > 50) refuse("A cart holds at most 50 lines.");
  const lines = items.map((line, i) => priceLine(app, line, i + 1)).filter((l) => l.unit_amount > 0);
  if (lines.length === 0) refuse("No valid items to checkout");
  checkAvailability(app, lines, holder, !!trusted, cartSessionId || "");
  const subtotal = lines.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0);
  const discounts = require(`${__hooks}/lib/pricing/discounts.js`);
  const off = discounts.applyDiscount(app, { code, lines, subtotal, holder, trusted: !!trusted, cartSessionId: cartSessionId || "" });
  const discount = off.discount;
  const place = placeOf(country, region);
  const ship = require(`${__hooks}/lib/pricing/shipping.js`).shipOrder(app, { lines, country: place.country, goods: subtotal - discount, freeShipping: off.free_shipping });
  const shipping = ship.cents;
  const taxed = require(`${__hooks}/lib/pricing/tax.js`).taxOrder(app, { lines, shipping, country: place.country, region: place.region });
  const tax = taxed.cents;
  return discounts.checkTotal({
    lines,
    subtotal,
    shipping,
    discount,
    tax,
    total: subtotal + shipping - discount + tax,
    discount_code: off.code,
    free_shipping: off.free_shipping,
    code_refusal: off.refusal,
    ship_country: place.country,
    ship_region: place.region,
    // false when every line is a download: no parcel, no address to ask for.
    ships: lines.some(require(`${__hooks}/lib/pricing/shipping.js`).ships),
    shipping_zone: ship.zone,
    shipping_zone_name: ship.zone_name,
    // With the shop's own tax the payment page keeps the country it was priced for: its tax is
    // that country's (docs/decisions/030). Otherwise any country of the zone costs the same.
    allowed_countries: taxed.mode === "manual" && place.country ? [place.country] : ship.countries,
    zone_countries: ship.countries,
    delivery_estimate: ship.estimate,
    tax_mode: taxed.mode,
    tax_included: taxed.included,
    tax_label: taxed.label,
    shipping_tax: taxed.shipping_cents,
  });
}

/** The place a buyer names, in the codes Stripe reports: "de" is DE; a region only for the US. */
function placeOf(country, region) {
  if (country !== undefined && country !== null && typeof country !== "string") refuse("The country must be a two-letter code.");
  if (region !== undefined && region !== null && typeof region !== "string") refuse("The state must be a two-letter code.");
  const c = String(country || "").trim().toUpperCase();
  const r = c === "US" ? String(region || "").trim().toUpperCase() : "";
  if (r && !require(`${__hooks}/lib/pricing/countries.js`).isUsState(r)) refuse('"' + r + '" is not a US state.');
  return { country: c, region: r };
}

/**
 * What a commission payment of `kind` ("deposit", "balance" or "change") asks on a quote, in
 * cents: { subtotal, shipping, discount, tax, total }. Commissions ship nothing. A quote is the
 * price agreed in full: with manual tax it holds the tax at the studio's home rate (tax_included);
 * with Stripe Tax, Stripe adds it on its page (lib/money/stripe.js).
 */
function priceCommissionPayment(quote, kind) {
  const total = quote.getInt("total_cents");
  const deposit = quote.getInt("deposit_cents");
  const subtotal = kind === "deposit" ? deposit : kind === "balance" && quote.getString("status") === "deposit_paid" ? total - deposit : total;
  const tax = require(`${__hooks}/lib/pricing/tax.js`).taxCommission($app, subtotal);
  return { subtotal, shipping: 0, discount: 0, tax: 0, tax_included: tax.included, total: subtotal };
}

module.exports = { priceOrder, priceLine, priceCommissionPayment, AUTOGRAPHED_SUFFIX, HOLD_MINUTES, HOLD_LIMITS };
