// Who is asking, as the shop counts them: a signed-in customer, or a visitor's address. The
// address is kept only as a digest: enough to count one address's holds and carts, never shown.

function signedInCustomer(e) {
  return e.auth && e.auth.collection().name === "users" ? e.auth : null;
}

function addressKey(e) {
  return "addr:" + $security.sha256(String(e.realIP())).slice(0, 32);
}

/**
 * The holder of a checkout's reservations: the customer when signed in, else the visitor, and in
 * both cases the address, so one address's holds can be counted together.
 */
function holderOf(e) {
  const user = signedInCustomer(e);
  return (user ? "user:" + user.id + " " : "") + addressKey(e);
}

/** The address part of a holder. */
function addressOf(holder) {
  const at = String(holder || "").indexOf("addr:");
  return at < 0 ? "" : String(holder).slice(at);
}

/** Refuses anyone but the studio: an admin user or a superuser. */
function requireStudio(e) {
  const user = signedInCustomer(e);
  if (!e.hasSuperuserAuth() && !(user && user.getBool("is_admin"))) throw new ForbiddenError("Only the studio can do this.");
}

module.exports = { requireStudio, signedInCustomer, addressKey, holderOf, addressOf };
