// SPEC §5 admin rule, hardened: an address in the studio's admin mail domain marks the
// user as admin, but only once that address is verified (nobody can claim a mailbox they
// do not own). The rule alone decides; whatever a client sends is overwritten.
function isAdminAddress(email, verified) {
  const domain = require(`${__hooks}/lib/config.js`).adminDomain();
  const at = String(email || "").toLowerCase().lastIndexOf("@");
  return !!verified && at > 0 && String(email).toLowerCase().slice(at + 1) === domain;
}

function applyAdminRule(record) {
  record.set("is_admin", isAdminAddress(record.email(), record.verified()));
}

module.exports = { isAdminAddress, applyAdminRule };
