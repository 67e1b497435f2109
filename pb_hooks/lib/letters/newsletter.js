// Newsletter signups. The answer is the same for a new and a known address (the form must not
// tell anyone who is subscribed), and a known address keeps the name it was given first.

/** Subscribes the address in `body` unless it is known; refuses a bad address or a missing name. */
function subscribe(app, body) {
  const email = String(body.email || "").trim().toLowerCase();
  const first = String(body.first_name || "").trim();
  const last = String(body.last_name || "").trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) throw new BadRequestError("Please provide a valid email address.");
  if (!first || !last) throw new BadRequestError("Please provide your first and last name.");

  const known = app.findRecordsByFilter("newsletter_subscribers", "email = {:email}", "", 1, 0, { email }).length > 0;
  if (known) return;
  const record = new Record(app.findCollectionByNameOrId("newsletter_subscribers"));
  record.set("email", email);
  record.set("first_name", first.slice(0, 100));
  record.set("last_name", last.slice(0, 100));
  app.save(record);
}

module.exports = { subscribe };
