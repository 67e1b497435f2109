// The studio's side of commission slots: what it reads (settings, each type, who was invited and
// when) and the one checked way it changes them. Every bad value is named with what to do.

function fieldError(errors, key, message) {
  if (!errors[key]) errors[key] = message;
}

function wholeNumber(value, min, max) {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && isFinite(n) && Math.floor(n) === n && n >= min && n <= max ? n : null;
}

/** A time set ahead: "" to clear it, else a moment still to come. */
function timeAhead(value, errors, key, what) {
  const slots = require(`${__hooks}/lib/commissions/commission-slots.js`);
  if (value === undefined || value === null || value === "") return "";
  const t = slots.ms(value);
  if (!t) {
    fieldError(errors, key, `The ${what} time is not a date and time we can read.`);
    return "";
  }
  if (t <= Date.now()) {
    fieldError(errors, key, `The ${what} time has already passed: choose a time ahead, or leave it empty.`);
    return "";
  }
  return slots.stamp(t);
}

function checkPlan(plan, errors, prefix, label) {
  const slots = require(`${__hooks}/lib/commissions/commission-slots.js`);
  const out = {};
  if (slots.STATES.indexOf(plan.state) < 0) fieldError(errors, prefix + "state", `Choose open, waitlist or closed for ${label}.`);
  out.state = plan.state;
  const n = wholeNumber(plan.slots === undefined || plan.slots === "" ? 0 : plan.slots, 0, slots.MAX_SLOTS);
  if (n === null) fieldError(errors, prefix + "slots", `Slots for ${label} must be a whole number from 0 to ${slots.MAX_SLOTS} (0 for no limit).`);
  out.slots = n || 0;
  out.opens_at = timeAhead(plan.opens_at, errors, prefix + "opens_at", "opening");
  out.closes_at = timeAhead(plan.closes_at, errors, prefix + "closes_at", "closing");
  if (out.opens_at && out.closes_at && slots.ms(out.closes_at) <= slots.ms(out.opens_at)) {
    fieldError(errors, prefix + "closes_at", `The closing time for ${label} must come after its opening time.`);
  }
  return out;
}

/** Everything the studio's slots panel shows. */
function readForStudio(app) {
  const slots = require(`${__hooks}/lib/commissions/commission-slots.js`);
  const s = slots.settingsOf(app);
  const rows = slots.typeRowsOf(app);
  const invites = app.findRecordsByFilter("commissions", "waitlist != ''", "-waitlisted_at", 200, 0).map((c) => ({
    id: c.id,
    type: c.getString("type"),
    contact_name: c.getString("contact_name"),
    contact_email: c.getString("contact_email"),
    waitlist: c.getString("waitlist"),
    waitlisted_at: c.getString("waitlisted_at"),
    invited_at: c.getString("invited_at"),
    status: c.getString("status"),
  }));
  return {
    settings: {
      fill_rule: s.getString("fill_rule") || "deposit",
      invite_hold_hours: s.getInt("invite_hold_hours"),
      queue_public: s.getBool("queue_public"),
      overall: { state: s.getString("overall_state"), slots: s.getInt("overall_slots"), opens_at: s.getString("overall_opens_at"), closes_at: s.getString("overall_closes_at") },
      types: slots.TYPES.map((t) => ({
        type: t,
        label: slots.LABELS[t],
        state: rows[t] ? rows[t].getString("state") : "open",
        slots: rows[t] ? rows[t].getInt("slots") : 0,
        opens_at: rows[t] ? rows[t].getString("opens_at") : "",
        closes_at: rows[t] ? rows[t].getString("closes_at") : "",
      })),
    },
    board: slots.board(app),
    waitlist: invites,
  };
}

/** The studio's changes, all checked before any is saved, then the waitlist moved at once. */
function saveFromStudio(app, body) {
  const slots = require(`${__hooks}/lib/commissions/commission-slots.js`);
  const errors = {};
  const fill = body.fill_rule === undefined ? undefined : body.fill_rule;
  if (fill !== undefined && slots.FILL_RULES.indexOf(fill) < 0) fieldError(errors, "fill_rule", "Choose what fills a slot: an accepted request, a sent quote or a paid deposit.");
  let hold;
  if (body.invite_hold_hours !== undefined) {
    hold = wholeNumber(body.invite_hold_hours, 1, 720);
    if (hold === null) fieldError(errors, "invite_hold_hours", "The invitation hold must be a whole number of hours from 1 to 720.");
  }
  if (body.queue_public !== undefined && typeof body.queue_public !== "boolean") fieldError(errors, "queue_public", "Say whether the queue page is public (true or false).");
  const overall = body.overall ? checkPlan(body.overall, errors, "overall.", "all commissions") : null;
  const types = [];
  for (const plan of Array.isArray(body.types) ? body.types : []) {
    if (!plan || slots.TYPES.indexOf(plan.type) < 0) {
      fieldError(errors, "types", "One of the commission types is not one the studio offers.");
      continue;
    }
    types.push(Object.assign(checkPlan(plan, errors, `types.${plan.type}.`, slots.LABELS[plan.type].toLowerCase() + " commissions"), { type: plan.type }));
  }
  const keys = Object.keys(errors);
  if (keys.length) {
    const data = {};
    for (const k of keys) data[k] = new ValidationError("invalid", errors[k]);
    throw new BadRequestError(errors[keys[0]], data);
  }

  app.runInTransaction((tx) => {
    const s = slots.settingsOf(tx);
    if (fill !== undefined) s.set("fill_rule", fill);
    if (hold !== undefined) s.set("invite_hold_hours", hold);
    if (body.queue_public !== undefined) s.set("queue_public", body.queue_public);
    if (overall) {
      s.set("overall_state", overall.state);
      s.set("overall_slots", overall.slots);
      s.set("overall_opens_at", overall.opens_at);
      s.set("overall_closes_at", overall.closes_at);
    }
    tx.save(s);
    const rows = slots.typeRowsOf(tx);
    for (const plan of types) {
      const row = rows[plan.type];
      row.set("state", plan.state);
      row.set("slots", plan.slots);
      row.set("opens_at", plan.opens_at);
      row.set("closes_at", plan.closes_at);
      tx.save(row);
    }
  });
  slots.tick(app);
  return readForStudio(app);
}

module.exports = { readForStudio, saveFromStudio };
