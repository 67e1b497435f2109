/// <reference path="../pb_data/types.d.ts" />
// The public catalogue's change log (pb_hooks/lib/sync.js): every write of a catalogue record is
// numbered inside its own transaction, browsers following the catalogue are told, and one route
// answers "what changed since my cursor", deletions included.

routerAdd("GET", "/api/studio/changes", (e) => {
  const { changesSince } = require(`${__hooks}/lib/sync.js`);
  const body = changesSince(e.app, e.request.url.query().get("since"));
  e.response.header().set("Cache-Control", "no-store");
  return e.blob(200, "application/json", body);
});

onRecordCreateExecute((e) => require(`${__hooks}/lib/sync.js`).writeWithLog(e, false), ...require(`${__hooks}/lib/sync.js`).CATALOG);
onRecordUpdateExecute((e) => require(`${__hooks}/lib/sync.js`).writeWithLog(e, false), ...require(`${__hooks}/lib/sync.js`).CATALOG);
onRecordDeleteExecute((e) => require(`${__hooks}/lib/sync.js`).writeWithLog(e, true), ...require(`${__hooks}/lib/sync.js`).CATALOG);

onRecordAfterCreateSuccess((e) => {
  require(`${__hooks}/lib/sync.js`).announce(e.app);
  e.next();
}, ...require(`${__hooks}/lib/sync.js`).CATALOG);
onRecordAfterUpdateSuccess((e) => {
  require(`${__hooks}/lib/sync.js`).announce(e.app);
  e.next();
}, ...require(`${__hooks}/lib/sync.js`).CATALOG);
onRecordAfterDeleteSuccess((e) => {
  require(`${__hooks}/lib/sync.js`).announce(e.app);
  e.next();
}, ...require(`${__hooks}/lib/sync.js`).CATALOG);

// A rule or field change alters what visitors may see: every cursor resets, so tell browsers now.
onCollectionAfterUpdateSuccess((e) => {
  require(`${__hooks}/lib/sync.js`).announce(e.app);
  e.next();
}, ...require(`${__hooks}/lib/sync.js`).CATALOG);

onRealtimeSubscribeRequest((e) => {
  e.next();
  require(`${__hooks}/lib/sync.js`).greet(e.app, e.client, e.subscriptions);
});
