// Notification mail: letters in the studio's voice, queued in mail_outbox inside the caller's
// transaction. The server's mail worker (pocketbase/internal/mail) sends them once committed and
// retries while the mail server is away. With no SMTP configured nothing is queued, so turning
// mail on later does not release a flood of old news.

const MAX_ITEMS = 20;
// The outbox keeps 100,000 characters of each part of a letter; escaping can make one character
// of a request six of HTML. A batched letter that would pass this is left as it is and the news
// starts the next one: a padded item can cost its own excerpt, never another item its place.
const LETTER_MAX = 90000;
// batch_items holds 200,000 bytes of JSON, where one character can be six (\u003c) or three (UTF-8).
const BATCH_BYTES = 150000;
// Each item is an excerpt: the studio reads the rest where the letter's link leads.
const ITEM_WHO_MAX = 200;
const ITEM_TEXT_MAX = 2000;

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function excerpt(s, max) {
  const t = String(s || "").replace(/\s+/g, " ").trim();
  return t.length > max ? t.slice(0, max - 1) + "…" : t;
}

/** Seconds a batched letter waits for more news to join it (a burst becomes one letter). */
function batchSeconds() {
  const n = parseInt($os.getenv("STUDIO_MAIL_BATCH_SECONDS"), 10);
  return isNaN(n) || n < 0 ? 120 : n;
}

/** Where the studio's own notifications go: STUDIO_NOTIFY_EMAIL, else every admin, else the sender. */
function studioRecipients(app) {
  const configured = ($os.getenv("STUDIO_NOTIFY_EMAIL") || "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.indexOf("@") > 0);
  if (configured.length) return configured;
  const admins = app.findRecordsByFilter("users", "is_admin = true && verified = true", "created", 10, 0).map((u) => u.email());
  if (admins.length) return admins;
  const sender = app.settings().meta.senderAddress;
  return sender ? [sender] : [];
}

/**
 * letter: { heading, lines: [string | { label, text, href }], items: [{ who, text }], link, label }.
 * Plain strings only: everything is escaped here. A line with an href shows its text as a link.
 */
function render(letter) {
  let items = letter.items || [];
  for (let cut = ITEM_TEXT_MAX; ; cut = Math.floor(cut / 2)) {
    const out = renderAll(letter, items);
    if (fits(out) || cut < 100) return out;
    items = items.map((i) => ({ who: shorten(i.who, 200), text: shorten(i.text, cut) }));
  }
}

function fits(out) {
  return out.html.length <= LETTER_MAX && out.text.length <= LETTER_MAX;
}

/** What a JSON field costs once stored: Go escapes <, > and & as \u003c and writes UTF-8. */
function storedBytes(value) {
  return JSON.stringify(value)
    .replace(/[<>&\u2028\u2029]/g, "123456")
    .replace(/[\u0080-\u07ff]/g, "12")
    .replace(/[\u0800-\uffff]/g, "123").length;
}

function shorten(s, max) {
  const t = String(s || "");
  return t.length > max ? t.slice(0, max - 1) + "…" : t;
}

function renderAll(letter, items) {
  const html = [
    `<p>${escapeHtml(letter.heading)}</p>`,
    ...letter.lines.map((l) =>
      typeof l === "string" ? `<p>${escapeHtml(l)}</p>` : `<p>${escapeHtml(l.label)}: <a href="${escapeHtml(l.href)}" target="_blank" rel="noopener">${escapeHtml(l.text)}</a></p>`,
    ),
    ...items.map((i) => `<blockquote><b>${escapeHtml(i.who)}</b><br/>${escapeHtml(i.text).replace(/\n/g, "<br/>")}</blockquote>`),
    `<p><a class="btn" href="${escapeHtml(letter.link)}" target="_blank" rel="noopener">${escapeHtml(letter.label)}</a></p>`,
    `<p>Warmly,<br/>Lanternwood Studio</p>`,
  ].join("\n");
  const text = [
    letter.heading,
    "",
    ...letter.lines.map((l) => (typeof l === "string" ? l : `${l.label}: ${l.text} (${l.href})`) + "\n"),
    ...items.map((i) => `${i.who}:\n${i.text}\n`),
    `${letter.label}: ${letter.link}`,
    "",
    "Warmly,",
    "Lanternwood Studio",
  ].join("\n");
  return { html: `<div>${html}</div>`, text };
}

/**
 * Queues one letter per recipient. With batchKey, a letter to the same person under the same key
 * that has not left yet takes the new item instead of a second letter being queued; compose(items)
 * writes the letter for all items gathered so far.
 */
function queue(app, { to, subject, compose, item, batchKey, delaySeconds }) {
  if (!app.settings().smtp.enabled) return;
  // Read and update the waiting letter in one transaction (the caller's, when it has one):
  // transactions are serialised, so two news items arriving at once both land in the letter.
  app.runInTransaction((tx) => {
    for (const recipient of to) queueOne(tx, recipient, { subject, compose, item, batchKey, delaySeconds });
  });
}

function queueOne(app, recipient, { subject, compose, item, batchKey, delaySeconds }) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  let row = null;
  if (batchKey) {
    const waiting = app.findRecordsByFilter("mail_outbox", "batch_key = {:key} && recipient = {:to} && sent_at = '' && attempts = 0 && send_after > {:soon}", "-created", 1, 0, {
      key: batchKey,
      to: recipient,
      // A letter about to leave is not joined: the mail worker may be sending it already.
      soon: new Date(Date.now() + 2000).toISOString().replace("T", " "),
    });
    row = waiting.length ? waiting[0] : null;
  }
  const fresh = item ? [{ who: shorten(item.who, ITEM_WHO_MAX), text: shorten(item.text, ITEM_TEXT_MAX) }] : [];
  let items = fresh;
  let letter = null;
  if (row) {
    const joined = readJson(row, "batch_items", []).concat(fresh);
    const out = renderAll(compose(joined), joined);
    if (joined.length <= MAX_ITEMS && fits(out) && storedBytes(joined) <= BATCH_BYTES) {
      items = joined;
      letter = out;
    } else {
      // The waiting letter is full: it leaves as it is, and this news opens the next one.
      row = null;
    }
  }
  if (!row) {
    row = new Record(app.findCollectionByNameOrId("mail_outbox"));
    row.set("recipient", recipient);
    row.set("batch_key", batchKey || "");
    row.set("attempts", 0);
    row.set("send_after", new Date(Date.now() + (delaySeconds || 0) * 1000).toISOString().replace("T", " "));
  }
  if (!letter) letter = render(compose(items));
  // Names come from the public form: no line break may reach a mail header.
  row.set("subject", String(typeof subject === "function" ? subject(items) : subject).replace(/[\x00-\x1f\x7f]+/g, " ").slice(0, 300));
  row.set("batch_items", items);
  row.set("html", letter.html);
  row.set("text", letter.text);
  app.save(row);
}

/** Queues a letter written whole elsewhere (a campaign's test to the studio), one row per recipient. */
function queueWritten(app, { to, subject, html, text }) {
  if (!app.settings().smtp.enabled) return;
  app.runInTransaction((tx) => {
    for (const recipient of to) {
      const row = new Record(tx.findCollectionByNameOrId("mail_outbox"));
      row.set("recipient", recipient);
      row.set("batch_key", "");
      row.set("attempts", 0);
      row.set("send_after", new Date().toISOString().replace("T", " "));
      row.set("subject", String(subject).replace(/[\x00-\x1f\x7f]+/g, " ").slice(0, 300));
      row.set("html", html);
      row.set("text", text);
      tx.save(row);
    }
  });
}

/** Queues without ever failing the caller's write: a lost notification is logged, a lost order is not acceptable. */
function queueSafely(app, mail) {
  try {
    queue(app, mail);
  } catch (err) {
    const subject = typeof mail.subject === "function" ? "(batched)" : String(mail.subject);
    console.error("NOTIFICATION NOT QUEUED: " + subject + " to " + (mail.to || []).join(", ") + ": " + String(err));
    app.logger().error("notification not queued", "subject", subject, "error", String(err));
  }
}

module.exports = { queueSafely, queueWritten, studioRecipients, batchSeconds, excerpt };
