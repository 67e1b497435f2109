// Step 2 of an order's price (lib/pricing/pricing.js priceOrder): what a discount code takes off. Only the
// code comes from the browser; which lines it covers, how much, and whether it may be used now
// are worked out here from the studio's record of it. See docs/decisions/023-discount-codes.md.

const CODE_PATTERN = /^[A-Za-z0-9]{3,32}$/;
const NOT_VALID = "This code isn't valid";
// Wrong codes one buyer may try in a window: enough for typos, far too few to find a code by trying.
const GUESS_WINDOW_MS = 60 * 60 * 1000;
const GUESS_LIMITS = { account: 10, network: 10, networkOfAccounts: 30 };
const TOO_MANY = "Too many codes that don't exist were tried from here. Please try again in an hour.";
// The smallest charge a card payment can take (lib/money/stripe-rules.js MINIMUM_CHARGE).
const MINIMUM_TOTAL = 50;

/** The kind of goods a priced line is, as codes name them. */
function kindOf(line) {
  if (line.item_type === "painting") return line.variant === "original" ? "originals" : "prints";
  if (line.item_type === "book") return "books";
  return "merchandise";
}

function appliesTo(record) {
  const chosen = record.getStringSlice("applies_to");
  // Originals are one of a kind: a code leaves them out unless the studio chose them.
  return chosen.length ? chosen : ["prints", "books", "merchandise"];
}

const money = (cents) => require(`${__hooks}/lib/money/money.js`).dollars(cents);

function day(date) {
  return date.toISOString().slice(0, 10);
}

/** A code as stored (capitals), or "" when it cannot be one: checked before any query. */
function normalise(raw) {
  if (typeof raw !== "string") return "";
  const code = raw.trim();
  return CODE_PATTERN.test(code) ? code.toUpperCase() : "";
}

function findCode(app, code) {
  return app.findRecordsByFilter("discount_codes", "code = {:code}", "", 1, 0, { code })[0] || null;
}

function nowText() {
  return new Date().toISOString().replace("T", " ");
}

/**
 * The rows of a code's uses now: paid orders not refunded in full, and open checkouts still holding
 * one. `where` narrows them (one buyer's); `exceptCart` leaves out a holder's open checkout of that
 * cart, which a new checkout cancels first.
 */
function useRows(app, code, where, params, exceptCart, holder) {
  const { sameHolder } = require(`${__hooks}/lib/base/callers.js`);
  const rows = app.findRecordsByFilter(
    "checkout_sessions",
    "discount_code = {:code} && discount_returned = false && (status = 'paid' || (status = 'open' && expires_at > {:now}))" + (where ? " && " + where : ""),
    "",
    0,
    0,
    Object.assign({ code, now: nowText() }, params || {}),
  );
  return rows.filter((s) => !(exceptCart && s.getString("status") === "open" && s.getString("cart_session_id") === exceptCart && sameHolder(s.getString("holder"), holder)));
}

/** Who holds an open checkout, as a use counts them: a customer's account, else a visitor's network. */
function holdingBuyer(holder) {
  const { accountOfHolder, networkOfHolder } = require(`${__hooks}/lib/base/callers.js`);
  const account = accountOfHolder(holder);
  return account ? "user:" + account : networkOfHolder(holder);
}

/**
 * The uses a code has now: every paid order, and one for each buyer's open checkouts together (a
 * buyer who starts again is still one buyer). `except` leaves that buyer's open checkouts out.
 */
function countUses(app, code, where, params, except) {
  const buyers = {};
  let paid = 0;
  for (const s of useRows(app, code, where, params)) {
    if (s.getString("status") === "paid") paid++;
    else buyers[holdingBuyer(s.getString("holder"))] = true;
  }
  if (except) delete buyers[holdingBuyer(except)];
  return paid + Object.keys(buyers).length;
}

/**
 * A capped code is held by open checkouts, so one holder, and one network, may keep only so many
 * of them open at once, as with originals (lib/pricing/pricing.js HOLD_LIMITS).
 */
function holdRefusal(app, holder, trusted, exceptCart) {
  const { HOLD_LIMITS } = require(`${__hooks}/lib/pricing/pricing.js`);
  const { networkOfHolder, sameHolder } = require(`${__hooks}/lib/base/callers.js`);
  const open = app.findRecordsByFilter("checkout_sessions", "discount_code != '' && discount_returned = false && status = 'open' && expires_at > {:now}", "", 0, 0, { now: nowText() });
  const mine = open.filter((s) => sameHolder(s.getString("holder"), holder) && !(exceptCart && s.getString("cart_session_id") === exceptCart)).length;
  const here = open.filter((s) => networkOfHolder(s.getString("holder")) === networkOfHolder(holder)).length;
  const limits = trusted ? HOLD_LIMITS.customer : HOLD_LIMITS.visitor;
  if (mine >= limits.originals) return refusal("You have " + mine + " open checkouts with a code. Please finish or cancel one first.", 429);
  if (here >= HOLD_LIMITS.network.originals) return refusal("Checkouts from your network already hold " + here + " codes. Please finish or cancel one first.", 429);
  return null;
}

function guessKeys(holder) {
  const { accountOfHolder, networkOfHolder } = require(`${__hooks}/lib/base/callers.js`);
  const account = accountOfHolder(holder);
  const network = networkOfHolder(holder);
  const keys = [];
  if (account) keys.push({ key: "code-guesses:account:" + account, limit: GUESS_LIMITS.account });
  if (network) keys.push({ key: "code-guesses:" + network, limit: account ? GUESS_LIMITS.networkOfAccounts : GUESS_LIMITS.network });
  return keys;
}

function guessCounters() {
  return require(`${__hooks}/lib/base/counters.js`);
}

function tooManyGuesses(app, holder) {
  return guessKeys(holder).some(({ key, limit }) => guessCounters().peek(app, key) >= limit);
}

function alreadyGuessed(app, holder, code) {
  const keys = guessKeys(holder);
  return keys.length > 0 && guessCounters().counted(app, keys[0].key, code);
}

// Distinct wrong codes only: a cart asking again for its one mistyped code is one try. Each count
// is one atomic step (lib/base/counters.js), so parallel guesses cannot all slip under the limit.
function countWrongGuess(app, holder, code) {
  let over = false;
  for (const { key, limit } of guessKeys(holder)) {
    if (guessCounters().count(app, key, GUESS_WINDOW_MS, code) > limit) over = true;
  }
  return over;
}

function refusal(message, status) {
  return { discount: 0, free_shipping: false, code: "", refusal: { message, status: status || 400 } };
}

/**
 * Splits `total` cents over `amounts` in proportion, whole cents that sum to `total` exactly
 * (largest remainders first).
 */
function share(total, amounts) {
  const sum = amounts.reduce((a, b) => a + b, 0);
  const exact = amounts.map((a) => (sum ? (total * a) / sum : 0));
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i]).sort((a, b) => b[0] - a[0]);
  for (let k = 0; left > 0 && k < order.length; k++, left--) parts[order[k][1]]++;
  return parts;
}

/**
 * What `code` takes off these priced lines: { discount, free_shipping, code, refusal }. Sets
 * `discount_cents` on each line it covers (their sum is `discount`). A code that cannot be used
 * leaves every line as it was and says why in `refusal` ({ message, status }); no code, nothing.
 */
function applyDiscount(app, { code: raw, lines, subtotal, holder, trusted, cartSessionId }) {
  if (raw === undefined || raw === null || raw === "") return { discount: 0, free_shipping: false, code: "", refusal: null };
  const code = normalise(raw);
  if (!code) return refusal(NOT_VALID);
  // A wrong code asked again (a cart showing its mistake) is answered as before, and is no new try.
  if (alreadyGuessed(app, holder, code)) return refusal(NOT_VALID);
  if (tooManyGuesses(app, holder)) return refusal(TOO_MANY, 429);
  const record = findCode(app, code);
  if (!record || !record.getBool("active")) return countWrongGuess(app, holder, code) ? refusal(TOO_MANY, 429) : refusal(NOT_VALID);

  const now = new Date();
  const starts = record.getDateTime("starts_at");
  const ends = record.getDateTime("ends_at");
  if (!starts.isZero() && new Date(starts.string().replace(" ", "T")) > now) {
    return refusal("This code starts on " + day(new Date(starts.string().replace(" ", "T"))) + ". Please come back then.");
  }
  if (!ends.isZero() && new Date(ends.string().replace(" ", "T")) <= now) {
    return refusal("This code ended on " + day(new Date(ends.string().replace(" ", "T"))) + ".");
  }

  const kinds = appliesTo(record);
  const covered = lines.filter((l) => kinds.indexOf(kindOf(l)) >= 0);
  if (!covered.length) return refusal("Nothing in your cart is covered by this code: it is for " + kinds.join(", ") + ".");
  const minimum = record.getInt("min_subtotal_cents");
  if (minimum > 0 && subtotal < minimum) {
    return refusal("This code needs an order of at least " + money(minimum) + "; your cart comes to " + money(subtotal) + ".");
  }

  // A guest's e-mail is known only once paid: fulfilment checks it then (flagUsedByEmail).
  const account = require(`${__hooks}/lib/base/callers.js`).accountOfHolder(holder);
  if (record.getBool("once_per_buyer") && account && useRows(app, code, "user = {:user}", { user: account }, cartSessionId, holder).length > 0) {
    return refusal("You have already used this code.");
  }
  const cap = record.getInt("max_uses");
  if (cap > 0) {
    if (countUses(app, code, "", null, holder) >= cap) return refusal("This code has been used up.");
    const tooMany = holdRefusal(app, holder, trusted, cartSessionId);
    if (tooMany) return tooMany;
  }

  if (record.getString("kind") === "free_shipping") return { discount: 0, free_shipping: true, code, refusal: null };
  const amounts = covered.map((l) => l.unit_amount * l.quantity);
  const coveredTotal = amounts.reduce((a, b) => a + b, 0);
  let parts;
  if (record.getString("kind") === "percent") {
    const percent = Math.min(100, Math.max(0, record.getInt("percent")));
    parts = amounts.map((a) => Math.round((a * percent) / 100));
  } else {
    // A fixed amount never takes off more than the goods it covers.
    parts = share(Math.min(record.getInt("amount_cents"), coveredTotal), amounts);
  }
  covered.forEach((l, i) => (l.discount_cents = parts[i]));
  // Named to the buyer in the cart, on the payment page and the order: "-$2.80" on a cart with an
  // original must not read as a broken code.
  lines.forEach((l) => {
    if (covered.indexOf(l) < 0) l.code_excluded = true;
  });
  return { discount: parts.reduce((a, b) => a + b, 0), free_shipping: false, code, refusal: null };
}

/**
 * A code that would leave less than a card payment can take (a total of zero included) is
 * refused, and the order priced without it (decision 023).
 */
function checkTotal(priced) {
  if (!priced.discount_code || priced.total >= MINIMUM_TOTAL) return priced;
  const message = "With this code the order would come to " + money(priced.total) + ", less than the " + money(MINIMUM_TOTAL) + " a card payment can take. Please ask the studio.";
  priced.lines.forEach((l) => delete l.discount_cents);
  priced.total += priced.discount;
  return Object.assign(priced, { discount: 0, discount_code: "", code_refusal: { message, status: 400 } });
}

/**
 * At payment, when a guest's e-mail is first known: a once-per-buyer code this address already
 * used on another paid order is flagged on the order for the studio (the payment stands).
 */
function flagUsedByEmail(tx, session, email) {
  const code = session.getString("discount_code");
  const address = String(email || "").trim().toLowerCase();
  if (!code || !address || session.getString("user")) return;
  const record = findCode(tx, code);
  if (!record || !record.getBool("once_per_buyer")) return;
  const row = new DynamicModel({ n: 0 });
  tx.db()
    .newQuery(
      "SELECT COUNT(DISTINCT s.id) AS n FROM checkout_sessions s JOIN purchases p ON p.payment_id = s.provider_session_id " +
        "WHERE s.discount_code = {:code} AND s.status = 'paid' AND s.discount_returned = FALSE AND s.id != {:id} " +
        "AND lower(json_extract(p.metadata, '$.customer_details.email')) = {:email}",
    )
    .bind({ code, id: session.id, email: address })
    .one(row);
  if (row.n > 0) session.set("discount_flag", address + " had already used " + code + " on another order.");
}

/**
 * The Stripe coupon taking `cents` off for `code`: made once per code and amount, then reused
 * (kept on the code's record). A percent coupon would be spread by Stripe over every line, the
 * shipping too, and rounded its own way; an amount is the shop's discount exactly.
 */
function stripeCoupon(app, code, cents) {
  const record = findCode(app, code);
  const known = (record && require(`${__hooks}/lib/base/records.js`).readJson(record, "stripe_coupons", {})) || {};
  if (known[cents]) return known[cents];
  const id = require(`${__hooks}/lib/money/stripe.js`).createCoupon(code, cents);
  if (record) {
    app.runInTransaction((tx) => {
      const fresh = tx.findRecordById("discount_codes", record.id);
      const map = require(`${__hooks}/lib/base/records.js`).readJson(fresh, "stripe_coupons", {}) || {};
      map[cents] = id;
      fresh.set("stripe_coupons", map);
      tx.saveNoValidate(fresh);
    });
  }
  return id;
}

/**
 * An order refunded in full gives its use of a code back: the paid checkout whose purchases carry
 * this payment intent (Stripe) or, given a record, that checkout. Returns whether one was given back.
 */
function returnUse(app, paymentIntent, session) {
  let returned = false;
  app.runInTransaction((tx) => {
    let s = session ? tx.findRecordById("checkout_sessions", session.id) : null;
    if (!s && paymentIntent) {
      const p = tx.findRecordsByFilter("purchases", "metadata.payment_intent = {:pi}", "", 1, 0, { pi: paymentIntent })[0];
      if (p) s = tx.findRecordsByFilter("checkout_sessions", "provider_session_id = {:id}", "", 1, 0, { id: p.getString("payment_id") })[0] || null;
    }
    if (!s || !s.getString("discount_code") || s.getBool("discount_returned")) return;
    s.set("discount_returned", true);
    tx.save(s);
    returned = true;
  });
  return returned;
}

module.exports = { returnUse, stripeCoupon, applyDiscount, checkTotal, flagUsedByEmail, normalise, countUses, kindOf, NOT_VALID, TOO_MANY, GUESS_LIMITS };
