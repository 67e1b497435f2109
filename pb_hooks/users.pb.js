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

// The IP limiter (migration 1763800500) slows one address; this slows guessing one account from a
// network, without locking the account for its owner (pb_hooks/lib/signin-failures.js).
onRecordAuthWithPasswordRequest((e) => {
  require(`${__hooks}/lib/signin-failures.js`).guard(e);
});

cronAdd("prune-signin-failures", "*/10 * * * *", () => {
  require(`${__hooks}/lib/signin-failures.js`).prune($app);
});
