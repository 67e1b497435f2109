// New work announced: the studio announces a painting, book, mural or character to the list of its
// story world (Studio news for a piece of no world), and the day's announcements to one list go
// out as one letter at the day's hour, a campaign of kind "announcement" that the Letters area shows
// and can cancel until it leaves. The server's sender sends it to the list's confirmed members
// like any campaign (pocketbase/internal/mail/campaigns.go).

const { listName } = require(`${__hooks}/lib/letters/newsletter-lists.js`);
const { writeLetter } = require(`${__hooks}/lib/letters/made-letters.js`);
const { readJson } = require(`${__hooks}/lib/base/records.js`);

// The day's letter leaves at this hour (UTC): what is announced later goes in the next day's.
const SEND_HOUR_UTC = 17;
const COLLECTIONS = { painting: "paintings", book: "books", mural: "murals", character: "characters" };

function pieceOf(app, kind, id) {
  const collection = COLLECTIONS[kind];
  if (!collection) throw new BadRequestError("Only a painting, book, mural or character can be announced.");
  try {
    return app.findRecordById(collection, String(id || ""));
  } catch (_) {
    throw new NotFoundError("This piece is no longer in the catalogue.");
  }
}

/** The list a piece is announced to: its story world's, or Studio news. */
function listOf(piece) {
  if (piece.collection().name === "characters") return piece.getString("character_type") === "cryptid" ? "cryptids" : "pebblewick";
  return piece.getString("world") || "news";
}

/** When the letter an announcement made now goes: today at the hour, or tomorrow once it has passed. */
function sendTime(now) {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), SEND_HOUR_UTC));
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().replace("T", " ");
}

/** The day's letter to `list` has one id, so parallel announcements find the same one. */
function letterId(list, sendAt) {
  return $security.sha256("announcement:" + list + ":" + sendAt).slice(0, 15);
}

function titleOf(r) {
  return r.getString("title") || r.getString("name");
}

function write(app, campaign, list, pieces) {
  const titles = pieces.map((p) => titleOf(pieceOf(app, p.kind, p.id)));
  const from = list === "news" ? "the studio" : listName(list);
  const named = titles.length > 3 ? titles.slice(0, 2).join(", ") + ` and ${titles.length - 2} more` : titles.join(", ");
  writeLetter(app, campaign, {
    kind: "announcement",
    subject: `New from ${from}: ${named}`,
    lines: [titles.length === 1 ? `Something new from ${from} today: ${titles[0]}.` : `New from ${from} today: ${titles.join(", ")}.`],
    pieces,
    lists: [list],
  });
}

/** The letter a day's announcements to `list` go in, whatever its state, or null. */
function dayLetter(app, list, sendAt) {
  try {
    return app.findRecordById("campaigns", letterId(list, sendAt));
  } catch (_) {
    return null;
  }
}

/** Adds a piece to the day's letter to its list, making the letter with the day's first piece. */
function announce(app, kind, id) {
  const piece = pieceOf(app, kind, id);
  const list = listOf(piece);
  const sendAt = sendTime(new Date());
  let result = null;
  app.runInTransaction((tx) => {
    if (!tx.findFirstRecordByFilter("newsletter_settings", "id != ''").getString("postal_address").trim()) {
      throw new BadRequestError("Add the studio's postal address in the letter settings first: the law asks for it in every letter.");
    }
    // Written first, so parallel announcements wait for each other and add to one letter.
    tx.db()
      .newQuery(
        "INSERT OR IGNORE INTO campaigns (id, kind, subject, preview, body, pieces, lists, state, send_at, started_at, finished_at, html, text, recipients, links, created, updated)" +
          " VALUES ({:id}, 'announcement', 'New work', '', '', '[]', {:lists}, 'scheduled', {:at}, '', '', '', '', 0, '[]', {:now}, {:now})",
      )
      .bind({ id: letterId(list, sendAt), lists: JSON.stringify([list]), at: sendAt, now: new Date().toISOString().replace("T", " ") })
      .execute();
    const campaign = tx.findRecordById("campaigns", letterId(list, sendAt));
    if (campaign.getString("state") !== "scheduled" && campaign.getString("state") !== "paused") {
      throw new BadRequestError(`Today's letter to ${listName(list)} has left: announce this tomorrow.`);
    }
    const pieces = readJson(campaign, "pieces", []);
    if (pieces.some((p) => p.kind === kind && p.id === piece.id)) throw new BadRequestError(`"${titleOf(piece)}" is in today's letter to ${listName(list)} already.`);
    if (pieces.length >= 12) throw new BadRequestError(`Today's letter to ${listName(list)} shows 12 pieces already: announce this tomorrow.`);
    write(tx, campaign, list, pieces.concat([{ kind, id: piece.id }]));
    tx.save(campaign);
    result = status(tx, kind, piece.id);
  });
  return result;
}

/** Whether a piece is in its list's letter of the day, and when that letter goes. */
function status(app, kind, id) {
  const piece = pieceOf(app, kind, id);
  const list = listOf(piece);
  const sendAt = sendTime(new Date());
  const campaign = dayLetter(app, list, sendAt);
  const waiting = campaign && (campaign.getString("state") === "scheduled" || campaign.getString("state") === "paused");
  return {
    list,
    list_name: listName(list),
    send_at: sendAt,
    announced: !!waiting && readJson(campaign, "pieces", []).some((p) => p.kind === kind && p.id === id),
    campaign: waiting ? campaign.id : null,
  };
}

/** Cancels a day's announcement before it leaves: nothing of it is sent. */
function cancel(app, id) {
  app.runInTransaction((tx) => {
    let campaign;
    try {
      campaign = tx.findRecordById("campaigns", String(id || ""));
    } catch (_) {
      throw new NotFoundError("This announcement is no longer waiting.");
    }
    if (campaign.getString("kind") !== "announcement") throw new BadRequestError("Only an announcement can be canceled here.");
    if (!campaign.getDateTime("started_at").isZero() || (campaign.getString("state") !== "scheduled" && campaign.getString("state") !== "paused")) {
      throw new BadRequestError("This announcement has started to go out: pause it instead.");
    }
    tx.delete(campaign);
  });
}

module.exports = { announce, status, cancel };
