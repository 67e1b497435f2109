/// <reference path="../pb_data/types.d.ts" />
// Newsletter signups. A repeated address is welcomed (its names are refreshed), never an error.

routerAdd("POST", "/api/studio/newsletter", (e) => {
  const body = e.requestInfo().body || {};
  const email = String(body.email || "").trim().toLowerCase();
  const first = String(body.first_name || "").trim();
  const last = String(body.last_name || "").trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new BadRequestError("Please provide a valid email address.");
  if (!first || !last) throw new BadRequestError("Please provide your first and last name.");

  const existing = e.app.findRecordsByFilter("newsletter_subscribers", "email = {:email}", "", 1, 0, { email })[0];
  const record = existing || new Record(e.app.findCollectionByNameOrId("newsletter_subscribers"));
  record.set("email", email);
  record.set("first_name", first.slice(0, 100));
  record.set("last_name", last.slice(0, 100));
  e.app.save(record);
  return e.json(200, { subscribed: true, welcomeBack: !!existing });
});
