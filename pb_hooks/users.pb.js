/// <reference path="../pb_data/types.d.ts" />
// Who is admin is decided here: for every user when the server starts, on every write of a user,
// and again at every sign-in and token refresh, so a changed admin domain takes effect at once.

onRecordCreate((e) => {
  require(`${__hooks}/lib/admin-rule.js`).applyAdminRule(e.record);
  e.next();
}, "users");

onRecordUpdate((e) => {
  require(`${__hooks}/lib/admin-rule.js`).applyAdminRule(e.record);
  e.next();
}, "users");

onRecordAuthRequest((e) => {
  const { isAdminAddress } = require(`${__hooks}/lib/admin-rule.js`);
  if (e.record.getBool("is_admin") !== isAdminAddress(e.record.email(), e.record.verified())) {
    e.app.save(e.record);
  }
  e.next();
}, "users");

onBootstrap((e) => {
  e.next();
  const { isAdminAddress } = require(`${__hooks}/lib/admin-rule.js`);
  const domain = require(`${__hooks}/lib/config.js`).adminDomain();
  // Only the users whose flag disagrees with the rule: admins outside the domain, and verified
  // addresses in it that are not admins yet.
  let stale = [];
  try {
    stale = e.app.findRecordsByFilter(
    "users",
    "(is_admin = true && (verified = false || email !~ {:suffix})) || (is_admin = false && verified = true && email ~ {:suffix})",
    "",
    0,
    0,
    { suffix: "%@" + domain },
    );
  } catch (_) {
    // A new data dir: the users' fields arrive with the migrations that run next, and no user yet.
  }
  for (const user of stale) {
    if (user.getBool("is_admin") !== isAdminAddress(user.email(), user.verified())) e.app.save(user);
  }
});

// The IP limiter (migration 1763800500) slows one address; this stops many addresses guessing one
// account: after 10 wrong passwords for an identity within 5 minutes, it is refused until they pass.
onRecordAuthWithPasswordRequest((e) => {
  const MAX_FAILURES = 10;
  const WINDOW_MS = 5 * 60 * 1000;
  const key = "signin-failures:" + e.collection.name + ":" + String(e.identity || "").trim().toLowerCase();
  const store = e.app.store();
  const now = Date.now();
  const [count, since] = String(store.get(key) || "0:0").split(":").map(Number);
  const current = now - since < WINDOW_MS ? count : 0;
  if (current >= MAX_FAILURES) {
    throw new ApiError(429, "Too many failed sign-ins for this account. Please wait 5 minutes, or reset your password.", null);
  }
  try {
    e.next();
  } catch (err) {
    // Only real accounts are counted: made-up addresses would only fill the memory.
    if (e.record) store.set(key, current + 1 + ":" + (current ? since : now));
    throw err;
  }
  store.remove(key);
});
