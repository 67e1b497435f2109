// "Tell me when it's back": a wish on an item that cannot be bought now, kept by a newsletter member
// (so double opt-in, unsubscribe and suppression govern it, docs/decisions/028), ended by one letter
// when the item can be bought again. The letters leave through the campaign sender as a campaign of
// kind "wish" whose recipients are the item's waiting confirmed members, made in the same
// transaction that ends their wishes: a wish ends once, however many restocks race.
// The form answers the same for every address: whether it is new, pending, confirmed or suppressed
// shows only in which letter, if any, the address receives.

const newsletter = require(`${__hooks}/lib/letters/newsletter.js`);
const { readJson } = require(`${__hooks}/lib/base/records.js`);

const ORIGINAL = "Original - For Sale";
const SOLD_OUT = "Original - Sold Out";
const WORLDS = { pebblewick: "Pebblewick", cryptids: "the Hidden Cryptids Alliance" };

// The words of the form, versioned like the signup form's (the consent log keeps the version).
const WISH_WORDINGS = {
  1: "We'll write to you once when it's back. A first letter asks you to confirm your address. Every letter has a link to stop them, and we never share your address.",
};
const WISH_WORDING = 1;

// Wishes are a sign-up form: a network and an address may each ask this many times an hour.
const PER_NETWORK_HOUR = 30;
const PER_ADDRESS_HOUR = 10;
const HOUR_MS = 3600 * 1000;

function nowText() {
  return new Date().toISOString().replace("T", " ");
}

function find(app, collection, id) {
  try {
    return app.findRecordById(collection, String(id || ""));
  } catch (_) {
    return null;
  }
}

function merchandiseBuyable(m) {
  const inventory = readJson(m, "inventory_count", null);
  return m.getBool("in_stock") && (typeof inventory !== "number" || inventory > 0);
}

function bookBuyable(b) {
  return b.getBool("website_cart_available");
}

/** Whether a painting's original is for sale now. */
function originalForSale(p) {
  const tags = readJson(p, "tags", []) || [];
  const price = (readJson(p, "tag_prices", {}) || {})[ORIGINAL];
  return tags.indexOf(ORIGINAL) >= 0 && tags.indexOf(SOLD_OUT) < 0 && price > 0;
}

function worldTargets(world) {
  return WORLDS[world] ? ["originals:" + world, "originals:any"] : ["originals:any"];
}

/**
 * What a request asks to wait for: { target, option, label }. Refuses an item that is gone, a
 * choice it does not have, and an item that can be bought now.
 */
function wanted(app, body) {
  const kind = String(body.kind || "");
  if (kind === "merchandise") {
    const m = find(app, "merchandise", body.id);
    if (!m) throw new BadRequestError("This item is no longer in the shop.");
    const title = m.getString("title");
    if (merchandiseBuyable(m)) throw new BadRequestError(`"${title}" is in stock: you can add it to your cart now.`);
    const parts = [];
    for (const [field, name] of [["available_sizes", "size"], ["available_colors", "color"]]) {
      const given = String(body[name] || "");
      const choices = readJson(m, field, []) || [];
      if (given && choices.indexOf(given) < 0) throw new BadRequestError(`"${title}" has no ${name} "${given.slice(0, 40)}".`);
      if (given) parts.push(given);
    }
    const option = parts.join(", ");
    return { target: "merchandise:" + m.id, option, label: title + (option ? ", " + option : "") };
  }
  if (kind === "book") {
    const b = find(app, "books", body.id);
    if (!b) throw new BadRequestError("This book is no longer in the shop.");
    if (bookBuyable(b)) throw new BadRequestError(`Signed copies of "${b.getString("title")}" are available: you can add one to your cart now.`);
    return { target: "book:" + b.id, option: "", label: b.getString("title") + ", signed copy" };
  }
  if (kind === "original") {
    const p = find(app, "paintings", body.id);
    if (!p) throw new BadRequestError("This painting is no longer in the gallery.");
    if (originalForSale(p)) throw new BadRequestError(`The original of "${p.getString("title")}" is for sale: you can add it to your cart now.`);
    if ((readJson(p, "tags", []) || []).indexOf(SOLD_OUT) < 0) throw new BadRequestError(`The original of "${p.getString("title")}" is not for sale.`);
    const world = p.getString("world");
    return { target: worldTargets(world)[0], option: "", label: WORLDS[world] ? "New originals from " + WORLDS[world] : "New originals" };
  }
  throw new BadRequestError("Please say which item to wait for.");
}

function checkEmail(value) {
  const email = String(value || "").trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) throw new BadRequestError("Please provide a valid email address.");
  return email;
}

/** Counted first, before any other work: by network and by the address asked for. */
function countAsking(e, email) {
  const counters = require(`${__hooks}/lib/base/counters.js`);
  if (!counters.volumeLimitsOn(e.app)) return;
  const { networkKey } = require(`${__hooks}/lib/base/callers.js`);
  const tooMany = () => new ApiError(429, "Too many requests to be told about items came from here in the last hour. Please try again later.", null);
  if (counters.count(e.app, "wishes:" + networkKey(e), HOUR_MS) > PER_NETWORK_HOUR) throw tooMany();
  if (counters.count(e.app, "wishes:" + $security.sha256(email).slice(0, 32), HOUR_MS) > PER_ADDRESS_HOUR) throw tooMany();
}

/**
 * A visitor's wish. A confirmed member's wish waits at once; anyone else gets the confirmation
 * letter first (at most one per 10 minutes, as the signup form). A suppressed address keeps nothing.
 */
function wish(e, body) {
  const email = checkEmail(body.email);
  countAsking(e, email);
  const item = wanted(e.app, body);
  if (Number(body.wording_version) !== WISH_WORDING) throw new BadRequestError("This form is out of date: please reload the page and ask again.");
  const how = { via: "notify-me form", network: newsletter.networkDigest(e), wording: WISH_WORDING, detail: "wish: " + item.label };
  keep(e.app, email, item, how);
}

// Both inserts are plain INSERT OR IGNORE, and the first statement of the transaction writes: it
// waits for the database's one writer, so parallel asks for one address see each other's rows
// (a read first would leave a stale view that the unique indexes then refuse).
function keep(app, email, item, how) {
  app.runInTransaction((tx) => {
    const now = nowText();
    const added = tx
      .db()
      .newQuery("INSERT OR IGNORE INTO newsletter_subscribers (email, state, lists, first_name, last_name, created, updated) VALUES ({:email}, 'pending', '[]', '', '', {:now}, {:now})")
      .bind({ email, now })
      .execute();
    const member = tx.findFirstRecordByFilter("newsletter_subscribers", "email = {:email}", { email });
    const state = added.rowsAffected() ? "new" : member.getString("state");
    if (state === "suppressed") return;
    const fresh = tx
      .db()
      .newQuery(
        "INSERT OR IGNORE INTO wishes (subscriber, target, option, label, state, campaign, created, updated) VALUES ({:m}, {:target}, {:option}, {:label}, 'waiting', '', {:now}, {:now})",
      )
      .bind({ m: member.id, target: item.target, option: item.option, label: item.label, now })
      .execute()
      .rowsAffected();
    if (state === "confirmed" || (state === "pending" && newsletter.sentRecently(member))) {
      if (fresh) newsletter.logConsent(tx, member, "signed_up", Object.assign({}, how, state === "pending" ? { detail: how.detail + "; confirmation not sent again within 10 minutes" } : {}));
      return;
    }
    // Coming back after unsubscribing is new consent, to this wish alone.
    newsletter.askToConfirm(tx, member, state === "pending" ? readJson(member, "lists", []) : [], how);
  });
}

/** What a member asked for, in words: their lists, then what they wait for ("Studio news; one letter when it's back: Fox tote, L"). */
function lettersOf(app, member) {
  const { listName } = require(`${__hooks}/lib/letters/newsletter-lists.js`);
  const lists = readJson(member, "lists", []).map(listName).join(", ");
  const waiting = app.findRecordsByFilter("wishes", "subscriber = {:m} && state = 'waiting'", "created", 20, 0, { m: member.id }).map((w) => w.getString("label"));
  return [lists, waiting.length ? "one letter when it's back: " + waiting.join("; ") : ""].filter(Boolean).join("; ");
}

/**
 * The item came back: one letter to each confirmed member waiting on any of `targets`, about
 * `piece` ({ kind, id } as campaign letters show pieces), and their wishes end, in one transaction.
 * A second call finds nobody waiting and makes nothing.
 */
function itemIsBack(app, targets, piece, subject, lines) {
  app.runInTransaction((tx) => {
    const waiting = arrayOf(new DynamicModel({ id: "" }));
    tx.db()
      .newQuery(
        "SELECT w.id AS id FROM wishes w JOIN newsletter_subscribers s ON s.id = w.subscriber WHERE w.state = 'waiting' AND s.state = 'confirmed' AND w.target IN (SELECT value FROM json_each({:targets}))",
      )
      .bind({ targets: JSON.stringify(targets) })
      .all(waiting);
    if (!waiting.length) return;
    const campaign = require(`${__hooks}/lib/letters/made-letters.js`).writeLetter(tx, new Record(tx.findCollectionByNameOrId("campaigns")), {
      kind: "wish",
      subject,
      lines,
      pieces: [piece],
      lists: [],
      because: "You get this letter because you asked us to write when it was back. This was the one letter about it.",
    });
    campaign.set("state", "sending");
    campaign.set("send_at", nowText());
    campaign.set("started_at", nowText());
    tx.save(campaign);
    const ids = JSON.stringify(waiting.map((w) => w.id));
    // One letter per address, however many of its wishes (sizes, worlds) this ends.
    const made = tx
      .db()
      .newQuery(
        "INSERT OR IGNORE INTO campaign_sends (campaign, subscriber, email, state, attempts, error, send_after, sent_at, created)" +
          " SELECT {:c}, s.id, s.email, 'queued', 0, '', '', '', {:now} FROM newsletter_subscribers s" +
          " WHERE s.id IN (SELECT w.subscriber FROM wishes w WHERE w.id IN (SELECT value FROM json_each({:ids})))",
      )
      .bind({ c: campaign.id, now: nowText(), ids })
      .execute();
    tx.db()
      .newQuery("UPDATE wishes SET state = 'sent', campaign = {:c}, updated = {:now} WHERE id IN (SELECT value FROM json_each({:ids}))")
      .bind({ c: campaign.id, now: nowText(), ids })
      .execute();
    campaign.set("recipients", made.rowsAffected());
    tx.save(campaign);
  });
}

/** After a merchandise item or a book is saved: was it out and can it be bought now? */
function afterItemSaved(app, record, wasBuyable) {
  const name = record.collection().name;
  const title = record.getString("title");
  const site = require(`${__hooks}/lib/base/config.js`).siteUrl();
  if (name === "merchandise" && !wasBuyable && merchandiseBuyable(record)) {
    itemIsBack(app, ["merchandise:" + record.id], { kind: "merchandise", id: record.id }, `Back in the shop: ${title}`, [
      `You asked us to write when ${title} was back. It is, while the new stock lasts.`,
      `[See it in the shop](${site}/shop/${record.id})`,
    ]);
  }
  if (name === "books" && !wasBuyable && bookBuyable(record)) {
    itemIsBack(app, ["book:" + record.id], { kind: "book", id: record.id }, `Signed copies are back: ${title}`, [
      `You asked us to write when signed copies of ${title} were back. They are, each with a small painted dedication.`,
      `[See the book](${site}/book/${record.id})`,
    ]);
  }
}

/** After a painting is saved: an original newly for sale ends the wishes on its world's originals. */
function afterPaintingSaved(app, painting, wasForSale) {
  if (wasForSale || !originalForSale(painting)) return;
  const world = painting.getString("world");
  const site = require(`${__hooks}/lib/base/config.js`).siteUrl();
  const title = painting.getString("title");
  const from = WORLDS[world] ? " from " + WORLDS[world] : "";
  itemIsBack(app, worldTargets(world), { kind: "painting", id: painting.id }, `A new original${from}: ${title}`, [
    `You asked us to write when there was a new original${from}. "${title}" is for sale now, and there is only one.`,
    `[See the painting](${site}/gallery/${painting.id})`,
  ]);
}

/** How many wait for what on one item (a merchandise item, a book, or a painting's world), for its editor. */
function waitingFor(app, kind, id) {
  const collection = { merchandise: "merchandise", book: "books", painting: "paintings" }[kind];
  if (!collection) throw new BadRequestError("Unknown kind of item.");
  const record = find(app, collection, id);
  if (!record) throw new NotFoundError("This item is no longer in the catalogue.");
  const targets = kind === "painting" ? worldTargets(record.getString("world")) : [(kind === "book" ? "book:" : "merchandise:") + record.id];
  const rows = arrayOf(new DynamicModel({ label: "", confirmed: 0, pending: 0 }));
  app
    .db()
    .newQuery(
      "SELECT w.label AS label, SUM(CASE WHEN s.state = 'confirmed' THEN 1 ELSE 0 END) AS confirmed, SUM(CASE WHEN s.state = 'pending' THEN 1 ELSE 0 END) AS pending" +
        " FROM wishes w JOIN newsletter_subscribers s ON s.id = w.subscriber WHERE w.state = 'waiting' AND w.target IN (SELECT value FROM json_each({:targets}))" +
        " GROUP BY w.label ORDER BY w.label",
    )
    .bind({ targets: JSON.stringify(targets) })
    .all(rows);
  return { waiting: rows.filter((r) => r.confirmed + r.pending > 0).map((r) => ({ label: r.label, confirmed: r.confirmed, pending: r.pending })) };
}

/** What the notify-me form shows. */
function wishForm() {
  return { wording: WISH_WORDINGS[WISH_WORDING], wording_version: WISH_WORDING };
}

module.exports = { wish, wishForm, waitingFor, lettersOf, afterItemSaved, afterPaintingSaved, merchandiseBuyable, bookBuyable, originalForSale };
