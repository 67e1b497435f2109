// The cart's "Remind me about this cart if I don't finish": the consent, kept on the reminder and in
// a log like the newsletter's (time, the words' version, the form, a digest of the network), its
// end by unticking or by the letter's unsubscribe, and the studio's delays. Nothing is confirmed
// first: what a stranger's address can receive is bounded instead
// (docs/decisions/032-cart-reminders-bounded-not-confirmed.md).

const { count, volumeLimitsOn } = require(`${__hooks}/lib/base/counters.js`);
const { networkDigest } = require(`${__hooks}/lib/letters/newsletter.js`);

// The box's words, by version; the cart shows the current one (src/features/cart/reminderWording.ts).
const WORDINGS = {
  1: "Remind me about this cart if I don't finish. At most two letters to this address about this cart. It does not sign you up for the newsletter.",
};
const CURRENT_WORDING = 1;

// One network may ask for reminders to this many different addresses a day (a shared mobile
// network's address holds many buyers), one address from this many carts a week: enough for real
// buyers, too few to make a mailing list of the shop.
const NETWORK_ADDRESSES_PER_DAY = 10;
const ADDRESS_CARTS_PER_WEEK = 3;
const DAY_MS = 24 * 3600 * 1000;

function nowText() {
  return new Date().toISOString().replace("T", " ");
}

function settingsRecord(app) {
  return app.findFirstRecordByFilter("newsletter_settings", "id != ''");
}

/** The studio's choices: delays in seconds (0: that letter is off), what a sold original becomes, and its postal address (set in Letters). */
function settings(app) {
  const r = settingsRecord(app);
  return {
    first_seconds: r.getInt("reminder_first_seconds"),
    second_seconds: r.getInt("reminder_second_seconds"),
    sold_original: r.getString("reminder_sold_original") || "offer_print",
    postal_address: r.getString("postal_address").trim(),
  };
}

/** The delays of the letters that are on, in order: at most two. */
function delays(s) {
  return [s.first_seconds, s.second_seconds].filter((d) => d > 0);
}

function saveSettings(app, body) {
  const r = settingsRecord(app);
  const first = body.first_seconds == null ? r.getInt("reminder_first_seconds") : Number(body.first_seconds);
  const second = body.second_seconds == null ? r.getInt("reminder_second_seconds") : Number(body.second_seconds);
  const sold = body.sold_original == null ? r.getString("reminder_sold_original") : String(body.sold_original);
  const month = 30 * 24 * 3600;
  for (const [name, v] of [["first", first], ["second", second]]) {
    if (!Number.isInteger(v) || v < 0 || v > month) throw new BadRequestError(`The ${name} letter's delay must be from 0 (off) to 30 days.`);
  }
  if (first && second && second <= first) throw new BadRequestError("The second letter must come after the first.");
  if (sold !== "offer_print" && sold !== "leave_out") throw new BadRequestError('A sold original is either "offer_print" or "leave_out".');
  r.set("reminder_first_seconds", first);
  r.set("reminder_second_seconds", second);
  r.set("reminder_sold_original", sold);
  app.save(r);
  return settings(app);
}

function logConsent(app, reminder, action, how) {
  const row = new Record(app.findCollectionByNameOrId("cart_reminder_consents"));
  row.set("reminder", reminder.id);
  row.set("email", reminder.getString("email"));
  row.set("action", action);
  row.set("via", how.via);
  row.set("wording_version", how.wording || 0);
  row.set("network_digest", how.network || "");
  app.save(row);
}

function cartOf(body) {
  const sessionId = typeof body.cart_session_id === "string" ? body.cart_session_id : "";
  if (!/^[A-Za-z0-9_-]{8,100}$/.test(sessionId)) throw new BadRequestError("A cart session id is required.");
  return sessionId;
}

function checkTick(body) {
  const sessionId = cartOf(body);
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) throw new BadRequestError("Please provide a valid email address for the reminder.");
  const wording = body.wording_version;
  if (typeof wording !== "number" || !WORDINGS[wording]) throw new BadRequestError("This cart is out of date: please reload the page and tick the box again.");
  const code = String(body.code || "").trim().toUpperCase();
  return { sessionId, email, wording, code: /^[A-Z0-9]{3,32}$/.test(code) ? code : "" };
}

function findFor(app, sessionId) {
  return app.findRecordsByFilter("cart_reminders", "cart_session_id = {:id}", "", 1, 0, { id: sessionId })[0] || null;
}

/**
 * The box ticked for a cart: its reminder (re)starts for this address, with the consent logged.
 * A network past its allowance is refused; an address asked for from too many carts is answered
 * the same as any other and not kept, so the answer tells nobody about an address.
 */
function tick(app, body, e) {
  const asked = checkTick(body);
  const callers = require(`${__hooks}/lib/base/callers.js`);
  const user = callers.signedInCustomer(e);
  if (volumeLimitsOn(app)) {
    if (count(app, "reminder-net:" + callers.networkKey(e), DAY_MS, asked.email) > NETWORK_ADDRESSES_PER_DAY) {
      throw new ApiError(429, "Reminders have been asked for too many addresses from this network today. Please try again tomorrow.", null);
    }
    if (count(app, "reminder-address:" + $security.sha256(asked.email), 7 * DAY_MS, asked.sessionId) > ADDRESS_CARTS_PER_WEEK) return;
  }
  const how = { via: "cart form", network: networkDigest(e), wording: asked.wording };
  app.runInTransaction((tx) => {
    let reminder = findFor(tx, asked.sessionId);
    const fresh = !reminder || reminder.getString("state") !== "active" || reminder.getString("email") !== asked.email;
    if (!reminder) {
      reminder = new Record(tx.findCollectionByNameOrId("cart_reminders"));
      reminder.set("cart_session_id", asked.sessionId);
    }
    if (fresh) reminder.set("letters_sent", 0);
    reminder.set("email", asked.email);
    reminder.set("user", user ? user.id : "");
    reminder.set("state", "active");
    reminder.set("stop_reason", "");
    reminder.set("touched_at", nowText());
    reminder.set("code", asked.code);
    reminder.set("wording_version", asked.wording);
    reminder.set("network_digest", how.network);
    tx.save(reminder);
    logConsent(tx, reminder, "ticked", how);
  });
}

/** Stops a reminder for good (unticked, unsubscribed, paid, ...), with a line in the log when the person asked. */
function stop(app, reminder, reason, how) {
  if (reminder.getString("state") !== "active") return;
  reminder.set("state", "stopped");
  reminder.set("stop_reason", reason);
  app.save(reminder);
  if (how) logConsent(app, reminder, reason, how);
}

/** The box unticked: that cart gets no letter. */
function untick(app, body, e) {
  const sessionId = cartOf(body);
  app.runInTransaction((tx) => {
    const reminder = findFor(tx, sessionId);
    if (reminder) stop(tx, reminder, "unticked", { via: "cart form", network: networkDigest(e), wording: CURRENT_WORDING });
  });
}

/** The letter's unsubscribe (its page's button or a mail app's one-click POST): every reminder to that address stops. */
function unsubscribe(app, letter, via, e) {
  app.runInTransaction((tx) => {
    const email = letter.getString("email");
    for (const reminder of tx.findRecordsByFilter("cart_reminders", "email = {:email} && state = 'active'", "", 100, 0, { email })) {
      stop(tx, reminder, "unsubscribed", { via, network: networkDigest(e) });
    }
  });
}

/** The letter a token from a letter's address belongs to, by its digest in `field`; null for a forged one. */
function letterBy(app, field, token) {
  if (!/^[A-Za-z0-9]{43}$/.test(String(token || ""))) return null;
  return app.findRecordsByFilter("cart_reminder_letters", `${field} = {:d}`, "", 1, 0, { d: $security.sha256(token) })[0] || null;
}

/** Everything kept about reminders to one address, for the studio's export (newsletter-records.js). */
function recordsOf(app, email) {
  const at = (r, f) => (r.getDateTime(f).isZero() ? null : r.getDateTime(f).string());
  return {
    reminders: app.findRecordsByFilter("cart_reminders", "email = {:email}", "created", 0, 0, { email }).map((r) => ({
      cart_session_id: r.getString("cart_session_id"),
      ticked_at: at(r, "created"),
      state: r.getString("state"),
      stop_reason: r.getString("stop_reason"),
      letters: app.findRecordsByFilter("cart_reminder_letters", "reminder = {:id}", "n", 2, 0, { id: r.id }).map((l) => ({ n: l.getInt("n"), subject: l.getString("subject"), state: l.getString("state"), sent_at: at(l, "sent_at") })),
    })),
    consents: app.findRecordsByFilter("cart_reminder_consents", "email = {:email}", "created", 0, 0, { email }).map((c) => ({
      action: c.getString("action"),
      at: at(c, "created"),
      via: c.getString("via"),
      wording_version: c.getInt("wording_version"),
      network_digest: c.getString("network_digest"),
    })),
  };
}

/** Erases reminders to one address: the reminders, their letters and their consent log. */
function eraseAddress(app, email) {
  app.db().newQuery("DELETE FROM cart_reminder_consents WHERE email = {:email}").bind({ email }).execute();
  for (const r of app.findRecordsByFilter("cart_reminders", "email = {:email}", "", 0, 0, { email })) app.delete(r); // letters go with it (cascade)
}

/** Reminders that ended longer ago than carts are kept go, with their letters; the consent log stays. */
function pruneOld(app) {
  const days = require(`${__hooks}/lib/accounts/cart-limits.js`).retentionDays();
  const cutoff = new Date(Date.now() - days * 86400000).toISOString().replace("T", " ");
  const old = app.findRecordsByFilter("cart_reminders", "state = 'stopped' && updated < {:cutoff}", "updated", 500, 0, { cutoff });
  for (const r of old) app.delete(r);
  return old.length;
}

module.exports = { recordsOf, eraseAddress, pruneOld, WORDINGS, CURRENT_WORDING, settings, delays, saveSettings, tick, untick, stop, unsubscribe, letterBy };
