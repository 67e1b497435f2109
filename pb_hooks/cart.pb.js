/// <reference path="../pb_data/types.d.ts" />
// Saves the visitor's cart as an abandoned cart, keyed by the browser's random cart session id.
// Browsers can write their own cart through this route only; listing and deleting is the admin's.

routerAdd(
  "POST",
  "/api/studio/cart",
  (e) => {
  const { priceLine } = require(`${__hooks}/lib/pricing.js`);
  const body = e.requestInfo().body || {};
  const sessionId = String(body.session_id || "");
  if (!/^[A-Za-z0-9_-]{8,100}$/.test(sessionId)) throw new BadRequestError("A cart session id is required.");
  const items = Array.isArray(body.items) ? body.items.slice(0, 50) : [];
  const limits = require(`${__hooks}/lib/cart-limits.js`);
  const { signedInCustomer } = require(`${__hooks}/lib/callers.js`);
  const client = limits.cartKey(e);
  const user = signedInCustomer(e);

  // One transaction: SQLite runs them one at a time, so saves of a new cart arriving at once
  // make one cart instead of all but one failing on the unique session id.
  let kept = true;
  e.app.runInTransaction((tx) => {
    const existing = tx.findRecordsByFilter("abandoned_carts", "session_id = {:id}", "", 1, 0, { id: sessionId })[0];
    if (items.length === 0) {
      // An emptied cart is not an abandoned one.
      if (existing && !existing.getBool("is_converted")) tx.delete(existing);
      kept = false;
      return;
    }

    // Keep what the person saw, but total it with the shop's own prices.
    let total = 0;
    const saved = items.map((item, i) => {
      let unit = null;
      try {
        unit = priceLine(tx, item, i + 1).unit_amount / 100;
      } catch (_) {
        unit = null;
      }
      const quantity = Math.max(1, Math.min(99, parseInt(item.quantity, 10) || 1));
      total += (unit || 0) * quantity;
      return {
        id: String(item.id || "").slice(0, 60),
        type: String(item.type || "").slice(0, 20),
        title: String(item.title || "").slice(0, limits.TITLE_MAX),
        price: unit,
        quantity,
        variant: String(item.variant || "").slice(0, 20),
        size: String(item.size || "").slice(0, 40),
        color: String(item.color || "").slice(0, 40),
        image_url: limits.ownImageUrl(item.image_url),
      };
    });
    limits.checkSize(saved);
    if (!existing) limits.checkNewCartAllowed(tx, client, user && !user.verified() ? user : null);

    const cart = existing || new Record(tx.findCollectionByNameOrId("abandoned_carts"));
    if (!existing) cart.set("client_key", client);
    cart.set("session_id", sessionId);
    cart.set("cart_items", saved);
    cart.set("total_price", Math.round(total * 100) / 100);
    // A cart that starts again after a purchase is a new cart.
    cart.set("is_converted", false);
    if (user) {
      cart.set("user", user.id);
      cart.set("user_email", user.email());
      cart.set(
        "user_name",
        [user.getString("first_name"), user.getString("last_name")].filter((s) => s.trim()).join(" "),
      );
    }
    tx.save(cart);
  });
  return e.json(200, { saved: kept });
},
  $apis.bodyLimit(131072),
);

// Carts nobody came back for are history after a while; the purchases keep every order.
cronAdd("prune-abandoned-carts", "17 4 * * *", () => {
  require(`${__hooks}/lib/cart-limits.js`).pruneOldCarts($app);
});
