/// <reference path="../pb_data/types.d.ts" />
// An order after its sale: its own page for the buyer (guests too, with the order's key) and the
// studio, the orders of a signed-in customer, and the studio's export for the books. The work is in
// lib/orders/orders.js and lib/orders/order-export.js; the figures in lib/orders/order-amounts.js.

// Counted per network as well as per address (pocketbase/internal/guard NetworkLimits).
routerAdd("GET", "/api/studio/orders/{id}", (e) => {
  return e.json(200, require(`${__hooks}/lib/orders/orders.js`).orderForCaller(e));
});

routerAdd("GET", "/api/studio/my-orders", (e) => {
  const user = require(`${__hooks}/lib/base/callers.js`).signedInCustomer(e);
  if (!user) throw new UnauthorizedError("Please sign in to see your orders.");
  return e.json(200, { items: require(`${__hooks}/lib/orders/orders.js`).ordersOfCustomer(e.app, user) });
});

routerAdd("GET", "/api/studio/orders.csv", (e) => {
  require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
  const q = e.request.url.query();
  const { exportCsv } = require(`${__hooks}/lib/orders/order-export.js`);
  const file = exportCsv(e.app, q.get("from"), q.get("to"));
  e.response.header().set("Content-Type", "text/csv; charset=utf-8");
  e.response.header().set("Content-Disposition", `attachment; filename="${file.name}"`);
  return e.string(200, file.text);
});

// The studio clears an "Address to check" with a note of what it did (lib/orders/paid-place.js).
routerAdd(
  "POST",
  "/api/studio/orders/{id}/address-checked",
  (e) => {
    require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
    return e.json(200, require(`${__hooks}/lib/orders/paid-place.js`).markChecked(e.app, e.request.pathValue("id"), e.requestInfo().body || {}));
  },
  $apis.bodyLimit(4096),
);
