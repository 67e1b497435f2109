// The reminders whose time has come become letters. A cart's clock starts when its checkout
// expired unpaid (Stripe's checkout.session.expired, or the demo provider's time running out) or
// when it was last touched with the box ticked; while a checkout is open, nothing is due. Just
// before a letter is written, the reminder is checked again: stopped when that address or cart
// has paid, the address refuses mail, or nothing in the cart can be bought. The server's mail
// sender (pocketbase/internal/mail/reminders.go) sends the letters and runs this every few seconds.

const reminders = require(`${__hooks}/lib/letters/cart-reminders.js`);

// However many carts tick the box for one address, it gets at most this many reminders a week.
const ADDRESS_LETTERS_PER_WEEK = 2;
const BATCH = 200;

function ms(text) {
  const t = String(text || "");
  return t ? new Date(t.replace(" ", "T")).getTime() : 0;
}

function dbText(when) {
  return new Date(when).toISOString().replace("T", " ");
}

function one(app, sql, params) {
  const rows = arrayOf(new DynamicModel({ n: 0 }));
  app.db().newQuery(sql).bind(params).all(rows);
  return rows.length ? rows[0].n : 0;
}

/** Whether this address or this cart paid for an order since `since` (account address or the one given at checkout). */
function paidSince(app, email, cartSessionId, since) {
  return (
    one(
      app,
      "SELECT COUNT(*) AS n FROM checkout_sessions o WHERE o.status = 'paid' AND o.fulfilled_at >= {:since} AND (o.cart_session_id = {:cart}" +
        " OR (SELECT lower(u.email) FROM users u WHERE u.id = o.user) = {:email}" +
        " OR EXISTS (SELECT 1 FROM purchases p WHERE p.payment_id = o.provider_session_id AND lower(json_extract(p.metadata, '$.customer_details.email')) = {:email}))",
      { since, cart: cartSessionId, email },
    ) > 0
  );
}

/** Whether the address's mail server refused our mail: taken off the newsletter, or a reminder refused. */
function refusesMail(app, email) {
  return (
    one(app, "SELECT COUNT(*) AS n FROM newsletter_subscribers WHERE lower(email) = {:email} AND state = 'suppressed'", { email }) +
      one(app, "SELECT COUNT(*) AS n FROM cart_reminder_letters WHERE email = {:email} AND state = 'refused'", { email }) >
    0
  );
}

/**
 * When the cart's clock started, or 0 while a checkout of it is still open. A demo checkout past
 * its time is closed here (nothing else would notice); a Stripe one past its time without the
 * webhook yet counts from its expiry.
 */
function startOf(app, reminder, cart) {
  const sessions = require(`${__hooks}/lib/orders/checkout-sessions.js`);
  let start = Math.max(ms(reminder.getString("touched_at")), cart ? ms(cart.getString("last_activity")) : 0);
  const now = Date.now();
  for (const s of app.findRecordsByFilter("checkout_sessions", "cart_session_id = {:cart} && status != 'paid'", "-created", 20, 0, { cart: reminder.getString("cart_session_id") })) {
    const expires = ms(s.getString("expires_at"));
    if (s.getString("status") === "open") {
      if (expires > now) return 0;
      if (s.getString("provider") === "demo") sessions.closeIfExpired(app, s);
      start = Math.max(start, expires);
    } else {
      // Ended when it was canceled or marked expired, or at its time if that came first (a
      // checkout noticed late counts from when it really ran out).
      const ended = ms(s.getString("updated"));
      start = Math.max(start, expires ? Math.min(ended, expires) : ended);
    }
  }
  return start;
}

/** Writes every letter that is due now. Returns how many were written. */
function writeDue(app) {
  if (!app.settings().smtp.enabled) return 0;
  const s = reminders.settings(app);
  const steps = reminders.delays(s);
  // Every letter that sells carries the studio's postal address: none is written before it is set.
  if (!steps.length || !s.postal_address) return 0;
  let written = 0;
  for (const r of app.findRecordsByFilter("cart_reminders", "state = 'active' && letters_sent < {:n}", "touched_at", BATCH, 0, { n: steps.length })) {
    try {
      if (writeIfDue(app, r.id, steps, s)) written++;
    } catch (err) {
      console.log("cart reminder not written:", r.id, String(err));
    }
  }
  return written;
}

function writeIfDue(app, id, steps, s) {
  let written = false;
  // One transaction: the server's writes are one at a time, so a reminder read here is the one
  // written, and two sweeps at once write its letter once.
  app.runInTransaction((tx) => {
    const r = tx.findRecordById("cart_reminders", id);
    const sent = r.getInt("letters_sent");
    if (r.getString("state") !== "active" || sent >= steps.length) return;
    const email = r.getString("email");
    const cartId = r.getString("cart_session_id");
    const cart = tx.findRecordsByFilter("abandoned_carts", "session_id = {:id}", "", 1, 0, { id: cartId })[0];
    if (paidSince(tx, email, cartId, r.getString("touched_at")) || (cart && cart.getBool("is_converted"))) return reminders.stop(tx, r, "paid");
    if (refusesMail(tx, email)) return reminders.stop(tx, r, "suppressed");
    const start = startOf(tx, r, cart);
    if (!start || Date.now() < start + steps[sent] * 1000) return;
    // An emptied cart is forgotten by the server (lib/pricing/carts.js): nothing is left to remind of.
    if (!cart) return reminders.stop(tx, r, "nothing_left");
    const { liveLines, renderReminder } = require(`${__hooks}/lib/letters/cart-reminder-letter.js`);
    const lines = liveLines(tx, require(`${__hooks}/lib/base/records.js`).readJson(cart, "cart_items", []), s.sold_original);
    if (!lines.length) return reminders.stop(tx, r, "nothing_left");
    const lastWeek = dbText(Date.now() - 7 * 24 * 3600 * 1000);
    if (one(tx, "SELECT COUNT(*) AS n FROM cart_reminder_letters WHERE email = {:email} AND created >= {:since}", { email, since: lastWeek }) >= ADDRESS_LETTERS_PER_WEEK) {
      return reminders.stop(tx, r, "address_limit");
    }
    queueLetter(tx, r, sent + 1, lines);
    r.set("letters_sent", sent + 1);
    tx.save(r);
    written = true;
  });
  return written;
}

function queueLetter(app, reminder, n, lines) {
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  const restore = $security.randomStringWithAlphabet(43, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
  const unsubscribe = $security.randomStringWithAlphabet(43, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
  const unsubscribeUrl = `${siteUrl()}/letters/cart-reminders/unsubscribe/${unsubscribe}`;
  const postal = reminders.settings(app).postal_address;
  const letter = require(`${__hooks}/lib/letters/cart-reminder-letter.js`).renderReminder({
    lines,
    restoreUrl: `${siteUrl()}/cart/restore/${restore}`,
    unsubscribeUrl,
    postalAddress: postal,
    n,
  });
  const row = new Record(app.findCollectionByNameOrId("cart_reminder_letters"));
  row.set("reminder", reminder.id);
  row.set("n", n);
  row.set("email", reminder.getString("email"));
  row.set("subject", letter.subject);
  row.set("html", letter.html);
  row.set("text", letter.text);
  row.set("restore_digest", $security.sha256(restore));
  row.set("unsubscribe_digest", $security.sha256(unsubscribe));
  row.set("unsubscribe_url", unsubscribeUrl);
  row.set("state", "queued");
  row.set("attempts", 0);
  app.save(row);
}

module.exports = { writeDue, paidSince };
