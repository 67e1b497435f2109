// Wrong passwords are counted per pair (identity, network): a guesser is slowed on its own network
// and the account stays open to its owner everywhere else. Unknown identities are counted exactly
// like real ones, so no answer, at any count, tells whether an account exists.

const MAX_FAILURES = 10;
const WINDOW_MS = 5 * 60 * 1000;
const PREFIX = "signin-failures:";
const REFUSED = "Too many failed sign-ins from your network. Please wait 5 minutes, or reset your password.";

function keyOf(e) {
  const { networkOf } = require(`${__hooks}/lib/base/callers.js`);
  const identity = String(e.identity || "").trim().toLowerCase();
  return PREFIX + $security.sha256(e.collection.name + "\n" + identity + "\n" + networkOf(e.realIP())).slice(0, 40);
}

/**
 * Runs a password sign-in (e.next()), counted before the password is checked, in one atomic step
 * (lib/base/counters.js): parallel guesses each take their own number, and one past the limit is
 * refused unchecked. A right password clears the pair's count.
 */
function guard(e) {
  const counters = require(`${__hooks}/lib/base/counters.js`);
  const key = keyOf(e);
  if (counters.count(e.app, key, WINDOW_MS) > MAX_FAILURES) throw new ApiError(429, REFUSED, null);
  e.next();
  counters.forget(e.app, key);
}

module.exports = { guard, REFUSED };
