// Who is asking, as the shop counts them: a signed-in customer by account, a visitor by network.
// A network is what one household, office or bot holds without effort: an IPv4 address, or an
// IPv6 /64 (one line's whole prefix; every address in it is new to a per-address count). It is
// kept only as a digest: enough to count one network's holds and carts, never shown.

function signedInCustomer(e) {
  return e.auth && e.auth.collection().name === "users" ? e.auth : null;
}

/** The network of an address, counted as the server's own limits count it (pocketbase/internal/access). */
function networkOf(ip) {
  return $access.networkOf(String(ip || ""));
}

function networkKey(e) {
  return "net:" + $security.sha256(networkOf(e.realIP())).slice(0, 32);
}

/** The holder of a checkout's reservations: the customer's account when signed in, and the network. */
function holderOf(e) {
  const user = signedInCustomer(e);
  return (user ? "user:" + user.id + " " : "") + networkKey(e);
}

/** The network part of a holder. */
function networkOfHolder(holder) {
  const at = String(holder || "").indexOf("net:");
  return at < 0 ? "" : String(holder).slice(at);
}

/** The account part of a holder, or "" for a visitor. */
function accountOfHolder(holder) {
  const m = /^user:(\S+) /.exec(String(holder || ""));
  return m ? m[1] : "";
}

/** Whether two holders are one buyer: the same account from any network, or a visitor on the same network. */
function sameHolder(a, b) {
  const account = accountOfHolder(b);
  return account ? accountOfHolder(a) === account : String(a || "") === String(b || "");
}

/** Refuses anyone but the studio: an admin user or a superuser. */
function requireStudio(e) {
  const user = signedInCustomer(e);
  if (!e.hasSuperuserAuth() && !(user && user.getBool("is_admin"))) throw new ForbiddenError("Only the studio can do this.");
}

module.exports = { requireStudio, signedInCustomer, networkOf, networkKey, holderOf, networkOfHolder, accountOfHolder, sameHolder };
