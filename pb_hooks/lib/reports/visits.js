// A visit and what it saw, counted first-party: no cookie, no script of anyone else's. The browser
// names its visit (a random id kept in the tab's sessionStorage); the server keeps only a host, a
// path, a campaign's words and a real discount code, each checked, bounded and counted per network
// before anything is written. A browser asking not to be tracked (Sec-GPC: 1 or DNT: 1) and a bot
// that says it is one are not counted at all.

// Per network and minute: a household or an office opening tabs, not a script filling the reports.
const VISITS_PER_MINUTE = 60;
const EVENTS_PER_MINUTE = 600;
const OLDEST_MS = 7 * 86400000; // an offline visit is sent when back online, up to a week late
const BOTS = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|lighthouse|pingdom|uptime|monitor|curl\/|wget\/|python-|go-http-client|java\/|okhttp|httpclient|axios\/|node-fetch|scrapy/i;
const ID = /^[a-z0-9]{15}$/;
// A campaign's words: no control or markup characters, no "|" (the tally key's separator), and no
// leading sign a spreadsheet would run.
const WORDS = /^[^\u0000-\u001f\u007f<>"'`\\|=+\-@][^\u0000-\u001f\u007f<>"'`\\|]{0,59}$/;
const PIECES = ["paintings", "murals", "merchandise", "books", "editions"];
const WORLDS = ["pebblewick", "cryptid"];

/** Why this request is not counted ("" when it is): the visitor asked not to be, or is a bot. */
function notCounted(e) {
  const h = e.request.header;
  if (String(h.get("Sec-GPC")).trim() === "1" || String(h.get("DNT")).trim() === "1") return "asked not to be counted";
  if (BOTS.test(String(h.get("User-Agent") || "")) || !String(h.get("User-Agent") || "").trim()) return "a bot";
  return "";
}

function overLimit(e, what, perMinute) {
  const counters = require(`${__hooks}/lib/base/counters.js`);
  const { networkKey } = require(`${__hooks}/lib/base/callers.js`);
  if (!counters.volumeLimitsOn(e.app)) return;
  if (counters.count(e.app, what + ":" + networkKey(e), 60000) > perMinute) throw new TooManyRequestsError("Too many visits counted from this network; try again in a minute.");
}

/** The day an event happened: when the browser says, if within the last week, else now. */
function dayAt(at) {
  const now = Date.now();
  const t = Number(at);
  return new Date(Number.isFinite(t) && t <= now && t > now - OLDEST_MS ? t : now).toISOString().slice(0, 10);
}

function words(v) {
  const s = String(v === undefined || v === null ? "" : v).trim();
  return WORDS.test(s) ? s.toLowerCase() : "";
}

/** The referrer's host ("" for the shop's own pages or anything that is not a web address). */
function hostOf(referrer) {
  const m = /^https?:\/\/([a-z0-9.-]{1,100})(?::\d{1,5})?(?:[/?#]|$)/i.exec(String(referrer || "").slice(0, 500));
  if (!m) return "";
  const host = m[1].toLowerCase().replace(/^www\./, "");
  const own = /^https?:\/\/([^/:]+)/.exec(require(`${__hooks}/lib/base/config.js`).siteUrl());
  return own && own[1].toLowerCase().replace(/^www\./, "") === host ? "" : host;
}

/** The path the visit began on, without its query (which may hold a buyer's token). */
function pathOf(landing) {
  const s = String(landing || "").split(/[?#]/)[0];
  return /^\/[\w\-./~%]{0,299}$/.test(s) ? s : "/";
}

/** A discount code the shop has: only a real code is kept as a link's source. */
function realCode(app, code) {
  const c = String(code || "").trim().toUpperCase();
  if (!/^[A-Z0-9]{3,32}$/.test(c)) return "";
  return app.findRecordsByFilter("discount_codes", "code = {:c}", "", 1, 0, { c }).length ? c : "";
}

/**
 * Counts a visit once: { counted }. A second report of the same id (a resend after a lost answer)
 * counts nothing.
 */
function countVisit(e, body) {
  if (notCounted(e)) return { counted: false };
  const id = String(body.id || "");
  if (!ID.test(id)) throw new BadRequestError("A visit needs an id of 15 lowercase letters and digits.");
  overLimit(e, "visits", VISITS_PER_MINUTE);
  const app = e.app;
  const day = dayAt(body.at);
  const source = hostOf(body.referrer) || "direct";
  const utm = [words(body.utm_source), words(body.utm_medium), words(body.utm_campaign)];
  const campaign = utm[0] || utm[2] ? utm.join("|") : "";
  const code = realCode(app, body.code);
  const tallies = require(`${__hooks}/lib/reports/tallies.js`);
  let counted = false;
  app.runInTransaction((tx) => {
    const res = tx
      .db()
      .newQuery("INSERT OR IGNORE INTO visits (id, day, landing, source, campaign, code, seen, created) VALUES ({:id}, {:day}, {:landing}, {:source}, {:campaign}, {:code}, '{}', {:now})")
      .bind({ id, day, landing: pathOf(body.landing), source, campaign, code, now: new Date().toISOString().replace("T", " ") })
      .execute();
    if (!res.rowsAffected()) return;
    counted = true;
    tallies.add(tx, "visit", day, "", 1, 0);
    tallies.add(tx, "source", day, source, 1, 0);
    if (campaign) tallies.add(tx, "campaign", day, campaign, 1, 0);
    if (code) tallies.add(tx, "code", day, code, 1, 0);
  });
  return { counted };
}

function exists(app, collection, id) {
  if (!ID.test(id)) return false;
  return app.findRecordsByFilter(collection, "id = {:id}", "", 1, 0, { id }).length > 0;
}

/**
 * One thing a visit did: { kind: "view" | "cart", item: "<collection>:<id>" } for a piece,
 * { kind: "world", item: "pebblewick" | "cryptid" } or { kind: "character", item: "<id>" }.
 * A piece's views and adds are tallied each time; the funnel's stages and the stories once per visit.
 */
function countEvent(e, visitId, body) {
  if (notCounted(e)) return { counted: false };
  overLimit(e, "visit-events", EVENTS_PER_MINUTE);
  const app = e.app;
  const kind = String(body.kind || "");
  const item = String(body.item || "").slice(0, 80);
  const day = dayAt(body.at);
  const tallies = require(`${__hooks}/lib/reports/tallies.js`);
  let what;
  if (kind === "view" || kind === "cart") {
    const [collection, id] = item.split(":");
    if (PIECES.indexOf(collection) < 0 || !exists(app, collection, id)) throw new BadRequestError("This piece is not in the shop.");
    what = { tally: kind === "view" ? "piece_view" : "piece_cart", dim: collection + ":" + id, stage: kind };
  } else if (kind === "world") {
    if (WORLDS.indexOf(item) < 0) throw new BadRequestError("There is no such world.");
    what = { world: item };
  } else if (kind === "character") {
    if (!exists(app, "characters", item)) throw new BadRequestError("There is no such character.");
    what = { character: item, world: app.findRecordById("characters", item).getString("character_type") };
  } else throw new BadRequestError('An event is a "view", "cart", "world" or "character".');

  const found = changeSeen(app, visitId, (tx, once) => {
    if (what.tally) tallies.add(tx, what.tally, day, what.dim, 1, 0);
    if (what.stage && once("stages", what.stage, 5)) tallies.add(tx, "funnel", day, what.stage, 1, 0);
    if (what.world) once("worlds", what.world, 5);
    if (what.character) once("characters", what.character, 100);
  });
  if (!found) throw new NotFoundError("This visit was not counted.");
  return { counted: true };
}

/**
 * Runs change(tx, once) on what visit `id` saw, in one transaction (so two events of one visit at
 * once count a stage once); once(list, value, limit) adds a value not seen before and says so.
 * Returns false when there is no such visit.
 */
function changeSeen(app, id, change) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  let found = false;
  app.runInTransaction((tx) => {
    let visit;
    try {
      visit = tx.findRecordById("visits", String(id || ""));
    } catch (_) {
      return;
    }
    found = true;
    const seen = readJson(visit, "seen", {}) || {};
    change(tx, (list, value, limit) => {
      seen[list] = seen[list] || [];
      if (seen[list].indexOf(value) >= 0 || seen[list].length >= limit) return false;
      seen[list].push(value);
      return true;
    });
    visit.set("seen", seen);
    tx.saveNoValidate(visit);
  });
  return found;
}

/** A checkout was started in this visit: the funnel's checkout stage, once. Returns the visit id kept, or "". */
function checkoutStarted(app, visitId) {
  const id = String(visitId || "");
  const tallies = require(`${__hooks}/lib/reports/tallies.js`);
  const found =
    ID.test(id) &&
    changeSeen(app, id, (tx, once) => {
      if (once("stages", "checkout", 5)) tallies.add(tx, "funnel", tallies.dayOf(""), "checkout", 1, 0);
    });
  return found ? id : "";
}

module.exports = { countVisit, countEvent, checkoutStarted, notCounted };
