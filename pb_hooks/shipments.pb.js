/// <reference path="../pb_data/types.d.ts" />
// Shipping what was sold: the studio ships an order's lines or a commission's original, corrects a
// tracking number and marks an order delivered (lib/orders/shipments.js). Nobody else may.

routerAdd(
  "POST",
  "/api/studio/orders/{id}/shipments",
  (e) => {
    require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
    return e.json(200, require(`${__hooks}/lib/orders/shipments.js`).shipOrder(e.app, e.request.pathValue("id"), e.requestInfo().body || {}));
  },
  $apis.bodyLimit(8192),
);

routerAdd(
  "POST",
  "/api/studio/commissions/{id}/shipments",
  (e) => {
    require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
    return e.json(200, require(`${__hooks}/lib/orders/shipments.js`).shipCommission(e.app, e.request.pathValue("id"), e.requestInfo().body || {}));
  },
  $apis.bodyLimit(8192),
);

routerAdd(
  "POST",
  "/api/studio/shipments/{id}/tracking",
  (e) => {
    require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
    return e.json(200, require(`${__hooks}/lib/orders/shipments.js`).correctTracking(e.app, e.request.pathValue("id"), e.requestInfo().body || {}));
  },
  $apis.bodyLimit(4096),
);

routerAdd(
  "POST",
  "/api/studio/orders/{id}/delivered",
  (e) => {
    require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
    return e.json(200, require(`${__hooks}/lib/orders/shipments.js`).markDelivered(e.app, e.request.pathValue("id")));
  },
  $apis.bodyLimit(1024),
);

// A PaymentIntent update that failed (Stripe away, a refused request) is tried again here.
cronAdd("retry-stripe-shipping", "*/10 * * * *", () => {
  require(`${__hooks}/lib/orders/shipment-stripe.js`).retryWaiting($app);
});
