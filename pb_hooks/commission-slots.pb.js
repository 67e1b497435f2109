/// <reference path="../pb_data/types.d.ts" />
// Commission slots, the waitlist and the public queue (lib/commissions/commission-slots.js). The public
// routes answer fixed fields only: no filter, sort or field list of the caller's reaches them.

routerAdd("GET", "/api/studio/commission-board", (e) => {
  const b = require(`${__hooks}/lib/commissions/commission-slots.js`).board(e.app);
  e.response.header().set("Cache-Control", "no-store");
  return e.json(200, b);
});

routerAdd("GET", "/api/studio/commission-queue", (e) => {
  const slots = require(`${__hooks}/lib/commissions/commission-slots.js`);
  if (!slots.settingsOf(e.app).getBool("queue_public")) throw new NotFoundError("The queue is not public.");
  e.response.header().set("Cache-Control", "no-store");
  return e.json(200, { rows: slots.queue(e.app) });
});

// The signed-in customer's own rows on the queue, by their references only.
routerAdd("GET", "/api/studio/commission-queue/mine", (e) => {
  const slots = require(`${__hooks}/lib/commissions/commission-slots.js`);
  const user = require(`${__hooks}/lib/base/callers.js`).signedInCustomer(e);
  if (!user) throw new UnauthorizedError("Please sign in to see your place.");
  const own = e.app.findRecordsByFilter("commissions", "user = {:u}", "", 200, 0, { u: user.id });
  e.response.header().set("Cache-Control", "no-store");
  return e.json(200, { refs: own.map((c) => slots.refOf(c.id)) });
});

routerAdd(
  "POST",
  "/api/studio/commissions/{id}/take-slot",
  (e) => {
    const user = require(`${__hooks}/lib/base/callers.js`).signedInCustomer(e);
    const c = require(`${__hooks}/lib/commissions/commission-slots.js`).takeSlot(e.app, e.request.pathValue("id"), user);
    return e.json(200, { id: c.id, waitlist: c.getString("waitlist") });
  },
  $apis.bodyLimit(1024),
);

routerAdd("GET", "/api/studio/admin/commission-slots", (e) => {
  require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
  return e.json(200, require(`${__hooks}/lib/commissions/commission-slot-settings.js`).readForStudio(e.app));
});

routerAdd(
  "POST",
  "/api/studio/admin/commission-slots",
  (e) => {
    require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
    return e.json(200, require(`${__hooks}/lib/commissions/commission-slot-settings.js`).saveFromStudio(e.app, e.requestInfo().body || {}));
  },
  $apis.bodyLimit(16384),
);

// The minute's work on demand: what the cron below runs, for the studio and the tests.
routerAdd("POST", "/api/studio/admin/commission-slots/tick", (e) => {
  require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
  require(`${__hooks}/lib/commissions/commission-slots.js`).tick(e.app);
  return e.json(200, require(`${__hooks}/lib/commissions/commission-slot-settings.js`).readForStudio(e.app));
});

cronAdd("commission-slots", "* * * * *", () => {
  require(`${__hooks}/lib/commissions/commission-slots.js`).tick($app);
});

// At start the board catches up with whatever came due while the server was down.
onBootstrap((e) => {
  e.next();
  // A first start makes the tables after this (the serve command migrates).
  if (e.app.hasTable("commission_board")) require(`${__hooks}/lib/commissions/commission-slots.js`).afterWrite(e.app, "tick");
});

// A slot frees or fills when a request ends or its quote moves: the waitlist moves at once.
onRecordAfterUpdateSuccess((e) => {
  const before = e.record.original();
  const moved = before.getString("status") !== e.record.getString("status") || before.getString("type") !== e.record.getString("type");
  e.next();
  if (moved) require(`${__hooks}/lib/commissions/commission-slots.js`).afterWrite(e.app, "tick");
}, "commissions");

onRecordAfterCreateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/commissions/commission-slots.js`).afterWrite(e.app, "publish");
}, "commissions", "commission_files");

onRecordAfterDeleteSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/commissions/commission-slots.js`).afterWrite(e.app, "tick");
}, "commissions", "commission_quotes");

onRecordAfterCreateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/commissions/commission-slots.js`).afterWrite(e.app, "tick");
}, "commission_quotes");

onRecordAfterUpdateSuccess((e) => {
  const moved = e.record.original().getString("status") !== e.record.getString("status");
  e.next();
  if (moved) require(`${__hooks}/lib/commissions/commission-slots.js`).afterWrite(e.app, "tick");
}, "commission_quotes");
