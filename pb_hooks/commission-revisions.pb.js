/// <reference path="../pb_data/types.d.ts" />
// Revisions asked for on a proof (lib/commissions/commission-revisions.js), and the studio's reminder of
// requests left unanswered (lib/commissions/commission-reminders.js).

routerAdd(
  "POST",
  "/api/studio/commission-files/{id}/revision",
  (e) => {
    const user = require(`${__hooks}/lib/base/callers.js`).signedInCustomer(e);
    const result = require(`${__hooks}/lib/commissions/commission-revisions.js`).requestRevision(e.app, e.request.pathValue("id"), user, e.requestInfo().body || {});
    return e.json(200, { revision: result.revision, repeated: result.repeated });
  },
  $apis.bodyLimit(8192),
);

// The same work as the hourly job, at once: for the studio that wants its reminders now.
routerAdd("POST", "/api/studio/commission-reminders/run", (e) => {
  require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
  return e.json(200, { reminded: require(`${__hooks}/lib/commissions/commission-reminders.js`).remindWaiting(e.app) });
});

cronAdd("commission-reminders", "23 * * * *", () => {
  require(`${__hooks}/lib/commissions/commission-reminders.js`).remindWaiting($app);
});

// Answered: the studio's first message (a quote's card is one) or a change of status.
onRecordCreate((e) => {
  e.next();
  if (e.record.getString("sender_role") === "admin") require(`${__hooks}/lib/commissions/commission-reminders.js`).markAnswered(e.app, e.record.getString("commission"));
}, "commission_messages");

onRecordUpdate((e) => {
  if (!e.record.getString("answered_at") && e.record.getString("status") !== e.record.original().getString("status")) {
    e.record.set("answered_at", new Date().toISOString().replace("T", " "));
  }
  e.next();
}, "commissions");

// What a request accepted, and when the studio answered, are the server's record: nobody rewrites
// them through the API (a superuser may move the waiting clock, as the dashboard may any date).
onRecordUpdateRequest((e) => {
  const body = e.requestInfo().body || {};
  const kept = ["terms_version", "terms_digest"].concat(e.hasSuperuserAuth() ? [] : ["waiting_since", "answered_at", "reminded_at"]);
  if (kept.some((k) => body[k] !== undefined)) throw new BadRequestError("A request's accepted terms and its waiting time are kept by the server.");
  e.next();
}, "commissions");
