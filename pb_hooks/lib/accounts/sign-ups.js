// A sign-up answers an address that already has an account exactly as it answers a new one, so
// the form tells nobody which addresses are customers (sign-in hides it too: lib/accounts/signin-failures.js).
// The owner of the address gets a letter saying they already have an account. Sign-ups are
// counted per network first: accounts are free, and each one is an allowance of its own elsewhere.

const SIGN_UPS_PER_HOUR = 20;
const WINDOW_MS = 3600 * 1000;
// One letter a day to an address, however often someone signs up with it.
const LETTER_WINDOW_MS = 24 * 3600 * 1000;

/** Runs a sign-up (e.next()) for a new address; for a known one, answers as if it had. */
function signUp(e) {
  if (e.hasSuperuserAuth()) return e.next();
  const counters = require(`${__hooks}/lib/base/counters.js`);
  const { networkKey } = require(`${__hooks}/lib/base/callers.js`);
  if (counters.volumeLimitsOn(e.app) && counters.count(e.app, "sign-ups:" + networkKey(e), WINDOW_MS) > SIGN_UPS_PER_HOUR) {
    throw new ApiError(429, "Too many accounts were made from your network in the last hour. Please try again later.", null);
  }
  let known = null;
  try {
    known = e.app.findAuthRecordByEmail(e.collection, e.record.email());
  } catch (_) {
    return e.next();
  }
  answerAsNew(e, known);
}

/**
 * Checks and saves the submitted fields as a new account would be, under a stand-in address, in a
 * transaction that is then rolled back: the same refusals for the same mistakes, and for valid
 * fields the same answer, a new id and times included. Nothing is kept.
 */
function answerAsNew(e, known) {
  const typed = e.record.email();
  const data = Object.assign({}, e.requestInfo().body || {});
  data.email = "sign-up-" + $security.randomStringWithAlphabet(24, "abcdefghijklmnopqrstuvwxyz0123456789") + "@stand-in.invalid";
  const answer = new Record(e.collection);
  const rollback = "sign-up rolled back";
  try {
    e.app.runInTransaction((tx) => {
      const form = new RecordUpsertForm(tx, answer);
      form.load(data);
      form.submit();
      throw new Error(rollback);
    });
  } catch (err) {
    if (String(err).indexOf(rollback) < 0) throw new BadRequestError("Failed to create record.", err.value || err);
  }
  alreadyHaveAnAccount(e.app, known);
  answer.setEmail(typed);
  $apis.enrichRecord(e.requestEvent, answer);
  return e.json(200, answer);
}

function alreadyHaveAnAccount(app, known) {
  if (require(`${__hooks}/lib/base/counters.js`).count(app, "sign-up-letter:" + known.id, LETTER_WINDOW_MS) > 1) return;
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  const name = known.verified() ? known.getString("first_name").trim() : "";
  require(`${__hooks}/lib/base/mail.js`).queueSafely(app, {
    to: [known.email()],
    subject: "You already have an account",
    compose: () => ({
      heading: "Hello" + (name ? " " + name : "") + ",",
      lines: [
        "Someone, perhaps you, just tried to make a new account with this address. You already have one, so nothing was changed.",
        "Sign in with your password, or choose “Forgot password?” to set a new one. If it was not you, there is nothing to do.",
      ],
      items: [],
      link: siteUrl() + "/customer/dashboard",
      label: "Sign in",
    }),
  });
}

module.exports = { signUp };
