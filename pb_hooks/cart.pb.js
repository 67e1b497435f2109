/// <reference path="../pb_data/types.d.ts" />
// Saves the visitor's cart as an abandoned cart, keyed by the browser's random cart session id,
// and prices a cart as checkout would (lib/pricing/carts.js). Browsers can write their own cart through
// this route only; listing and deleting is the admin's.

routerAdd(
  "POST",
  "/api/studio/cart",
  (e) => {
    const body = e.requestInfo().body || {};
    const sessionId = String(body.session_id || "");
    if (!/^[A-Za-z0-9_-]{8,100}$/.test(sessionId)) throw new BadRequestError("A cart session id is required.");
    const items = Array.isArray(body.items) ? body.items.slice(0, 50) : [];
    const client = require(`${__hooks}/lib/accounts/cart-limits.js`).cartKey(e);
    const user = require(`${__hooks}/lib/base/callers.js`).signedInCustomer(e);
    return e.json(200, { saved: require(`${__hooks}/lib/pricing/carts.js`).saveCart(e.app, { sessionId, items, client, user }) });
  },
  $apis.bodyLimit(131072),
);

// The cart's preview: what checkout would charge for these items now (same body as checkout's),
// or checkout's own refusal. Nothing is held or written.
routerAdd(
  "POST",
  "/api/studio/cart/price",
  (e) => {
    const { signedInCustomer, holderOf } = require(`${__hooks}/lib/base/callers.js`);
    let body;
    try {
      body = e.requestInfo().body || {};
    } catch (_) {
      throw new BadRequestError('The cart could not be read: send it as JSON, { "items": [ ... ] }.');
    }
    const cartSessionId = String(body.cart_session_id || "").slice(0, 100);
    return e.json(200, require(`${__hooks}/lib/pricing/carts.js`).previewCart(e.app, { items: body.items, user: signedInCustomer(e), holder: holderOf(e), cartSessionId, country: body.country, region: body.region, code: body.code }));
  },
  $apis.bodyLimit(65536),
);

// Carts nobody came back for are history after a while; the purchases keep every order.
cronAdd("prune-abandoned-carts", "17 4 * * *", () => {
  require(`${__hooks}/lib/accounts/cart-limits.js`).pruneOldCarts($app);
});
