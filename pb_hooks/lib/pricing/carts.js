// Saved carts: what a visitor's browser keeps on the server, totalled with the shop's prices, and
// the preview of what checkout would charge for a cart right now.

/**
 * Saves the cart of a browser's cart session as an abandoned cart (or forgets an emptied one).
 * Returns true when a cart is kept.
 */
function saveCart(app, { sessionId, items, client, user }) {
  const { priceLine } = require(`${__hooks}/lib/pricing/pricing.js`);
  const limits = require(`${__hooks}/lib/accounts/cart-limits.js`);
  // One transaction: SQLite runs them one at a time, so saves of a new cart arriving at once
  // make one cart instead of all but one failing on the unique session id.
  let kept = true;
  app.runInTransaction((tx) => {
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
  return kept;
}

/**
 * What checkout would charge for `items` now, and why not when it would refuse: the same answer
 * as checkout's, through lib/pricing/pricing.js, with nothing held and nothing written.
 * { lines: [{ title, quantity, unit_amount, item_type, discount_cents, code_excluded }], subtotal, shipping, discount, tax,
 * total, discount_code, free_shipping, code_error }.
 */
function previewCart(app, { items, user, holder, cartSessionId, country, region, code }) {
  const priced = require(`${__hooks}/lib/pricing/pricing.js`).priceOrder(app, { items, holder, trusted: !!user && user.verified(), cartSessionId, country, region, code });
  return {
    lines: priced.lines.map((l) => ({ title: l.title, quantity: l.quantity, unit_amount: l.unit_amount, item_type: l.item_type, discount_cents: l.discount_cents || 0, code_excluded: !!l.code_excluded })),
    subtotal: priced.subtotal,
    shipping: priced.shipping,
    discount: priced.discount,
    tax: priced.tax,
    total: priced.total,
    ship_country: priced.ship_country,
    ship_region: priced.ship_region,
    shipping_zone: priced.shipping_zone,
    shipping_zone_name: priced.shipping_zone_name,
    delivery_estimate: priced.delivery_estimate,
    tax_mode: priced.tax_mode,
    tax_included: priced.tax_included,
    tax_label: priced.tax_label,
    // The code as applied ("" for none), or why it was not: the cart still shows the order without it.
    discount_code: priced.discount_code,
    free_shipping: !!priced.free_shipping,
    code_error: priced.code_refusal ? priced.code_refusal.message : "",
    ships: priced.ships,
    // The EU and UK box a download needs before checkout, or null (lib/pricing/withdrawal.js).
    withdrawal_box: require(`${__hooks}/lib/pricing/withdrawal.js`).boxFor(priced),
  };
}

module.exports = { saveCart, previewCart };
