// Who is asking, as the shop counts them: a signed-in customer by account, a visitor by network.
// A network is what one household, office or bot holds without effort: an IPv4 address, or an
// IPv6 /64 (one line's whole prefix; every address in it is new to a per-address count). It is
// kept only as a digest: enough to count one network's holds and carts, never shown.

function signedInCustomer(e) {
  return e.auth && e.auth.collection().name === "users" ? e.auth : null;
}

/** The network of an address: the IPv4 address itself (also when written inside IPv6), or the IPv6 /64. */
function networkOf(ip) {
  const text = String(ip || "").trim().toLowerCase().replace(/^\[|\]$/g, "").split("%")[0];
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) return v4[1];
  if (text.indexOf(":") < 0) return text;
  const halves = text.split("::");
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length > 1 && halves[1] ? halves[1].split(":") : [];
  const groups = head.concat(Array(Math.max(0, 8 - head.length - tail.length)).fill("0"), tail).map((g) => parseInt(g, 16) || 0);
  // An IPv4 client seen through an IPv6 socket (::ffff:a.b.c.d, which the server spells in hex).
  if (groups.length === 8 && groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  }
  return groups.slice(0, 4).map((g) => g.toString(16)).join(":") + "::/64";
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
