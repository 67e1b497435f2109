// Files sold to download, from the payment on: a grant per file of each paid line (made once, in
// fulfilment's transaction), revoked by a full refund of its line or a dispute of its payment; the
// order's view of them; the short-lived address each download goes through (the host serves it
// and counts it: pocketbase/internal/downloads); the studio's reset, extension and resend, each
// kept on the grant; and the buyer's "send me a fresh link". docs/decisions/034-digital-downloads.md.

const DOWNLOADS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_DAYS = 365;
// Long enough to start a download after a click, short enough that a copied address soon dies.
const LINK_MINUTES = 10;
const LINKS_PER_HOUR = 30;
const FRESH_PER_HOUR = 3;
const TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function dateIn(ms, from) {
  return new Date((from || Date.now()) + ms).toISOString().replace("T", " ");
}

function customerOf(purchase) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  return (readJson(purchase, "metadata", {}) || {}).customer_details || {};
}

/** The files a paid line gives: a digital item's own, or the files the studio attached to a book. */
function filesOfLine(app, line) {
  if (line.item_type === "digital") return app.findRecordsByFilter("digital_files", "digital_item = {:id}", "created", 0, 0, { id: line.item_id });
  if (line.item_type === "book") return app.findRecordsByFilter("digital_files", "book = {:id}", "created", 0, 0, { id: line.item_id });
  return [];
}

/**
 * In fulfilment's transaction, which runs once per payment: one grant per file of the line. The
 * unique index (purchase, file) would refuse a second, whatever repeated the payment's news.
 */
function grantLine(tx, line, purchase, session) {
  const customer = customerOf(purchase);
  const collection = tx.findCollectionByNameOrId("download_grants");
  for (const file of filesOfLine(tx, line)) {
    const g = new Record(collection);
    g.set("purchase", purchase.id);
    g.set("file", file.id);
    g.set("order", session.id);
    g.set("name", String(customer.name || "").slice(0, 200));
    g.set("email", String(customer.email || "").slice(0, 320));
    g.set("used", 0);
    g.set("allowed", DOWNLOADS);
    g.set("expires_at", dateIn(YEAR_DAYS * DAY_MS));
    g.set("acts", []);
    tx.save(g);
  }
}

/** A purchase refunded in full ends its grants: the next try says why. */
function revokePurchase(tx, purchase, reason) {
  for (const g of tx.findRecordsByFilter("download_grants", "purchase = {:p} && revoked = ''", "", 0, 0, { p: purchase.id })) {
    g.set("revoked", reason);
    tx.save(g);
  }
}

/** Every grant of a payment (a dispute, or a refund of the whole charge at Stripe). */
function revokePayment(app, paymentIntent, reason) {
  if (!paymentIntent) return 0;
  let n = 0;
  app.runInTransaction((tx) => {
    const purchases = tx.findRecordsByFilter("purchases", "metadata.payment_intent = {:pi}", "", 0, 0, { pi: paymentIntent });
    for (const p of purchases) {
      n += tx.findRecordsByFilter("download_grants", "purchase = {:p} && revoked = ''", "", 0, 0, { p: p.id }).length;
      revokePurchase(tx, p, reason);
    }
  });
  return n;
}

const ENDED = {
  refunded: "Refunded: no longer available.",
  disputed: "On hold while its payment is disputed.",
};

/** What a grant's buyer reads of it, with the address that starts a download. */
function viewOfGrant(grant, file, session) {
  const used = grant.getInt("used");
  const allowed = grant.getInt("allowed");
  const expires = grant.getString("expires_at");
  const revoked = grant.getString("revoked");
  const expired = expires && new Date(expires.replace(" ", "T")).getTime() < Date.now();
  return {
    id: grant.id,
    title: file ? file.getString("title") : "A file no longer offered",
    content_type: file ? file.getString("content_type") : "",
    bytes: file ? file.getInt("bytes") : 0,
    pages: file ? file.getInt("pages") : 0,
    stamped: !!file && file.getBool("stamp"),
    used,
    allowed,
    left: Math.max(0, allowed - used),
    expires_at: expires,
    ended: revoked ? ENDED[revoked] || revoked : expired ? "Its year to download has ended." : used >= allowed ? "Every download is used." : "",
    download: "/api/studio/orders/" + session.id + "/downloads/" + grant.id + "?key=" + encodeURIComponent(session.getString("order_key")),
  };
}

/** An order's files by purchase id, in the order they were given. */
function filesOfOrder(app, session) {
  const out = {};
  for (const g of app.findRecordsByFilter("download_grants", "order = {:o}", "created", 0, 0, { o: session.id })) {
    let file = null;
    try {
      file = app.findRecordById("digital_files", g.getString("file"));
    } catch (_) {
      file = null;
    }
    (out[g.getString("purchase")] = out[g.getString("purchase")] || []).push(viewOfGrant(g, file, session));
  }
  return out;
}

function grantOfOrder(app, session, grantId) {
  const found = app.findRecordsByFilter("download_grants", "id = {:id} && order = {:o}", "", 1, 0, { id: String(grantId || "").slice(0, 40), o: session.id });
  if (!found.length) throw new NotFoundError("This order has no such file.");
  return found[0];
}

/**
 * A new address for one download of an order's file, alive LINK_MINUTES until it starts. Only its
 * digest is kept. Whether the download may start is the host's to say when it is opened, so an
 * ended grant's address opens on the page that says why.
 */
function mintLink(app, session, grantId) {
  const grant = grantOfOrder(app, session, grantId);
  const { count } = require(`${__hooks}/lib/base/counters.js`);
  if (count(app, "download-links:" + grant.id, 60 * 60 * 1000) > LINKS_PER_HOUR) {
    throw new ApiError(429, "This file has been asked for many times in the last hour. Please try again later.", null);
  }
  const token = $security.randomStringWithAlphabet(43, TOKEN_ALPHABET);
  app.runInTransaction((tx) => {
    // Addresses never opened and long dead go with each new one.
    for (const old of tx.findRecordsByFilter("download_links", "grant = {:g} && counted_at = '' && expires_at < {:now}", "", 50, 0, { g: grant.id, now: dateIn(0) })) tx.delete(old);
    const link = new Record(tx.findCollectionByNameOrId("download_links"));
    link.set("token_hash", $security.sha256(token));
    link.set("grant", grant.id);
    link.set("expires_at", dateIn(LINK_MINUTES * 60 * 1000));
    tx.save(link);
  });
  return "/api/studio/downloads/" + token;
}

/** The studio's view of an order's files: the buyer's, with who each is licensed to and every act kept. */
function grantsForStudio(app, orderId) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  let session;
  try {
    session = app.findRecordById("checkout_sessions", String(orderId || "").slice(0, 40));
  } catch (_) {
    throw new NotFoundError("There is no such order.");
  }
  return app.findRecordsByFilter("download_grants", "order = {:o}", "created", 0, 0, { o: session.id }).map((g) => {
    let file = null;
    try {
      file = app.findRecordById("digital_files", g.getString("file"));
    } catch (_) {
      file = null;
    }
    return Object.assign(viewOfGrant(g, file, session), { email: g.getString("email"), revoked: g.getString("revoked"), acts: readJson(g, "acts", []) || [] });
  });
}

/** The studio's acts on a grant: reset its count, give it another year, or send its buyer the order's link again. */
function studioAct(app, grantId, act, by) {
  if (["reset", "extend", "resend"].indexOf(act) < 0) throw new BadRequestError('Choose "reset", "extend" or "resend".');
  let grant;
  try {
    grant = app.findRecordById("download_grants", String(grantId || "").slice(0, 40));
  } catch (_) {
    throw new NotFoundError("There is no such download.");
  }
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  app.runInTransaction((tx) => {
    const g = tx.findRecordById("download_grants", grant.id);
    const note = { act, at: new Date().toISOString(), by: String(by || "") };
    if (act === "reset") {
      note.note = "Downloads used went from " + g.getInt("used") + " to 0.";
      g.set("used", 0);
    }
    if (act === "extend") {
      const from = Math.max(Date.now(), new Date(g.getString("expires_at").replace(" ", "T")).getTime() || 0);
      g.set("expires_at", dateIn(YEAR_DAYS * DAY_MS, from));
      note.note = "Open until " + g.getString("expires_at").slice(0, 10) + ".";
    }
    if (act === "resend") note.note = "Sent to " + g.getString("email") + ".";
    g.set("acts", (readJson(g, "acts", []) || []).concat([note]));
    tx.save(g);
    grant = g;
  });
  if (act === "resend") sendOrderLink(app, tx0(app, grant), grant.getString("email"), "Your downloads from Lanternwood Studio");
  return { id: grant.id, used: grant.getInt("used"), allowed: grant.getInt("allowed"), expires_at: grant.getString("expires_at"), acts: readJson(grant, "acts", []) };
}

function tx0(app, grant) {
  return app.findRecordById("checkout_sessions", grant.getString("order"));
}

/** A letter with the order's page, where each file starts a fresh download. */
function sendOrderLink(app, session, email, subject) {
  if (!email) return;
  const mail = require(`${__hooks}/lib/base/mail.js`);
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  const { orderPath } = require(`${__hooks}/lib/orders/orders.js`);
  const files = [];
  const byPurchase = filesOfOrder(app, session);
  Object.keys(byPurchase).forEach((p) => byPurchase[p].forEach((f) => files.push(f)));
  mail.queueSafely(app, {
    to: [email],
    subject,
    compose: () => ({
      heading: "Your downloads",
      lines: files
        .map((f) => f.title + ": " + (f.ended ? f.ended : f.left + " of " + f.allowed + " downloads left, until " + f.expires_at.slice(0, 10) + ". " + siteUrl() + f.download))
        .concat(["Each link starts a new download for a few minutes; your order's page always has fresh ones."]),
      items: [],
      link: siteUrl() + orderPath(session),
      label: "Open your order",
    }),
  });
}

/**
 * "Send me a fresh link" from an ended download's page: a letter to the order's own address when
 * the address typed is it, at most FRESH_PER_HOUR an hour per order; the studio hears of a file
 * whose downloads are used up or whose year ended. The answer is the same whatever was typed.
 */
function askFreshLink(app, token, email) {
  const rows = /^[A-Za-z0-9_-]{43}$/.test(String(token || "")) ? app.findRecordsByFilter("download_links", "token_hash = {:h}", "", 1, 0, { h: $security.sha256(String(token)) }) : [];
  if (!rows.length) return;
  const grant = app.findRecordById("download_grants", rows[0].getString("grant"));
  const typed = String(email || "").trim().toLowerCase();
  if (!typed || typed !== grant.getString("email").toLowerCase()) return;
  const { count } = require(`${__hooks}/lib/base/counters.js`);
  if (count(app, "download-fresh:" + grant.getString("order"), 60 * 60 * 1000) > FRESH_PER_HOUR) return;
  const session = app.findRecordById("checkout_sessions", grant.getString("order"));
  sendOrderLink(app, session, grant.getString("email"), "A fresh link to your downloads");
  const view = viewOfGrant(grant, null, session);
  if (!view.ended || grant.getString("revoked")) return;
  const mail = require(`${__hooks}/lib/base/mail.js`);
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  mail.queueSafely(app, {
    to: mail.studioRecipients(app),
    subject: "A buyer asks for more downloads",
    compose: () => ({
      heading: grant.getString("email") + " asks for a fresh link to a file whose downloads have ended.",
      lines: [view.ended, "Reset or extend it from the order, if you agree."],
      items: [],
      link: siteUrl() + "/admin/orders",
      label: "Open the orders",
    }),
  });
}

module.exports = { grantLine, revokePurchase, revokePayment, filesOfOrder, grantsForStudio, mintLink, studioAct, askFreshLink, DOWNLOADS, YEAR_DAYS };
