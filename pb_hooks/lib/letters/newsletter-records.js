// What the list keeps about one address, for the studio to hand over when asked, and erasure.
// An erased address leaves only a digest of itself (newsletter_erasures), so an import of an old
// list cannot bring it back (lib/newsletter-import.js).

const { emailDigest } = require(`${__hooks}/lib/letters/newsletter-tokens.js`);
const { readJson } = require(`${__hooks}/lib/base/records.js`);

function addressOf(value) {
  const email = String(value || "").trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) throw new BadRequestError("Please give one whole email address.");
  return email;
}

function when(record, field) {
  const at = record.getDateTime(field);
  return at.isZero() ? null : at.string();
}

function exportAddress(app, value) {
  const email = addressOf(value);
  const erased = app.findRecordsByFilter("newsletter_erasures", "email_digest = {:d}", "", 1, 0, { d: emailDigest(email) });
  const found = app.findRecordsByFilter("newsletter_subscribers", "email = {:email}", "", 1, 0, { email });
  const member = found.length ? found[0] : null;
  const consents = member
    ? app.findRecordsByFilter("newsletter_consents", "subscriber = {:id}", "created", 0, 0, { id: member.id }).map((c) => ({
        action: c.getString("action"),
        at: when(c, "created"),
        via: c.getString("via"),
        wording_version: c.getInt("wording_version"),
        network_digest: c.getString("network_digest"),
        lists: readJson(c, "lists", []),
        detail: c.getString("detail"),
      }))
    : [];
  const letters = app.findRecordsByFilter("campaign_sends", "email = {:email}", "created", 0, 0, { email }).map((s) => {
    let subject = "";
    try {
      subject = app.findRecordById("campaigns", s.getString("campaign")).getString("subject");
    } catch (_) {
      // the campaign was deleted
    }
    return { campaign: s.getString("campaign"), subject, state: s.getString("state"), sent_at: when(s, "sent_at"), error: s.getString("error") };
  });
  return {
    email,
    erased_at: erased.length ? when(erased[0], "created") : null,
    subscriber: member
      ? {
          first_name: member.getString("first_name"),
          last_name: member.getString("last_name"),
          state: member.getString("state"),
          lists: readJson(member, "lists", []),
          signed_up_at: when(member, "created"),
          confirmed_at: when(member, "confirmed_at"),
        }
      : null,
    consents,
    letters,
    cart_reminders: require(`${__hooks}/lib/letters/cart-reminders.js`).recordsOf(app, email),
  };
}

/** Removes the address, its consent log and its letters, keeping only a digest of it. */
function erase(app, value) {
  const email = addressOf(value);
  let removed = false;
  app.runInTransaction((tx) => {
    tx.db().newQuery("DELETE FROM campaign_sends WHERE email = {:email}").bind({ email }).execute();
    tx.db().newQuery("DELETE FROM mail_reports WHERE email = {:email}").bind({ email }).execute();
    require(`${__hooks}/lib/letters/cart-reminders.js`).eraseAddress(tx, email);
    const found = tx.findRecordsByFilter("newsletter_subscribers", "email = {:email}", "", 1, 0, { email });
    if (found.length) {
      tx.delete(found[0]); // its consent rows go with it (cascade)
      removed = true;
    }
    const digest = emailDigest(email);
    if (!tx.findRecordsByFilter("newsletter_erasures", "email_digest = {:d}", "", 1, 0, { d: digest }).length) {
      const row = new Record(tx.findCollectionByNameOrId("newsletter_erasures"));
      row.set("email_digest", digest);
      tx.save(row);
    }
  });
  return { erased: true, was_on_list: removed };
}

function isErased(app, email) {
  return app.findRecordsByFilter("newsletter_erasures", "email_digest = {:d}", "", 1, 0, { d: emailDigest(email) }).length > 0;
}

module.exports = { exportAddress, erase, isErased };
