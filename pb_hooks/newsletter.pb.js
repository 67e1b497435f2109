/// <reference path="../pb_data/types.d.ts" />
// Newsletter signups. The answer is the same for a new and a known address (the form must not
// tell anyone who is subscribed), and a known address keeps the name it was given first.

routerAdd(
  "POST",
  "/api/studio/newsletter",
  (e) => {
    const body = e.requestInfo().body || {};
    const email = String(body.email || "").trim().toLowerCase();
    const first = String(body.first_name || "").trim();
    const last = String(body.last_name || "").trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) throw new BadRequestError("Please provide a valid email address.");
    if (!first || !last) throw new BadRequestError("Please provide your first and last name.");

    const known = e.app.findRecordsByFilter("newsletter_subscribers", "email = {:email}", "", 1, 0, { email }).length > 0;
    if (!known) {
      const record = new Record(e.app.findCollectionByNameOrId("newsletter_subscribers"));
      record.set("email", email);
      record.set("first_name", first.slice(0, 100));
      record.set("last_name", last.slice(0, 100));
      e.app.save(record);
    }
    return e.json(200, { subscribed: true });
  },
  $apis.bodyLimit(4096),
);
