/// <reference path="../pb_data/types.d.ts" />
// Reports without a cookie: visits and what they saw, counted first-party (lib/reports/visits.js);
// the day's tallies kept in the transaction of each payment and refund (lib/reports/tallies.js); the
// studio's reports and their CSV files (lib/reports/reports.js).

// A visit and its events are tiny: anything bigger is not ours.
routerAdd(
  "POST",
  "/api/studio/visits",
  (e) => {
    const counted = require(`${__hooks}/lib/reports/visits.js`).countVisit(e, e.requestInfo().body || {});
    e.response.header().set("Cache-Control", "no-store");
    return e.json(200, counted);
  },
  $apis.bodyLimit(2048),
);

routerAdd(
  "POST",
  "/api/studio/visits/{id}/events",
  (e) => {
    const counted = require(`${__hooks}/lib/reports/visits.js`).countEvent(e, e.request.pathValue("id"), e.requestInfo().body || {});
    e.response.header().set("Cache-Control", "no-store");
    return e.json(200, counted);
  },
  $apis.bodyLimit(1024),
);

routerAdd("GET", "/api/studio/reports/{name}", (e) => {
  require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
  const q = e.request.url.query();
  const name = e.request.pathValue("name");
  const reports = require(`${__hooks}/lib/reports/reports.js`);
  e.response.header().set("Cache-Control", "private, no-store");
  const csv = /^([a-z]+)\.csv$/.exec(name);
  if (!csv) return e.json(200, reports.report(e.app, name, { from: q.get("from"), to: q.get("to") }));
  const report = reports.report(e.app, csv[1], { from: q.get("from"), to: q.get("to") });
  const table = report.tables.find((t) => t.key === q.get("table")) || report.tables[0];
  e.response.header().set("Content-Type", "text/csv; charset=utf-8");
  e.response.header().set("Content-Disposition", `attachment; filename="${csv[1]}-${table.key}-${report.from}-to-${report.to}.csv"`);
  return e.string(200, require(`${__hooks}/lib/reports/report-csv.js`).tableCsv(table));
});

// In the transaction of the payment, the refund or the commission payment itself: a tally moves
// exactly when its money does, once. What was stored is read from the database, not from the
// record's original(): a record saved twice in one transaction keeps its first original.

onRecordUpdate((e) => {
  const was = e.app.findRecordById(e.record.collection().name, e.record.id).getString("fulfilled_at");
  e.next();
  if (!was && e.record.getString("fulfilled_at")) require(`${__hooks}/lib/reports/tallies.js`).orderPaid(e.app, e.record);
}, "checkout_sessions");

onRecordUpdate((e) => {
  const was = e.app.findRecordById(e.record.collection().name, e.record.id).getString("status");
  e.next();
  if (was !== "refunded" && e.record.getString("status") === "refunded") require(`${__hooks}/lib/reports/refund-tallies.js`).lineRefunded(e.app, e.record);
}, "purchases");

onRecordUpdate((e) => {
  const old = e.app.findRecordById(e.record.collection().name, e.record.id);
  e.next();
  const tallies = require(`${__hooks}/lib/reports/tallies.js`);
  if (!old.getString("paid_at") && e.record.getString("paid_at")) tallies.commissionPaid(e.app, e.record);
  const refunded = e.record.getInt("refunded_cents") - old.getInt("refunded_cents");
  // A payment that did not match moved no money here, so its refund takes none off.
  if (refunded > 0 && e.record.getString("paid_at")) tallies.commissionRefunded(e.app, refunded);
}, "commission_payments");
