// The addresses in letters. A member's "your letters" and unsubscribe address carries their id
// signed with the list's key (newsletter_settings.signing_key; the server's mail worker signs the
// same way, pocketbase/internal/mail/campaigns.go), so it needs no stored token and cannot be
// forged for another member. A confirmation is a random one-use token, kept only as a digest.

const CONFIRM_DAYS = 7;

function signingKey(app) {
  return app.findFirstRecordByFilter("newsletter_settings", "id != ''").getString("signing_key");
}

function memberToken(app, subscriberId) {
  return subscriberId + "." + $security.hs256("letters:" + subscriberId, signingKey(app)).slice(0, 32);
}

/** The member id a token was signed for, or "" for a forged or damaged one. */
function memberOf(app, token) {
  const m = /^([a-z0-9]{15})\.([0-9a-f]{32})$/.exec(String(token || ""));
  if (!m) return "";
  return $security.equal(memberToken(app, m[1]), String(token)) ? m[1] : "";
}

/** { member, token } for a signed token whose member is still kept; null for a forged one or an erased member. */
function memberAt(app, token) {
  const id = memberOf(app, token);
  if (!id) return null;
  try {
    return { member: app.findRecordById("newsletter_subscribers", id), token };
  } catch (_) {
    return null;
  }
}

/** A fresh confirmation token for `record` (set, not saved): its digest and expiry are stored. */
function issueConfirmation(record) {
  const token = $security.randomString(43);
  record.set("confirm_digest", $security.sha256(token));
  record.set("confirm_expires", new Date(Date.now() + CONFIRM_DAYS * 86400000).toISOString().replace("T", " "));
  record.set("confirm_sent_at", new Date().toISOString().replace("T", " "));
  return token;
}

function emailDigest(email) {
  return $security.sha256("newsletter:" + String(email).trim().toLowerCase());
}

module.exports = { memberToken, memberOf, memberAt, issueConfirmation, emailDigest, CONFIRM_DAYS };
