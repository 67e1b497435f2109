// Addresses the studio brings from an older list. Each is asked to confirm like a signup (the
// import proves no consent by itself); a known address is left as it is, and an erased one is
// refused for good: its digest is kept for exactly this (lib/newsletter-records.js).

const IMPORT_MAX = 5000;

function importAddresses(app, body, e) {
  const { chosenLists } = require(`${__hooks}/lib/letters/newsletter-lists.js`);
  const { isErased } = require(`${__hooks}/lib/letters/newsletter-records.js`);
  const { askToConfirm, networkDigest } = require(`${__hooks}/lib/letters/newsletter.js`);
  const rows = Array.isArray(body.addresses) ? body.addresses : [];
  if (!rows.length) throw new BadRequestError("There is no address to import.");
  if (rows.length > IMPORT_MAX) throw new BadRequestError(`At most ${IMPORT_MAX} addresses at a time, please.`);
  const lists = chosenLists(body.lists);
  if (!lists.length) throw new BadRequestError("Please choose at least one list for the imported addresses.");
  const counts = { asked_to_confirm: 0, known: 0, erased: 0, invalid: 0 };
  const how = { via: "studio import", network: networkDigest(e) };
  app.runInTransaction((tx) => {
    for (const row of rows) {
      const email = String((row && row.email) || "").trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
        counts.invalid++;
      } else if (isErased(tx, email)) {
        counts.erased++;
      } else if (tx.findRecordsByFilter("newsletter_subscribers", "email = {:email}", "", 1, 0, { email }).length) {
        counts.known++;
      } else {
        const member = new Record(tx.findCollectionByNameOrId("newsletter_subscribers"));
        member.set("email", email);
        member.set("first_name", String(row.first_name || "").trim().slice(0, 100) || "Friend");
        member.set("last_name", String(row.last_name || "").trim().slice(0, 100) || "-");
        askToConfirm(tx, member, lists, how, "imported");
        counts.asked_to_confirm++;
      }
    }
  });
  return counts;
}

module.exports = { importAddresses };
