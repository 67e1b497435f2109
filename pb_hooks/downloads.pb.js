/// <reference path="../pb_data/types.d.ts" />
// Files sold to download: a refund that ends a line's files, the address each download goes
// through (minted here, served and counted by the host: pocketbase/internal/downloads), the
// buyer's "send me a fresh link", and the studio's reset, extension and resend. The work is in
// lib/orders/downloads.js.

// In the transaction of the refund itself: a line refunded in full gives no more downloads.
onRecordUpdate((e) => {
  const was = e.record.original().getString("status");
  e.next();
  if (was === "refunded" || e.record.getString("status") !== "refunded") return;
  require(`${__hooks}/lib/orders/downloads.js`).revokePurchase(e.app, e.record, "refunded");
}, "purchases");

// With the order's key (or the studio's sign-in): a fresh, short-lived address for one download.
// Counted per network as well as per address, as the order page (pocketbase/internal/guard NetworkLimits).
routerAdd("GET", "/api/studio/orders/{id}/downloads/{grant}", (e) => {
  const session = require(`${__hooks}/lib/orders/orders.js`).sessionForCaller(e);
  const address = require(`${__hooks}/lib/orders/downloads.js`).mintLink(e.app, session, e.request.pathValue("grant"));
  e.response.header().set("Cache-Control", "private, no-store");
  e.response.header().set("Referrer-Policy", "no-referrer");
  return e.redirect(303, address);
});

// The same answer whatever was typed, so the form tells no one which address bought what.
routerAdd(
  "POST",
  "/api/studio/downloads/fresh",
  (e) => {
    const body = e.requestInfo().body || {};
    require(`${__hooks}/lib/orders/downloads.js`).askFreshLink(e.app, body.token, body.email);
    e.response.header().set("Cache-Control", "private, no-store");
    return e.html(
      200,
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Check your mail</title></head>' +
        '<body style="font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><main><h1>Check your mail</h1>' +
        "<p>If that is the address of the order, a letter with a fresh link to your files is on its way. It can take a few minutes; look in your spam folder too.</p>" +
        '<p><a href="/">Back to the shop</a></p></main></body></html>',
    );
  },
  $apis.bodyLimit(4096),
);

routerAdd("GET", "/api/studio/admin/orders/{id}/downloads", (e) => {
  require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
  return e.json(200, { items: require(`${__hooks}/lib/orders/downloads.js`).grantsForStudio(e.app, e.request.pathValue("id")) });
});

routerAdd(
  "POST",
  "/api/studio/admin/downloads/{grant}/{act}",
  (e) => {
    require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
    return e.json(200, require(`${__hooks}/lib/orders/downloads.js`).studioAct(e.app, e.request.pathValue("grant"), e.request.pathValue("act"), e.auth ? e.auth.email() : ""));
  },
  $apis.bodyLimit(1024),
);

// A digital item's public summary of its files (lib/catalog/download-files.js), kept in step
// with every change of its files and never taken from a request.
onRecordCreate((e) => {
  require(`${__hooks}/lib/catalog/download-files.js`).summarize(e.app, e.record);
  e.next();
}, "digital_items");
onRecordUpdate((e) => {
  require(`${__hooks}/lib/catalog/download-files.js`).summarize(e.app, e.record);
  e.next();
}, "digital_items");
for (const bind of [onRecordAfterCreateSuccess, onRecordAfterUpdateSuccess, onRecordAfterDeleteSuccess]) {
  bind((e) => {
    require(`${__hooks}/lib/catalog/download-files.js`).refreshItems(e.app, e.record);
    e.next();
  }, "digital_files");
}
