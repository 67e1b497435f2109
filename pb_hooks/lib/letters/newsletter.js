// Newsletter membership: double opt-in on the lists a person chooses, and the consent log.
// Every change of state is one row of newsletter_consents (what, when, through which form or link,
// the wording's version, a digest of the network), written in the same transaction as the change.
// The signup form answers the same for a new, a pending and a known address: what differs is only
// which letter, if any, the address receives.

const { chosenLists, WORDINGS, CURRENT_WORDING } = require(`${__hooks}/lib/letters/newsletter-lists.js`);
const tokens = require(`${__hooks}/lib/letters/newsletter-tokens.js`);

// A second confirmation (or "you are already on the list") within this many minutes is not sent:
// the form must not become a way to flood someone's inbox.
const RESEND_MINUTES = 10;

function nowText() {
  return new Date().toISOString().replace("T", " ");
}

function networkDigest(e) {
  return e ? $security.sha256($access.networkOf(String(e.realIP() || ""))) : "";
}

/** Adds one row to the consent log. `how`: { via, network, wording, detail }. */
function logConsent(app, subscriber, action, how) {
  const row = new Record(app.findCollectionByNameOrId("newsletter_consents"));
  row.set("subscriber", subscriber.id);
  row.set("action", action);
  row.set("via", how.via);
  row.set("wording_version", how.wording || 0);
  row.set("network_digest", how.network || "");
  row.set("lists", require(`${__hooks}/lib/base/records.js`).readJson(subscriber, "lists", []));
  row.set("detail", String(how.detail || "").slice(0, 500));
  app.save(row);
}

function findMember(app, email) {
  const found = app.findRecordsByFilter("newsletter_subscribers", "email = {:email}", "", 1, 0, { email });
  return found.length ? found[0] : null;
}

function sentRecently(record) {
  const at = record.getDateTime("confirm_sent_at");
  return !at.isZero() && Date.now() - at.unix() * 1000 < RESEND_MINUTES * 60000;
}

function checkSignup(body) {
  const email = String(body.email || "").trim().toLowerCase();
  const first = String(body.first_name || "").trim();
  const last = String(body.last_name || "").trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) throw new BadRequestError("Please provide a valid email address.");
  if (!first || !last) throw new BadRequestError("Please provide your first and last name.");
  const lists = chosenLists(body.lists);
  if (!lists.length) throw new BadRequestError("Please choose at least one list.");
  const wording = Number(body.wording_version);
  if (!WORDINGS[wording]) throw new BadRequestError("This form is out of date: please reload the page and sign up again.");
  return { email, first: first.slice(0, 100), last: last.slice(0, 100), lists, wording };
}

/**
 * The signup form. New, unsubscribed or paused (soft bounces): pending on the chosen lists, with a confirmation letter.
 * Pending: the new choice, and a new confirmation unless one left minutes ago. Confirmed: a letter
 * pointing to "your letters" (where lists are changed). Suppressed: nothing, its server refuses mail.
 */
function subscribe(app, body, e) {
  const asked = checkSignup(body);
  const how = { via: "signup form", network: networkDigest(e), wording: asked.wording };
  app.runInTransaction((tx) => {
    let member = findMember(tx, asked.email);
    if (member && member.getString("state") === "suppressed") return;
    if (member && member.getString("state") === "confirmed") {
      if (sentRecently(member)) return;
      member.set("confirm_sent_at", nowText());
      tx.save(member);
      require(`${__hooks}/lib/letters/newsletter-mail.js`).queueAlreadyMember(tx, member, tokens.memberToken(tx, member.id));
      return;
    }
    if (member && member.getString("state") === "pending" && sentRecently(member)) {
      member.set("lists", asked.lists);
      tx.save(member);
      logConsent(tx, member, "signed_up", Object.assign({ detail: "confirmation not sent again within " + RESEND_MINUTES + " minutes" }, how));
      return;
    }
    if (!member) {
      member = new Record(tx.findCollectionByNameOrId("newsletter_subscribers"));
      member.set("email", asked.email);
      member.set("first_name", asked.first);
      member.set("last_name", asked.last);
    }
    askToConfirm(tx, member, asked.lists, how);
  });
}

/** Makes `member` pending on `lists`, saves it, logs `action` (a signup unless said) and sends a confirmation letter. */
function askToConfirm(app, member, lists, how, action) {
  member.set("state", "pending");
  member.set("lists", lists);
  const token = tokens.issueConfirmation(member);
  app.save(member);
  logConsent(app, member, action || "signed_up", how);
  require(`${__hooks}/lib/letters/newsletter-mail.js`).queueConfirmation(app, member, token);
}

/** The pending member a confirmation token belongs to, while it is valid; null otherwise. */
function pendingFor(app, token) {
  if (!/^[A-Za-z0-9]{43}$/.test(String(token || ""))) return null;
  const found = app.findRecordsByFilter("newsletter_subscribers", "confirm_digest = {:d} && state = 'pending' && confirm_expires > @now", "", 1, 0, {
    d: $security.sha256(token),
  });
  return found.length ? found[0] : null;
}

/** Confirms once: the token is spent. Returns the member, or null for a used, expired or forged token. */
function confirm(app, token, e) {
  let confirmed = null;
  app.runInTransaction((tx) => {
    const member = pendingFor(tx, token);
    if (!member) return;
    member.set("state", "confirmed");
    member.set("confirmed_at", nowText());
    member.set("confirm_digest", "");
    tx.save(member);
    logConsent(tx, member, "confirmed", { via: "confirmation link", network: networkDigest(e), wording: CURRENT_WORDING });
    confirmed = member;
  });
  return confirmed;
}

/** Stops every list. Idempotent: an address already off the lists is left as it is. `detail` names the campaign it came from. */
function unsubscribe(app, memberId, via, e, detail) {
  app.runInTransaction((tx) => {
    const member = tx.findRecordById("newsletter_subscribers", memberId);
    const state = member.getString("state");
    if (state !== "confirmed" && state !== "pending" && state !== "paused") return;
    member.set("state", "unsubscribed");
    member.set("confirm_digest", "");
    tx.save(member);
    logConsent(tx, member, "unsubscribed", { via, network: networkDigest(e), detail });
  });
}

/**
 * The "your letters" page's choice. No list: unsubscribed. A confirmed member changes lists at once;
 * anyone else coming back needs a new confirmation. Returns what happened, for the page to say.
 */
function chooseLists(app, memberId, value, e) {
  const lists = chosenLists(value);
  if (!lists.length) {
    unsubscribe(app, memberId, "your letters page", e);
    return "unsubscribed";
  }
  let outcome = "";
  app.runInTransaction((tx) => {
    const member = tx.findRecordById("newsletter_subscribers", memberId);
    const state = member.getString("state");
    const how = { via: "your letters page", network: networkDigest(e), wording: CURRENT_WORDING };
    if (state === "suppressed") {
      outcome = "suppressed";
    } else if (state === "confirmed") {
      member.set("lists", lists);
      tx.save(member);
      logConsent(tx, member, "lists_changed", how);
      outcome = "saved";
    } else if (state === "pending" && sentRecently(member)) {
      member.set("lists", lists);
      tx.save(member);
      outcome = "confirm";
    } else {
      askToConfirm(tx, member, lists, how);
      outcome = "confirm";
    }
  });
  return outcome;
}

module.exports = { subscribe, sentRecently, askToConfirm, confirm, pendingFor, unsubscribe, chooseLists, logConsent, networkDigest };
