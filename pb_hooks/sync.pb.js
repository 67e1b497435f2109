/// <reference path="../pb_data/types.d.ts" />
// The change log (pb_hooks/lib/catalog/sync.js): every write of a catalogue record or of a record shown in
// a live list is numbered inside its own transaction; browsers following the catalogue are told,
// and two routes answer "what changed since my cursor", deletions included: one for the whole
// public catalogue, one per live list.

routerAdd("GET", "/api/studio/changes", (e) => {
  const { changesSince } = require(`${__hooks}/lib/catalog/sync.js`);
  const body = changesSince(e.app, e.request.url.query().get("since"));
  e.response.header().set("Cache-Control", "no-store");
  return e.blob(200, "application/json", body);
});

// A live list (commission thread, admin list) catching up after a reconnect.
routerAdd("GET", "/api/studio/changes/{collection}", (e) => {
  const { listChangesSince } = require(`${__hooks}/lib/catalog/sync.js`);
  const body = listChangesSince(e, e.request.pathValue("collection"));
  e.response.header().set("Cache-Control", "no-store");
  return e.blob(200, "application/json", body);
});

onRecordCreateExecute((e) => require(`${__hooks}/lib/catalog/sync.js`).writeWithLog(e, false), ...require(`${__hooks}/lib/catalog/sync.js`).LOGGED);
onRecordUpdateExecute((e) => require(`${__hooks}/lib/catalog/sync.js`).writeWithLog(e, false), ...require(`${__hooks}/lib/catalog/sync.js`).LOGGED);
onRecordDeleteExecute((e) => require(`${__hooks}/lib/catalog/sync.js`).writeWithLog(e, true), ...require(`${__hooks}/lib/catalog/sync.js`).LOGGED);

onRecordAfterCreateSuccess((e) => {
  require(`${__hooks}/lib/catalog/sync.js`).announce(e.app);
  e.next();
}, ...require(`${__hooks}/lib/catalog/sync.js`).CATALOG);
onRecordAfterUpdateSuccess((e) => {
  require(`${__hooks}/lib/catalog/sync.js`).announce(e.app);
  e.next();
}, ...require(`${__hooks}/lib/catalog/sync.js`).CATALOG);
onRecordAfterDeleteSuccess((e) => {
  require(`${__hooks}/lib/catalog/sync.js`).announce(e.app);
  e.next();
}, ...require(`${__hooks}/lib/catalog/sync.js`).CATALOG);

// A rule or field change alters what visitors may see: every cursor resets, so tell browsers now.
onCollectionAfterUpdateSuccess((e) => {
  require(`${__hooks}/lib/catalog/sync.js`).announce(e.app);
  e.next();
}, ...require(`${__hooks}/lib/catalog/sync.js`).CATALOG);

onRealtimeSubscribeRequest((e) => {
  e.next();
  require(`${__hooks}/lib/catalog/sync.js`).greet(e.app, e.client, e.subscriptions);
});
