// How much commission work the studio takes in (docs/decisions/024): per type and over all,
// open with N slots, waitlist, or closed; what fills a slot; the waitlist's invitations; and the
// public board the pages and the queue are drawn from. Every state is worked out from the stored
// choices and times when it is read, so an opening set ahead is never missed, asleep or not; the
// minute's tick only folds passed times into the rows and moves the waitlist along.

const SETTINGS_ID = "commissionsetup";
const BOARD_ID = "commissionboard";
const TYPES = ["illustrated-book", "indoor-mural", "outdoor-mural", "watercolor-portrait", "watercolor-illustration"];
const LABELS = {
  "illustrated-book": "Illustrated book",
  "indoor-mural": "Indoor mural",
  "outdoor-mural": "Outdoor mural",
  "watercolor-portrait": "Watercolor portrait",
  "watercolor-illustration": "Watercolor illustration",
};
const STATES = ["open", "waitlist", "closed"];
const FILL_RULES = ["accepted", "quoted", "deposit"];
const ENDED = "('Complete', 'Declined', 'Cancelled')";
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
// Delivered work stays on the public queue this long, so a visitor sees the queue move.
const DELIVERED_SHOWN_MS = 14 * 86400000;
const MAX_SLOTS = 1000;
// What the public queue shows at most: the board is one row every visitor reads and every
// request rewrites, so it stays the same small size however many requests arrive.
const QUEUE_SHOWN = { inHand: 60, waiting: 40, delivered: 20 };

function ms(value) {
  const s = String(value || "");
  if (!s) return 0;
  const t = Date.parse(s.replace(" ", "T"));
  return isFinite(t) ? t : 0;
}

function stamp(t) {
  return new Date(t).toISOString().replace("T", " ");
}

function scalar(app, sql, params) {
  const row = new DynamicModel({ value: 0 });
  app.db().newQuery(sql).bind(params || {}).one(row);
  return row.value;
}

/** What a slot is filled by, as SQL over a commission `c` (its fill rule). */
function fillsSlot(rule) {
  const quoted = "EXISTS (SELECT 1 FROM commission_quotes q WHERE q.commission = c.id AND q.kind = 'quote' AND q.status IN ('open', 'deposit_paid', 'paid'))";
  const deposit = "EXISTS (SELECT 1 FROM commission_quotes q WHERE q.commission = c.id AND q.kind = 'quote' AND q.status IN ('deposit_paid', 'paid'))";
  if (rule === "quoted") return quoted;
  if (rule === "accepted") return "(c.status = 'In Progress' OR " + quoted + ")";
  return deposit;
}

function settingsOf(app) {
  return app.findRecordById("commission_settings", SETTINGS_ID);
}

/** The stored state with whichever opening or closing set ahead has come last by `now`. */
function scheduled(state, opensAt, closesAt, now) {
  const events = [
    [ms(opensAt), "open"],
    [ms(closesAt), "closed"],
  ].filter(([t]) => t && t <= now);
  events.sort((a, b) => a[0] - b[0]);
  return events.length ? events[events.length - 1][1] : state;
}

/** The next opening or closing still ahead of `now`, 0 when none. */
function nextTime(opensAt, closesAt, now) {
  const ahead = [ms(opensAt), ms(closesAt)].filter((t) => t > now);
  return ahead.length ? Math.min.apply(null, ahead) : 0;
}

function dayOf(t, now) {
  const d = new Date(t);
  const day = d.getUTCDate() + " " + MONTHS[d.getUTCMonth()];
  return d.getUTCFullYear() === new Date(now).getUTCFullYear() ? day : day + " " + d.getUTCFullYear();
}

/** Counts per type: slots taken and requests waiting, read at `now`. */
function counts(app, rule, holdHours, now) {
  const cutoff = stamp(now - holdHours * 3600000);
  const rows = arrayOf(new DynamicModel({ type: "", taken: 0, waiting: 0 }));
  app
    .db()
    .newQuery(
      "SELECT c.type AS type," +
        " SUM(CASE WHEN " + fillsSlot(rule) + " OR c.waitlist = 'admitted' OR (c.waitlist = 'invited' AND c.invited_at > {:cutoff}) THEN 1 ELSE 0 END) AS taken," +
        " SUM(CASE WHEN c.waitlist = 'waiting' THEN 1 ELSE 0 END) AS waiting" +
        " FROM commissions c WHERE c.status NOT IN " + ENDED + " GROUP BY c.type",
    )
    .bind({ cutoff })
    .all(rows);
  const out = {};
  for (const t of TYPES) out[t] = { taken: 0, waiting: 0 };
  for (const r of rows) if (out[r.type]) out[r.type] = { taken: r.taken, waiting: r.waiting };
  return out;
}

const RANK = { open: 0, waitlist: 1, closed: 2 };

/**
 * Each type's state at `now`: the stricter of its own and the overall one, a full type on the
 * waitlist by itself, and the words the pages show.
 */
function statesAt(settings, typeRows, count, now) {
  const overallSlots = settings.getInt("overall_slots");
  let overall = scheduled(settings.getString("overall_state") || "open", settings.getString("overall_opens_at"), settings.getString("overall_closes_at"), now);
  let totalTaken = 0;
  for (const t of TYPES) totalTaken += count[t].taken;
  const overallFree = overallSlots > 0 ? Math.max(0, overallSlots - totalTaken) : -1;
  if (overall === "open" && overallFree === 0) overall = "waitlist";
  const overallOpens = overall === "closed" ? nextTime(settings.getString("overall_opens_at"), "", now) : 0;
  return TYPES.map((type) => {
    const row = typeRows[type];
    const slots = row ? row.getInt("slots") : 0;
    let own = row ? scheduled(row.getString("state") || "open", row.getString("opens_at"), row.getString("closes_at"), now) : "open";
    const typeFree = slots > 0 ? Math.max(0, slots - count[type].taken) : -1;
    if (own === "open" && typeFree === 0) own = "waitlist";
    const state = RANK[own] >= RANK[overall] ? own : overall;
    const opens = state !== "closed" ? 0 : own === "closed" ? (row ? nextTime(row.getString("opens_at"), "", now) : 0) : overallOpens;
    // The tighter limit is the one a visitor meets.
    let free = typeFree;
    let of = slots;
    if (overallFree >= 0 && (free < 0 || overallFree < free)) {
      free = overallFree;
      of = overallSlots;
    }
    let text = "Open";
    // Free, not taken: "1 of 1 slots" read either way.
    if (state === "open" && of > 0) text = `Open: ${free} of ${of} ${of === 1 ? "slot" : "slots"} free`;
    if (state === "waitlist") text = `Waitlist: ${count[type].waiting} waiting`;
    if (state === "closed") text = opens ? `Closed until ${dayOf(opens, now)}` : "Closed";
    return { type, label: LABELS[type], state, text, slots: of, free: state === "open" ? free : 0, waiting: count[type].waiting, opens_at: opens ? stamp(opens) : "" };
  });
}

function typeRowsOf(app) {
  const rows = {};
  for (const r of app.findAllRecords("commission_types")) rows[r.getString("type")] = r;
  return rows;
}

/** The board at `now`: the states, and the next time set ahead with the states from then on. */
function board(app, now) {
  now = now || Date.now();
  const settings = settingsOf(app);
  const typeRows = typeRowsOf(app);
  const hold = settings.getInt("invite_hold_hours") || 48;
  const count = counts(app, settings.getString("fill_rule") || "deposit", hold, now);
  let next = nextTime(settings.getString("overall_opens_at"), settings.getString("overall_closes_at"), now);
  for (const t of TYPES) {
    const r = typeRows[t];
    const n = r ? nextTime(r.getString("opens_at"), r.getString("closes_at"), now) : 0;
    if (n && (!next || n < next)) next = n;
  }
  return {
    states: statesAt(settings, typeRows, count, now),
    next_at: next ? stamp(next) : "",
    next_states: next ? statesAt(settings, typeRows, count, next) : [],
    queue_public: settings.getBool("queue_public"),
  };
}

/** Where a commission stands, from its status, quotes and files (the decision page maps each). */
function stageOf(r) {
  if (r.status === "Complete") return "Delivered";
  if (r.final) return "Final";
  if (r.status === "In Progress") return r.proof ? "In progress" : "Sketch";
  if (r.proof) return "Sketch";
  if (r.deposit) return "Deposit paid";
  if (r.quoted) return "Quoted";
  return "Requested";
}

/** A row's reference on the public queue: its owner finds it, nobody else can read it back. */
function refOf(id) {
  return $security.sha256("queue:" + id).slice(0, 16);
}

/**
 * The public queue: position, type, stage and days waited of the work in hand, the waitlist
 * after it, and work delivered lately. Nothing else of a request is read.
 */
function queue(app, now) {
  now = now || Date.now();
  const rows = arrayOf(new DynamicModel({ id: "", type: "", status: "", created: "", updated: "", waitlist: "", waitlisted_at: "", deposit: 0, quoted: 0, proof: 0, final: 0 }));
  app
    .db()
    .newQuery(
      "SELECT c.id AS id, c.type AS type, c.status AS status, c.created AS created, c.updated AS updated, c.waitlist AS waitlist, c.waitlisted_at AS waitlisted_at," +
        " " + fillsSlot("deposit") + " AS deposit, " + fillsSlot("quoted") + " AS quoted," +
        " EXISTS (SELECT 1 FROM commission_files f WHERE f.commission = c.id AND f.kind = 'proof') AS proof," +
        " EXISTS (SELECT 1 FROM commission_files f WHERE f.commission = c.id AND f.kind = 'final') AS final" +
        " FROM commissions c WHERE c.status IN ('Not Started', 'In Progress') OR (c.status = 'Complete' AND c.updated > {:recent})" +
        " ORDER BY c.created, c.id",
    )
    .bind({ recent: stamp(now - DELIVERED_SHOWN_MS) })
    .all(rows);
  const days = (from, to) => Math.max(0, Math.floor((to - ms(from)) / 86400000));
  const inHand = [];
  const waiting = [];
  const delivered = [];
  for (const r of rows) {
    const base = { ref: refOf(r.id), type: r.type, type_label: LABELS[r.type] || r.type, stage: stageOf(r) };
    if (r.status === "Complete") delivered.push(Object.assign(base, { position: 0, waitlist_position: 0, days: days(r.created, ms(r.updated)) }));
    else if (r.waitlist === "waiting" || r.waitlist === "invited") waiting.push(Object.assign(base, { since: r.waitlisted_at || r.created }));
    else inHand.push(Object.assign(base, { position: inHand.length + 1, waitlist_position: 0, days: days(r.created, now) }));
  }
  waiting.sort((a, b) => ms(a.since) - ms(b.since));
  const perType = {};
  const listed = waiting.map((w) => {
    perType[w.type] = (perType[w.type] || 0) + 1;
    const row = Object.assign({}, w, { position: 0, waitlist_position: perType[w.type], days: days(w.since, now) });
    delete row.since;
    return row;
  });
  return inHand.slice(0, QUEUE_SHOWN.inHand).concat(listed.slice(0, QUEUE_SHOWN.waiting), delivered.slice(-QUEUE_SHOWN.delivered));
}

/** JSON with every object's keys sorted: the stored JSON comes back in the database's key order. */
function canonical(value) {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (value && typeof value === "object") {
    return "{" + Object.keys(value).sort().map((k) => JSON.stringify(k) + ":" + canonical(value[k])).join(",") + "}";
  }
  return JSON.stringify(value === undefined ? null : value);
}

/** The public board row brought up to date; written only when something a visitor sees changed. */
function publish(app) {
  const now = Date.now();
  const b = board(app, now);
  const row = app.findRecordById("commission_board", BOARD_ID);
  const q = b.queue_public ? queue(app, now) : [];
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const same =
    canonical(readJson(row, "states", [])) === canonical(b.states) &&
    canonical(readJson(row, "next_states", [])) === canonical(b.next_states) &&
    canonical(readJson(row, "queue", [])) === canonical(q) &&
    row.getBool("queue_public") === b.queue_public &&
    ms(row.getString("next_at")) === ms(b.next_at);
  if (same) return;
  row.set("states", b.states);
  row.set("next_at", b.next_at);
  row.set("next_states", b.next_states);
  row.set("queue_public", b.queue_public);
  row.set("queue", q);
  app.save(row);
}

/** Refuses a request for a closed type; a request for a type on the waitlist joins it. */
function admitRequest(app, record, byStudio) {
  const type = record.getString("type");
  const state = board(app).states.find((s) => s.type === type);
  if (!state) return;
  if (state.state === "closed" && !byStudio) {
    const label = LABELS[type] || type;
    const when = state.opens_at ? ` until ${dayOf(ms(state.opens_at), Date.now())}` : " for now";
    throw new BadRequestError(`Requests for ${label.toLowerCase()} commissions are closed${when}. Nothing was sent; your words are still in the form.`, {
      type: new ValidationError("commission_closed", `${label} commissions are closed${when}.`),
    });
  }
  if (state.state === "waitlist" && !record.getString("user") && !byStudio) {
    // A slot is taken from an account: an invitation to a request nobody can sign in to would
    // hold a slot for two days that no one can take.
    const label = LABELS[type] || type;
    throw new BadRequestError(`${label} commissions have a waitlist, and a slot is taken from your account. Please sign in or create an account to join it. Nothing was sent; your words are still in the form.`, {
      type: new ValidationError("waitlist_needs_account", "Please sign in to join the waitlist."),
    });
  }
  if (state.state === "waitlist") {
    record.set("waitlist", "waiting");
    record.set("waitlisted_at", stamp(Date.now()));
  } else {
    record.set("waitlist", "");
    record.set("waitlisted_at", "");
  }
  record.set("invited_at", "");
}

/** Folds openings and closings that have come into the stored state, so the row says what is. */
function foldTimes(app, row, stateField, opensField, closesField, now) {
  const opens = ms(row.getString(opensField));
  const closes = ms(row.getString(closesField));
  if (!(opens && opens <= now) && !(closes && closes <= now)) return;
  row.set(stateField, scheduled(row.getString(stateField), row.getString(opensField), row.getString(closesField), now));
  if (opens && opens <= now) row.set(opensField, "");
  if (closes && closes <= now) row.set(closesField, "");
  app.save(row);
}

// Sent to the account's address only, and the account's own name is used only once that address
// is confirmed: anyone can make an account with someone else's address and a name of their choosing.
function invitationLetter(app, c, account, holdHours) {
  const mail = require(`${__hooks}/lib/base/mail.js`);
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  const to = [account.email()].filter((s) => s && s.indexOf("@") > 0);
  const name = account.verified() ? account.getString("first_name").trim() : "";
  const label = (LABELS[c.getString("type")] || "commission").toLowerCase();
  const until = new Date(Date.now() + holdHours * 3600000).toUTCString().replace(/:\d\d GMT$/, " UTC");
  mail.queueSafely(app, {
    to,
    subject: `A ${label} slot has opened for you`,
    compose: () => ({
      heading: "Hello" + (name ? " " + name : "") + ",",
      lines: [
        `A slot for a ${label} commission has opened, and you are next on the waitlist.`,
        `We are holding it for you for ${holdHours} hours, until ${until}. Take it from your account; after that it passes to the next person waiting.`,
      ],
      items: [],
      link: siteUrl() + "/customer/dashboard",
      label: "Take my slot",
    }),
  });
}

/**
 * The minute's work: passed times folded in, invitations past their hold lapsed, requests that
 * now fill a slot taken off the waitlist, the first waiting invited wherever a slot is free, and
 * the public board refreshed. Runs in one transaction, so two ticks never invite twice.
 */
function tick(app) {
  app.runInTransaction((tx) => {
    const now = Date.now();
    const settings = settingsOf(tx);
    foldTimes(tx, settings, "overall_state", "overall_opens_at", "overall_closes_at", now);
    const typeRows = typeRowsOf(tx);
    for (const t of TYPES) if (typeRows[t]) foldTimes(tx, typeRows[t], "state", "opens_at", "closes_at", now);
    const hold = settings.getInt("invite_hold_hours") || 48;
    const rule = settings.getString("fill_rule") || "deposit";
    const cutoff = stamp(now - hold * 3600000);

    for (const c of tx.findRecordsByFilter("commissions", "waitlist = 'invited' && invited_at <= {:cutoff}", "invited_at", 0, 0, { cutoff })) {
      c.set("waitlist", "lapsed");
      tx.save(c);
    }
    const filled = arrayOf(new DynamicModel({ id: "" }));
    tx.db()
      .newQuery("SELECT c.id AS id FROM commissions c WHERE c.waitlist IN ('waiting', 'invited') AND " + fillsSlot(rule))
      .all(filled);
    for (const f of filled) {
      const c = tx.findRecordById("commissions", f.id);
      c.set("waitlist", "admitted");
      tx.save(c);
    }

    const count = counts(tx, rule, hold, now);
    const overallState = settings.getString("overall_state");
    const overallSlots = settings.getInt("overall_slots");
    let totalTaken = 0;
    for (const t of TYPES) totalTaken += count[t].taken;
    let overallFree = overallState === "closed" ? 0 : overallSlots > 0 ? overallSlots - totalTaken : Infinity;
    for (const t of TYPES) {
      const row = typeRows[t];
      // A type the studio put on the waitlist or closed keeps its waitlist as it is.
      if (!row || row.getString("state") !== "open" || overallState === "waitlist") continue;
      let free = row.getInt("slots") > 0 ? row.getInt("slots") - count[t].taken : Infinity;
      if (free <= 0 || overallFree <= 0) continue;
      // Only a request with an account can take a slot: one without (filed before accounts were
      // asked for, or by the studio for someone) waits for the studio, and the next is invited.
      const next = tx.findRecordsByFilter("commissions", "type = {:t} && waitlist = 'waiting' && user != '' && status != 'Complete' && status != 'Declined' && status != 'Cancelled'", "waitlisted_at,created", 50, 0, { t });
      for (const c of next) {
        if (free <= 0 || overallFree <= 0) break;
        let account = null;
        try {
          account = tx.findRecordById("users", c.getString("user"));
        } catch (_) {
          continue; // the account is gone
        }
        c.set("waitlist", "invited");
        c.set("invited_at", stamp(now));
        tx.save(c);
        invitationLetter(tx, c, account, hold);
        free--;
        overallFree--;
      }
    }
    publish(tx);
  });
}

/** The invited customer takes the slot held for them. */
function takeSlot(app, commissionId, user) {
  if (!user) throw new UnauthorizedError("Please sign in to take your slot.");
  let out = null;
  app.runInTransaction((tx) => {
    let c;
    try {
      c = tx.findRecordById("commissions", commissionId);
    } catch (_) {
      throw new NotFoundError("There is no such commission.");
    }
    if (c.getString("user") !== user.id) throw new NotFoundError("There is no such commission.");
    const hold = settingsOf(tx).getInt("invite_hold_hours") || 48;
    if (c.getString("waitlist") === "admitted") {
      out = c;
      return;
    }
    if (c.getString("waitlist") !== "invited" || ms(c.getString("invited_at")) <= Date.now() - hold * 3600000) {
      throw new BadRequestError("This invitation has passed: the slot went to the next person waiting. Your request stays with the studio.");
    }
    c.set("waitlist", "admitted");
    tx.save(c);
    publish(tx);
    out = c;
  });
  return out;
}

/**
 * The board brought up to date after a write that has already committed: a failure here is
 * logged (the cron tries again within the minute), never turned into a failed write.
 */
function afterWrite(app, what) {
  try {
    if (what === "tick") tick(app);
    else publish(app);
  } catch (err) {
    console.error("COMMISSION SLOTS NOT UPDATED: " + String(err));
    app.logger().error("commission slots not updated", "error", String(err));
  }
}

module.exports = { afterWrite, SETTINGS_ID, TYPES, LABELS, STATES, FILL_RULES, MAX_SLOTS, ms, stamp, board, queue, refOf, publish, admitRequest, tick, takeSlot, settingsOf, typeRowsOf };
