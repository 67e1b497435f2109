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

function read(store, key, now) {
  const [count, since] = String(store.get(key) || "0:0").split(":").map(Number);
  return now - since < WINDOW_MS ? { count, since } : { count: 0, since: now };
}

/** Runs a password sign-in (e.next()), refused for a pair that failed too often; counts its failures. */
function guard(e) {
  const store = e.app.store();
  const key = keyOf(e);
  const now = Date.now();
  const seen = read(store, key, now);
  if (seen.count >= MAX_FAILURES) throw new ApiError(429, REFUSED, null);
  try {
    e.next();
  } catch (err) {
    store.set(key, seen.count + 1 + ":" + seen.since);
    throw err;
  }
  store.remove(key);
}

/** Forgets pairs whose window has passed (the counts live in memory; unknown identities are counted too). */
function prune(app) {
  const store = app.store();
  const now = Date.now();
  const all = store.getAll();
  for (const key in all) {
    if (key.indexOf(PREFIX) === 0 && read(store, key, now).count === 0) store.remove(key);
  }
}

module.exports = { guard, prune, REFUSED };
