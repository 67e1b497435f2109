// The studio's campaigns: drafts, a test to the studio, sending now or at a time, pause and resume,
// and what the Letters area shows. The server's mail worker does the sending
// (pocketbase/internal/mail/campaigns.go): only confirmed members of the campaign's lists, at the
// studio's rate, under its daily cap, each once.

const { chosenLists, LISTS } = require(`${__hooks}/lib/letters/newsletter-lists.js`);
const letter = require(`${__hooks}/lib/letters/campaign-letter.js`);
const { readJson } = require(`${__hooks}/lib/base/records.js`);

const SEND_STATES = ["queued", "sending", "sent", "refused", "failed", "skipped", "interrupted"];

function settingsRecord(app) {
  return app.findFirstRecordByFilter("newsletter_settings", "id != ''");
}

function publicSettings(r) {
  return {
    postal_address: r.getString("postal_address"),
    rate_per_second: r.getFloat("rate_per_second"),
    daily_cap: r.getInt("daily_cap"),
    dkim_selector: r.getString("dkim_selector"),
  };
}

function saveSettings(app, body) {
  const r = settingsRecord(app);
  const postal = String(body.postal_address == null ? r.getString("postal_address") : body.postal_address).trim();
  const rate = body.rate_per_second == null ? r.getFloat("rate_per_second") : Number(body.rate_per_second);
  const cap = body.daily_cap == null ? r.getInt("daily_cap") : Number(body.daily_cap);
  if (postal.length > 500) throw new BadRequestError("The postal address can be at most 500 characters.");
  if (!(rate >= 0.1 && rate <= 100)) throw new BadRequestError("The rate must be between 0.1 and 100 letters a second.");
  if (!(Number.isInteger(cap) && cap >= 1 && cap <= 1000000)) throw new BadRequestError("The daily cap must be a whole number from 1 to 1,000,000.");
  const selector = String(body.dkim_selector == null ? r.getString("dkim_selector") : body.dkim_selector).trim();
  if (selector.length > 253 || !/^$|^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/.test(selector)) {
    throw new BadRequestError("The DKIM selector is the name before ._domainkey your mail provider gives, like pm or s1: letters, digits, dots and dashes.");
  }
  r.set("dkim_selector", selector);
  r.set("postal_address", postal);
  r.set("rate_per_second", rate);
  r.set("daily_cap", cap);
  app.save(r);
  return publicSettings(r);
}

/** Members per list and state, the settings, and the latest campaigns with their progress. */
function overview(app) {
  const counts = arrayOf(new DynamicModel({ state: "", list: "", n: 0 }));
  app.db().newQuery("SELECT s.state AS state, m.value AS list, COUNT(*) AS n FROM newsletter_subscribers s, json_each(s.lists) m GROUP BY s.state, m.value").all(counts);
  const lists = LISTS.map((l) => {
    const row = { id: l.id, name: l.name, pending: 0, confirmed: 0, unsubscribed: 0, suppressed: 0, paused: 0 };
    for (const c of counts) if (c.list === l.id && row[c.state] !== undefined) row[c.state] = c.n;
    return row;
  });
  const campaigns = app.findRecordsByFilter("campaigns", "id != ''", "-created", 50, 0).map((c) => describe(app, c));
  return { lists, campaigns, settings: publicSettings(settingsRecord(app)) };
}

/** A campaign as the Letters area shows it, with how many of its letters are in each state. */
function describe(app, c) {
  const progress = Object.fromEntries(SEND_STATES.map((s) => [s, 0]));
  const rows = arrayOf(new DynamicModel({ state: "", n: 0 }));
  app.db().newQuery("SELECT state, COUNT(*) AS n FROM campaign_sends WHERE campaign = {:id} GROUP BY state").bind({ id: c.id }).all(rows);
  for (const r of rows) progress[r.state] = r.n;
  const stats = arrayOf(new DynamicModel({ clicked: 0, clicks: 0, unsubscribed: 0 }));
  app
    .db()
    .newQuery(
      "SELECT (SELECT COUNT(DISTINCT subscriber) FROM campaign_clicks WHERE campaign = {:id}) AS clicked, (SELECT COUNT(*) FROM campaign_clicks WHERE campaign = {:id}) AS clicks," +
        " (SELECT COUNT(*) FROM newsletter_consents WHERE action = 'unsubscribed' AND detail = {:detail}) AS unsubscribed",
    )
    .bind({ id: c.id, detail: "campaign:" + c.id })
    .all(stats);
  const at = (f) => (c.getDateTime(f).isZero() ? null : c.getDateTime(f).string());
  return {
    id: c.id,
    // "" for the studio's own letters; "wish" and "announcement" for those the server makes.
    kind: c.getString("kind"),
    subject: c.getString("subject"),
    preview: c.getString("preview"),
    body: c.getString("body"),
    pieces: readJson(c, "pieces", []),
    lists: readJson(c, "lists", []),
    state: c.getString("state"),
    send_at: at("send_at"),
    started_at: at("started_at"),
    finished_at: at("finished_at"),
    recipients: c.getInt("recipients"),
    progress,
    clicked: stats[0].clicked,
    clicks: stats[0].clicks,
    unsubscribed: stats[0].unsubscribed,
    ...require(`${__hooks}/lib/letters/mail-reports.js`).figures(app, c.id),
    ...require(`${__hooks}/lib/letters/campaign-orders.js`).ordersAfterClicks(app, c.id),
    created: at("created"),
  };
}

function checkDraft(app, body) {
  const subject = String(body.subject || "").replace(/[\x00-\x1f\x7f]+/g, " ").trim();
  if (!subject) throw new BadRequestError("Please write a subject.");
  if (subject.length > 200) throw new BadRequestError("A subject can be at most 200 characters.");
  const preview = String(body.preview || "").replace(/[\x00-\x1f\x7f]+/g, " ").trim();
  if (preview.length > 200) throw new BadRequestError("The preview line can be at most 200 characters.");
  const text = String(body.body || "");
  if (letter.byteLength(text) > letter.LIMIT_BYTES) throw new BadRequestError("This letter is over 200 KB: mail apps cut long letters short. Please shorten the text.");
  const lists = chosenLists(body.lists);
  if (!lists.length) throw new BadRequestError("Please choose at least one list to send to.");
  const pieces = (Array.isArray(body.pieces) ? body.pieces : []).slice(0, 12).map((p) => ({ kind: String((p && p.kind) || ""), id: String((p && p.id) || "") }));
  if (Array.isArray(body.pieces) && body.pieces.length > 12) throw new BadRequestError("A letter can show at most 12 pieces.");
  const draft = { subject, preview, body: text, lists, pieces };
  return Object.assign(draft, render(app, draft));
}

/** Renders a draft whole, as it will leave, and refuses one over the size mail apps show. */
function render(app, draft) {
  const out = letter.renderLetter(draft, letter.readPieces(app, draft.pieces), settingsRecord(app).getString("postal_address"));
  const size = letter.byteLength(out.html);
  if (size > letter.LIMIT_BYTES) {
    throw new BadRequestError(`This letter is ${Math.ceil(size / 1024)} KB with its pieces: letters over 200 KB are cut short by mail apps. Shorten the text or pick fewer pieces.`);
  }
  return out;
}

/** Creates (no id) or changes a draft. Returns the campaign and whether script or tags were removed. */
function saveDraft(app, id, body) {
  const draft = checkDraft(app, body || {});
  const c = id ? app.findRecordById("campaigns", id) : new Record(app.findCollectionByNameOrId("campaigns"));
  if (id && c.getString("state") !== "draft") throw new BadRequestError("This campaign has started: it can no longer be changed.");
  c.set("subject", draft.subject);
  c.set("preview", draft.preview);
  c.set("body", draft.body);
  c.set("lists", draft.lists);
  c.set("pieces", draft.pieces);
  c.set("state", "draft");
  c.set("html", draft.html);
  c.set("text", draft.text);
  c.set("links", draft.links);
  app.save(c);
  return { campaign: describe(app, c), removed: draft.removed, preview_url: previewUrl(app, c.id) };
}

function draftOf(c) {
  return { subject: c.getString("subject"), preview: c.getString("preview"), body: c.getString("body"), lists: readJson(c, "lists", []), pieces: readJson(c, "pieces", []) };
}

function confirmedOn(app, lists) {
  const rows = arrayOf(new DynamicModel({ n: 0 }));
  app
    .db()
    .newQuery("SELECT COUNT(*) AS n FROM newsletter_subscribers s WHERE s.state = 'confirmed' AND EXISTS (SELECT 1 FROM json_each(s.lists) m WHERE m.value IN (SELECT value FROM json_each({:lists})))")
    .bind({ lists: JSON.stringify(lists) })
    .all(rows);
  return rows.length ? rows[0].n : 0;
}

/** Sends now (no `at`) or at a time: the server's sender starts it when it is due. */
function schedule(app, id, at) {
  let when = new Date();
  if (at) {
    when = new Date(String(at));
    if (isNaN(when.getTime())) throw new BadRequestError("Please pick a date and time to send.");
    if (when.getTime() > Date.now() + 365 * 86400000) throw new BadRequestError("Please pick a time within a year.");
  }
  let result = null;
  app.runInTransaction((tx) => {
    const c = tx.findRecordById("campaigns", id);
    if (c.getString("state") !== "draft") throw new BadRequestError("This campaign was sent or scheduled already.");
    if (!settingsRecord(tx).getString("postal_address").trim()) {
      throw new BadRequestError("Add the studio's postal address in the letter settings first: the law asks for it in every letter.");
    }
    const draft = draftOf(c);
    if (!confirmedOn(tx, draft.lists)) throw new BadRequestError("Nobody on these lists has confirmed yet: nothing was sent.");
    const out = render(tx, draft); // the postal address and pieces as they are now
    c.set("html", out.html);
    c.set("text", out.text);
    c.set("links", out.links);
    c.set("state", "scheduled");
    c.set("send_at", (when.getTime() < Date.now() ? new Date() : when).toISOString().replace("T", " "));
    tx.save(c);
    result = describe(tx, c);
  });
  return result;
}

function pause(app, id) {
  return move(app, id, ["sending", "scheduled"], "paused", "Only a campaign that is sending can be paused.");
}

function resume(app, id) {
  const c = app.findRecordById("campaigns", id);
  // A campaign paused before it started goes back to waiting for its time.
  const to = c.getDateTime("started_at").isZero() ? "scheduled" : "sending";
  return move(app, id, ["paused"], to, "Only a paused campaign can be resumed.");
}

function move(app, id, from, to, refusal) {
  let result = null;
  app.runInTransaction((tx) => {
    const c = tx.findRecordById("campaigns", id);
    if (from.indexOf(c.getString("state")) < 0) throw new BadRequestError(refusal);
    c.set("state", to);
    tx.save(c);
    result = describe(tx, c);
  });
  return result;
}

function removeDraft(app, id) {
  const c = app.findRecordById("campaigns", id);
  if (c.getString("state") !== "draft") throw new BadRequestError("Only a draft can be deleted.");
  app.delete(c);
}

/** The letter to the studio's own addresses, marked as a test, with its links going nowhere. */
function sendTest(app, id) {
  const c = app.findRecordById("campaigns", id);
  const out = render(app, draftOf(c));
  const mail = require(`${__hooks}/lib/base/mail.js`);
  if (!app.settings().smtp.enabled) throw new BadRequestError("Mail is not set up on this server, so no test can be sent.");
  const to = mail.studioRecipients(app);
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  // A test's links lead where the letter's will (uncounted); its own unsubscribe leads to the shop.
  const fill = (s) => fillIn(s, { letters_url: siteUrl() + "/", unsubscribe_url: siteUrl() + "/", campaign_id: c.id, member_token: "test" });
  mail.queueWritten(app, { to, subject: "[Test] " + c.getString("subject"), html: fill(out.html), text: fill(out.text) });
  return { sent_to: to };
}

/** The letter with its per-recipient places filled, as the server's sender fills them for a member. */
function fillIn(html, values) {
  return Object.keys(values).reduce((out, key) => out.split("{{" + key + "}}").join(values[key]), html);
}

/** Where a click on the n-th link of a campaign leads, counted once per member who was sent it. */
function click(app, campaignId, n, token) {
  let campaign;
  try {
    campaign = app.findRecordById("campaigns", campaignId);
  } catch (_) {
    return null;
  }
  const links = readJson(campaign, "links", []);
  const to = links[Number(n)];
  if (!/^\d{1,4}$/.test(String(n)) || typeof to !== "string") return null;
  const member = require(`${__hooks}/lib/letters/newsletter-tokens.js`).memberOf(app, token);
  if (member && app.findRecordsByFilter("campaign_sends", "campaign = {:c} && subscriber = {:m}", "", 1, 0, { c: campaignId, m: member }).length) {
    app
      .db()
      .newQuery("INSERT OR IGNORE INTO campaign_clicks (campaign, subscriber, link, created) VALUES ({:c}, {:m}, {:n}, {:now})")
      .bind({ c: campaignId, m: member, n: Number(n), now: new Date().toISOString().replace("T", " ") })
      .execute();
  }
  return markedAsLetter(to, campaignId);
}

/**
 * A link to the shop itself says which letter it came from (utm_source=letter, the campaign's id),
 * so the studio's reports count the visit for it; a link elsewhere is left as the studio wrote it.
 */
function markedAsLetter(to, campaignId) {
  const site = require(`${__hooks}/lib/base/config.js`).siteUrl();
  const ours = to.indexOf(site + "/") === 0 || to === site || (to.charAt(0) === "/" && to.charAt(1) !== "/");
  if (!ours || /[?&]utm_source=/.test(to)) return to;
  const hash = to.indexOf("#");
  const [path, fragment] = hash < 0 ? [to, ""] : [to.slice(0, hash), to.slice(hash)];
  return path + (path.indexOf("?") < 0 ? "?" : "&") + "utm_source=letter&utm_medium=email&utm_campaign=" + campaignId + fragment;
}

/** A signed address of the letter as it will look, for the studio app's phone-width preview (10 minutes). */
function previewUrl(app, id) {
  const until = Math.floor(Date.now() / 1000) + 600;
  const key = settingsRecord(app).getString("signing_key");
  return `/letters/preview/${id}.${until}.${$security.hs256("preview:" + id + ":" + until, key).slice(0, 32)}`;
}

/** The letter a preview address names, or null when the address is forged or old. */
function previewHtml(app, token) {
  const m = /^([a-z0-9]{15})\.(\d{10})\.([0-9a-f]{32})$/.exec(String(token || ""));
  if (!m || Number(m[2]) < Date.now() / 1000) return null;
  const key = settingsRecord(app).getString("signing_key");
  if (!$security.equal($security.hs256("preview:" + m[1] + ":" + m[2], key).slice(0, 32), m[3])) return null;
  try {
    return fillIn(app.findRecordById("campaigns", m[1]).getString("html"), { letters_url: "#", unsubscribe_url: "#", campaign_id: m[1], member_token: "preview" });
  } catch (_) {
    return null;
  }
}

/** This module, for the studio only: anyone else is refused. */
function forStudio(e) {
  require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
  return module.exports;
}

module.exports = { forStudio, click, overview, saveSettings, saveDraft, schedule, pause, resume, removeDraft, sendTest, previewUrl, previewHtml, describe };
