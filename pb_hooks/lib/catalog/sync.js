// The catalogue's change log and the one changes route that reads it.
//
// Every write of a public collection replaces that record's row in studio_changes with a new
// sequence number, in the same transaction as the write. SQLite has one writer at a time and a
// transaction keeps the write lock until it commits, so sequence numbers become visible in order:
// a reader that has seen N can never later meet a commit numbered below N (timestamps can: two
// writes in one millisecond, or a write stamped before a slower one commits).
// A deletion leaves a tombstone row, pruned after the retention period; the newest pruned number
// is the horizon, and a cursor below it gets a full snapshot instead.
//
// A cursor is "<fingerprint>.<seq>". The fingerprint covers the collections' rules and fields,
// so a change to what visitors may see invalidates every cursor at once.

const CATALOG = ["characters", "paintings", "books", "merchandise", "murals", "artist_profile", "tags", "commission_board", "editions", "digital_items"];
// Private collections shown in live lists (commission threads, the admin's lists): the same log
// lets them catch up after a reconnect instead of re-reading everything.
const LIVE = ["commissions", "commission_messages", "commission_files", "commission_quotes", "commission_payments", "commission_revisions", "commission_terms", "purchases", "abandoned_carts", "checkout_sessions", "shipments", "shop_settings", "discount_codes"];
const LOGGED = CATALOG.concat(LIVE);
const PROTOCOL = "1";
// Past this many changed records one snapshot costs less than looking each one up.
const MAX_INCREMENTAL = 500;
// What one customer may ask of the live lists' feed: a page follows a few lists and asks again
// after each reconnect, far below this; the studio is not limited.
const FEED_REQUESTS = 60;
const FEED_WINDOW_MS = 60 * 1000;
// A household or an office shares one network: a few people's lists, each polled at once on
// every change, but not the dozens of accounts one script opens.
const FEED_REQUESTS_PER_NETWORK = 300;
const TOPIC = "studio/catalog";

function retentionMs() {
  const raw = $os.getenv("STUDIO_SYNC_TOMBSTONE_DAYS");
  const days = raw === "" ? 90 : Number(raw);
  return (isFinite(days) && days >= 0 ? days : 90) * 86400000;
}

function scalar(app, sql, params) {
  const row = new DynamicModel({ value: 0 });
  app.db().newQuery(sql).bind(params || {}).one(row);
  return row.value;
}

/** Writes the change of one record (call it inside the writing transaction, with its app). */
function logChange(app, collection, recordId, deleted) {
  // Migrations older than the log write records too; a snapshot covers what they wrote.
  if (!app.hasTable("studio_changes")) return;
  const now = Date.now();
  app
    .db()
    .newQuery("REPLACE INTO studio_changes (collection, record_id, deleted, at) VALUES ({:collection}, {:id}, {:deleted}, {:at})")
    .bind({ collection, id: recordId, deleted: deleted ? 1 : 0, at: now })
    .execute();
  if (deleted) pruneTombstones(app, now);
}

function pruneTombstones(app, now) {
  const cutoff = now - retentionMs();
  const top = scalar(app, "SELECT COALESCE(MAX(seq), 0) AS value FROM studio_changes WHERE deleted = 1 AND at < {:cutoff}", { cutoff });
  if (!top) return;
  app.db().newQuery("UPDATE studio_changes_state SET value = MAX(value, {:top}) WHERE key = 'horizon'").bind({ top }).execute();
  app.db().newQuery("DELETE FROM studio_changes WHERE deleted = 1 AND seq <= {:top}").bind({ top }).execute();
}

/** Runs a record write (e.next()) and its log row in one transaction. */
function writeWithLog(e, deleted) {
  const outer = e.app;
  outer.runInTransaction((txApp) => {
    e.app = txApp;
    try {
      e.next();
    } finally {
      e.app = outer;
    }
    logChange(txApp, e.record.collection().name, e.record.id, deleted);
  });
}

function latestSeq(app) {
  return scalar(app, "SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'studio_changes'), 0) AS value");
}

/** The newest number of a catalogue change (the log also numbers private writes, which visitors never see). */
function catalogSeq(app) {
  return scalar(app, "SELECT COALESCE(MAX(seq), 0) AS value FROM studio_changes WHERE collection IN (" + CATALOG.map((c) => "'" + c + "'").join(",") + ")");
}

function hint(app) {
  return new SubscriptionMessage({ name: TOPIC, data: JSON.stringify({ seq: catalogSeq(app), fp: fingerprint(app) }) });
}

/** Tells every browser following the catalogue that it changed; each catches up with one request. */
function announce(app) {
  const message = hint(app);
  const clients = app.subscriptionsBroker().clients();
  for (const id in clients) {
    if (clients[id].hasSubscription(TOPIC)) clients[id].send(message);
  }
}

/** A browser that (re)subscribes learns at once whether it is behind, without asking. */
function greet(app, client, topics) {
  for (const topic of topics) if (topic === TOPIC) return client.send(hint(app));
}

// Rules arrive as Go string pointers: null for "superusers only", else a string-like object.
function rule(raw) {
  return raw === null || raw === undefined ? null : String(raw);
}

function fingerprint(app) {
  const parts = CATALOG.map((name) => {
    const c = app.findCachedCollectionByNameOrId(name);
    const fields = [];
    for (const f of c.fields) fields.push(f.getName() + (f.getHidden() ? "!" : ""));
    return JSON.stringify([name, rule(c.listRule), rule(c.viewRule), fields]);
  });
  return $security.sha256(PROTOCOL + ";" + parts.join(";")).slice(0, 12);
}

/** What a visitor may read of a collection: nothing, everything, or what its rules let through. */
function visitorCan(app, collection) {
  const rules = [rule(collection.listRule), rule(collection.viewRule)];
  if (rules.some((r) => r === null)) return () => false;
  const both = rules.filter((r) => r !== "").map((r) => "(" + r + ")").join(" && ");
  if (!both) return () => true;
  const visitor = new RequestInfo({});
  return (record) => app.canAccessRecord(record, visitor, both);
}

// Every browser without a usable cursor gets the same answer until the next catalogue change, so
// it is built once and kept, serialized, under the newest catalogue number. The commission board
// is one row rewritten with every request anyone sends: it is read fresh each time and the rest
// kept, so a stranger's request never makes the server read the whole catalogue again.
const SNAPSHOT_KEY = "studio:catalog-snapshot";
const BOARD = "commission_board";

function publicRecords(app, name) {
  const collection = app.findCachedCollectionByNameOrId(name);
  const can = visitorCan(app, collection);
  return app.findAllRecords(collection).filter((record) => can(record));
}

function snapshot(app, fp) {
  // Read the sequence first: a write that lands while the records are read is sent again next time.
  const cursor = fp + "." + latestSeq(app);
  const rest = CATALOG.filter((name) => name !== BOARD);
  const key = fp + "." + scalar(app, "SELECT COALESCE(MAX(seq), 0) AS value FROM studio_changes WHERE collection IN (" + rest.map((c) => "'" + c + "'").join(",") + ")");
  let kept = app.store().get(SNAPSHOT_KEY);
  if (!kept || kept.key !== key) {
    let records = [];
    for (const name of rest) records = records.concat(publicRecords(app, name));
    // Records serialize through their own JSON export: public fields only.
    kept = { key, upserts: JSON.stringify(records).slice(1, -1) };
    app.store().set(SNAPSHOT_KEY, kept);
  }
  const board = JSON.stringify(publicRecords(app, BOARD)).slice(1, -1);
  const upserts = [kept.upserts, board].filter(Boolean).join(",");
  return '{"cursor":' + JSON.stringify(cursor) + ',"reset":true,"upserts":[' + upserts + '],"deletes":[]}';
}

function parseCursor(raw, fp) {
  const m = /^([0-9a-f]{12})\.(\d{1,15})$/.exec(String(raw || ""));
  if (!m || m[1] !== fp) return null;
  return Number(m[2]);
}

/**
 * Everything public that changed since a cursor, or a snapshot when the cursor cannot be trusted,
 * as the JSON text of { cursor, reset, upserts, deletes }.
 */
function changesSince(app, rawCursor) {
  const fp = fingerprint(app);
  const since = parseCursor(rawCursor, fp);
  if (since === null) return snapshot(app, fp);
  const horizon = scalar(app, "SELECT value FROM studio_changes_state WHERE key = 'horizon'");
  // Below the horizon, deletions were forgotten; above the newest number, the database went back (a restore).
  // Everything numbered up to `latest` has committed: rows up to it are read, and the cursor moves to it.
  const latest = latestSeq(app);
  if (since < horizon || since > latest) return snapshot(app, fp);

  const rows = arrayOf(new DynamicModel({ seq: 0, collection: "", record_id: "", deleted: false }));
  app
    .db()
    .select("seq", "collection", "record_id", "deleted")
    .from("studio_changes")
    .where($dbx.exp("seq > {:since} AND seq <= {:latest}", { since, latest }))
    .andWhere($dbx.in("collection", ...CATALOG))
    .orderBy("seq ASC")
    .limit(MAX_INCREMENTAL + 1)
    .all(rows);
  if (rows.length > MAX_INCREMENTAL) return snapshot(app, fp);

  const deletes = [];
  const changed = {};
  for (const row of rows) {
    if (row.deleted) deletes.push({ collection: row.collection, id: row.record_id });
    else (changed[row.collection] = changed[row.collection] || []).push(row.record_id);
  }
  const upserts = [];
  for (const name in changed) {
    const collection = app.findCachedCollectionByNameOrId(name);
    const can = visitorCan(app, collection);
    // A record missing here was deleted after the log was read; its tombstone comes next time.
    for (const record of app.findRecordsByIds(collection, changed[name])) {
      if (can(record)) upserts.push(record);
      else deletes.push({ collection: name, id: record.id });
    }
  }
  return JSON.stringify({ cursor: fp + "." + latest, reset: false, upserts, deletes });
}

// Counted per account (a caller who changes address is still one caller) and per network (many free
// accounts on one address are still one caller), each in one atomic step (lib/base/counters.js).
function countFeedRequest(e) {
  const counters = require(`${__hooks}/lib/base/counters.js`);
  if (e.hasSuperuserAuth() || e.auth.getBool("is_admin") || !counters.volumeLimitsOn(e.app)) return;
  const { networkKey } = require(`${__hooks}/lib/base/callers.js`);
  const byAccount = counters.count(e.app, "feed-requests:" + e.auth.id, FEED_WINDOW_MS);
  const byNetwork = counters.count(e.app, "feed-requests:" + networkKey(e), FEED_WINDOW_MS);
  if (byAccount > FEED_REQUESTS || byNetwork > FEED_REQUESTS_PER_NETWORK) {
    throw new ApiError(429, "Too many requests for this list. Please wait a minute and try again.", null);
  }
}

function parseSeq(raw) {
  return /^\d{1,15}$/.test(String(raw || "")) ? Number(raw) : null;
}

/**
 * One live list's changes since a cursor (a bare sequence number), as the caller may list them and
 * narrowed by the list's own filter: records changed since, and the ids of records deleted or no
 * longer in the list. A deleted record is named by its random id only, whoever it belonged to:
 * it is gone, so no rule can be checked. Without a usable cursor the answer is "reset" with the
 * current number, read before the client lists everything itself through the records API.
 */
function listChangesSince(e, name) {
  const app = e.app;
  if (LOGGED.indexOf(name) < 0) throw new NotFoundError("This list has no change feed.");
  // Live lists belong to signed-in people; visitors follow the catalogue.
  if (!e.auth) throw new UnauthorizedError("Please sign in to follow this list.");
  countFeedRequest(e);
  const query = e.request.url.query();
  // The server checked the filter before this hook (pocketbase/internal/guard/callerfilter.go): it names only this
  // collection's public fields.
  const filter = String(query.get("filter") || "");
  const collection = app.findCachedCollectionByNameOrId(name);
  const listRule = e.hasSuperuserAuth() ? "" : rule(collection.listRule);
  if (listRule === null) throw new ForbiddenError("Only superusers can follow this list.");
  const latest = latestSeq(app);
  const since = parseSeq(query.get("since"));
  const horizon = scalar(app, "SELECT value FROM studio_changes_state WHERE key = 'horizon'");
  const reset = { cursor: String(latest), reset: true, upserts: [], deletes: [] };
  if (since === null || since < horizon || since > latest) return JSON.stringify(reset);

  const rows = arrayOf(new DynamicModel({ seq: 0, record_id: "", deleted: false }));
  app
    .db()
    .select("seq", "record_id", "deleted")
    .from("studio_changes")
    .where($dbx.exp("seq > {:since} AND seq <= {:latest}", { since, latest }))
    .andWhere($dbx.hashExp({ collection: name }))
    .orderBy("seq ASC")
    .limit(MAX_INCREMENTAL + 1)
    .all(rows);
  if (rows.length > MAX_INCREMENTAL) return JSON.stringify(reset);

  const deletes = [];
  const changed = [];
  for (const row of rows) (row.deleted ? deletes : changed).push(row.record_id);
  const info = e.requestInfo();
  // One query for the whole batch (pocketbase/internal/access): someone else's record is never
  // loaded, so a caller who owns nothing costs one indexed query however much the shop wrote.
  const among = (expr, ids) => {
    try {
      return $access.recordsAmong(app, collection, info, expr, ids);
    } catch (err) {
      if (String(err).indexOf("feed query timed out") >= 0) throw new ApiError(503, "This list is taking too long to bring up to date. Please try again.", null);
      throw new BadRequestError("The filter is not valid.");
    }
  };
  const visible = {};
  for (const record of changed.length ? among(listRule, changed) : []) visible[record.id] = record;
  const mine = Object.keys(visible);
  const inList = {};
  if (filter === "") for (const id of mine) inList[id] = true;
  else if (mine.length) for (const record of among(listRule === "" ? filter : "(" + listRule + ") && (" + filter + ")", mine)) inList[record.id] = true;
  const upserts = [];
  // In the order they were written: a thread's messages arrive in the order they were sent.
  for (const id of changed) {
    const record = visible[id];
    // Someone else's record is not mentioned at all; one of the caller's that left the list
    // (its filter no longer matches) is removed like a deletion.
    if (!record) continue;
    if (inList[id]) upserts.push(record);
    else deletes.push(id);
  }
  return JSON.stringify({ cursor: String(latest), reset: false, upserts, deletes });
}

module.exports = { CATALOG, LOGGED, TOPIC, logChange, writeWithLog, announce, greet, changesSince, listChangesSince };
