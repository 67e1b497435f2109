// SPEC §5 admin rule, hardened: an address in the studio's admin mail domain marks the
// user as admin, but only once that address is verified (nobody can claim a mailbox they
// do not own). The rule alone decides; whatever a client sends is overwritten.
function isAdminAddress(email, verified) {
  const domain = require(`${__hooks}/lib/base/config.js`).adminDomain();
  const at = String(email || "").toLowerCase().lastIndexOf("@");
  return !!verified && at > 0 && String(email).toLowerCase().slice(at + 1) === domain;
}

function applyAdminRule(record) {
  record.set("is_admin", isAdminAddress(record.email(), record.verified()));
}

/**
 * Saves again every user whose flag disagrees with the rule (admins outside the domain, verified
 * addresses in it that are not admins yet), so a changed admin domain takes effect at start.
 */
function reconcileAdmins(app) {
  const domain = require(`${__hooks}/lib/base/config.js`).adminDomain();
  let stale = [];
  try {
    stale = app.findRecordsByFilter(
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
    if (user.getBool("is_admin") !== isAdminAddress(user.email(), user.verified())) app.save(user);
  }
}

module.exports = { isAdminAddress, applyAdminRule, reconcileAdmins };
