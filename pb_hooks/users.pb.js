/// <reference path="../pb_data/types.d.ts" />
// Who is admin is decided here: for every user when the server starts, on every write of a user,
// and again at every sign-in and token refresh, so a changed admin domain takes effect at once.

// A sign-up for a known address is answered like a new one (pb_hooks/lib/accounts/sign-ups.js).
onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/accounts/sign-ups.js`).signUp(e);
}, "users");

onRecordCreate((e) => {
  require(`${__hooks}/lib/accounts/admin-rule.js`).applyAdminRule(e.record);
  e.next();
}, "users");

onRecordUpdate((e) => {
  require(`${__hooks}/lib/accounts/admin-rule.js`).applyAdminRule(e.record);
  e.next();
}, "users");

onRecordAuthRequest((e) => {
  const { isAdminAddress } = require(`${__hooks}/lib/accounts/admin-rule.js`);
  if (e.record.getBool("is_admin") !== isAdminAddress(e.record.email(), e.record.verified())) {
    e.app.save(e.record);
  }
  e.next();
}, "users");

onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/accounts/admin-rule.js`).reconcileAdmins(e.app);
});

// The IP limiter (migration 1763800500) slows one address; this slows guessing one account from a
// network, without locking the account for its owner (pb_hooks/lib/accounts/signin-failures.js).
onRecordAuthWithPasswordRequest((e) => {
  require(`${__hooks}/lib/accounts/signin-failures.js`).guard(e);
});

cronAdd("prune-counters", "*/10 * * * *", () => {
  require(`${__hooks}/lib/base/counters.js`).prune($app);
});
