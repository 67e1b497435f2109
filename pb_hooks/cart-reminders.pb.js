/// <reference path="../pb_data/types.d.ts" />
// Reminders of a left cart: the cart's box (lib/letters/cart-reminders.js), the letters written when
// they are due (lib/letters/cart-reminder-sweep.js; the server's mail sender sends them and runs the
// sweep every few seconds, this job is its fallback), the link that brings a cart back
// (lib/letters/cart-restore.js), the letter's unsubscribe, and what the studio sees of them.

routerAdd(
  "POST",
  "/api/studio/cart/reminder",
  (e) => {
    let body;
    try {
      body = e.requestInfo().body || {};
    } catch (_) {
      throw new BadRequestError('The reminder could not be read: send it as JSON, { "cart_session_id", "email", "wording_version" }.');
    }
    const reminders = require(`${__hooks}/lib/letters/cart-reminders.js`);
    if (body.remind === false) reminders.untick(e.app, body, e);
    else reminders.tick(e.app, body, e);
    return e.json(200, { remind: body.remind !== false });
  },
  $apis.bodyLimit(2048),
);

routerAdd(
  "POST",
  "/api/studio/cart/restore",
  (e) => {
    const found = require(`${__hooks}/lib/letters/cart-restore.js`).restore(e.app, String((e.requestInfo().body || {}).token || ""));
    if (found.status !== 200) throw new ApiError(found.status, found.why, null);
    e.response.header().set("Cache-Control", "no-store");
    return e.json(200, { items: found.items, code: found.code });
  },
  $apis.bodyLimit(1024),
);

routerAdd("GET", "/cart/restore/{token}", (e) => {
  const restore = require(`${__hooks}/lib/letters/cart-restore.js`);
  const token = e.request.pathValue("token");
  const found = restore.restore(e.app, token);
  return require(`${__hooks}/lib/letters/newsletter-pages.js`).send(e, found.status, restore.page(found, token));
});

routerAdd("GET", "/letters/cart-reminders/unsubscribe/{token}", (e) => {
  const pages = require(`${__hooks}/lib/letters/cart-reminder-pages.js`);
  const letter = require(`${__hooks}/lib/letters/cart-reminders.js`).letterBy(e.app, "unsubscribe_digest", e.request.pathValue("token"));
  return letter ? pages.send(e, 200, pages.unsubscribeAsk(letter)) : pages.send(e, 404, pages.linkGone());
});

// RFC 8058 one-click: a mail app POSTs "List-Unsubscribe=One-Click" here, with no sign-in and no
// redirect; the page's own button posts the same. Every reminder to that address stops.
routerAdd(
  "POST",
  "/letters/cart-reminders/unsubscribe/{token}",
  (e) => {
    const pages = require(`${__hooks}/lib/letters/cart-reminder-pages.js`);
    const reminders = require(`${__hooks}/lib/letters/cart-reminders.js`);
    const letter = reminders.letterBy(e.app, "unsubscribe_digest", e.request.pathValue("token"));
    if (!letter) return pages.send(e, 404, pages.linkGone());
    const oneClick = String((e.requestInfo().body || {})["List-Unsubscribe"] || "") === "One-Click";
    reminders.unsubscribe(e.app, letter, oneClick ? "one-click header" : "unsubscribe page", e);
    return pages.send(e, 200, pages.unsubscribed(letter));
  },
  $apis.bodyLimit(1024),
);

routerAdd("GET", "/api/studio/cart-reminders", (e) => {
  require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
  return e.json(200, require(`${__hooks}/lib/letters/cart-reminder-report.js`).report(e.app));
});

routerAdd(
  "POST",
  "/api/studio/cart-reminders/settings",
  (e) => {
    require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
    return e.json(200, require(`${__hooks}/lib/letters/cart-reminders.js`).saveSettings(e.app, e.requestInfo().body || {}));
  },
  $apis.bodyLimit(1024),
);

cronAdd("cart_reminders", "* * * * *", () => {
  require(`${__hooks}/lib/letters/cart-reminder-sweep.js`).writeDue($app);
});

// Reminders that ended long ago are history, as their carts are (STUDIO_CART_RETENTION_DAYS).
cronAdd("prune-cart-reminders", "27 4 * * *", () => {
  require(`${__hooks}/lib/letters/cart-reminders.js`).pruneOld($app);
});
