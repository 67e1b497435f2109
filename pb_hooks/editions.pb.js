/// <reference path="../pb_data/types.d.ts" />
// Numbered editions: an edition's counts kept from its ledger, a refund marking its numbers, and
// each number's certificate for its buyer (with the order's key) and for the studio. The work is
// in lib/orders/edition-ledger.js; the ledger's digest and the certificate in the host ($editions).

onRecordCreate((e) => {
  require(`${__hooks}/lib/orders/edition-ledger.js`).keepCounts(e.app, e.record);
  e.next();
}, "editions");

onRecordUpdate((e) => {
  require(`${__hooks}/lib/orders/edition-ledger.js`).keepCounts(e.app, e.record);
  e.next();
}, "editions");

onRecordDelete((e) => {
  require(`${__hooks}/lib/orders/edition-ledger.js`).refuseDelete(e.app, e.record);
  e.next();
}, "editions");

// In the transaction of the refund itself: a number is marked exactly when its sale is undone.
onRecordUpdate((e) => {
  const was = e.record.original().getString("status");
  e.next();
  if (was === "refunded" || e.record.getString("status") !== "refunded") return;
  require(`${__hooks}/lib/orders/edition-ledger.js`).markRefunded(e.app, e.record);
}, "purchases");

// Counted per network as well as per address, as the order page (pocketbase/internal/guard NetworkLimits).
routerAdd("GET", "/api/studio/orders/{id}/certificates/{edition}/{n}", (e) => {
  const session = require(`${__hooks}/lib/orders/orders.js`).sessionForCaller(e);
  const cert = require(`${__hooks}/lib/orders/edition-ledger.js`).certificateOfOrder(e.app, session, e.request.pathValue("edition"), e.request.pathValue("n"));
  e.response.header().set("Content-Disposition", `inline; filename="${cert.name}"`);
  e.response.header().set("Cache-Control", "private, no-store");
  e.response.header().set("Referrer-Policy", "no-referrer");
  return e.blob(200, "application/pdf", cert.pdf);
});
