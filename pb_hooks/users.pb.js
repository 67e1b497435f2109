/// <reference path="../pb_data/types.d.ts" />
// Who is admin is decided here, on every write of a user and again at every sign-in and
// token refresh, so a changed admin domain takes effect without touching the database.

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
