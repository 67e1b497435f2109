// The pages letters link to: confirm, unsubscribe and "your letters". They are plain HTML forms
// made on the server, so they work in any mail app's browser with no script, and a GET only ever
// shows a button: mail scanners fetch every link, and a fetch must never change anyone's letters.

const { LISTS, listName } = require(`${__hooks}/lib/letters/newsletter-lists.js`);

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function page(title, body) {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex"><meta name="color-scheme" content="light dark">' +
    `<title>${esc(title)} · Lanternwood Studio</title><link rel="stylesheet" href="/letters.css"></head>` +
    `<body><main><p class="studio"><a href="/">Lanternwood Studio</a></p><h1>${esc(title)}</h1>${body}</main></body></html>`
  );
}

function listsOf(member) {
  return require(`${__hooks}/lib/base/records.js`).readJson(member, "lists", []).map(listName).join(", ");
}

function button(label, extra) {
  return `<form method="post">${extra || ""}<button type="submit">${esc(label)}</button></form>`;
}

function confirmAsk(member) {
  return page(
    "Confirm your letters",
    `<p>Press the button to start letters to <b>${esc(member.email())}</b> on: ${esc(listsOf(member))}.</p>` + button("Confirm my letters"),
  );
}

function confirmed(member, memberToken) {
  return page(
    "You are on the list",
    `<p>Thank you. Letters to <b>${esc(member.email())}</b> on ${esc(listsOf(member))} start with the next one.</p>` +
      `<p><a href="/letters/manage/${esc(memberToken)}">Choose your letters</a> · <a href="/">Back to the shop</a></p>`,
  );
}

function linkGone(kind) {
  const why =
    kind === "confirm"
      ? "A confirmation link works once, for 7 days. If you still want our letters, sign up again on the shop: a new letter will come."
      : "This address is not one we sent, or it was damaged on the way. Nothing was changed. Use the link in your latest letter from us.";
  return page("This link does not work", `<p>${esc(why)}</p><p><a href="/">Back to the shop</a></p>`);
}

function unsubscribeAsk(member, memberToken) {
  const on = member.getString("state") === "confirmed" || member.getString("state") === "pending";
  return page(
    "Stop letters from Lanternwood Studio?",
    (on
      ? `<p><b>${esc(member.email())}</b> gets letters on: ${esc(listsOf(member))}.</p>` + button("Unsubscribe from all letters")
      : `<p><b>${esc(member.email())}</b> gets no letters from us.</p>`) +
      `<p><a href="/letters/manage/${esc(memberToken)}">Choose which letters instead</a></p>`,
  );
}

function unsubscribed(member, memberToken) {
  return page(
    "You are unsubscribed",
    `<p>No more letters will go to <b>${esc(member.email())}</b>. Receipts and letters about your orders and commissions still come.</p>` +
      `<p><a href="/letters/manage/${esc(memberToken)}">Changed your mind? Choose your letters</a></p>`,
  );
}

const SAID = {
  saved: "Saved: your letters are as ticked below.",
  confirm: "Nearly there: we sent a letter to confirm. Your letters start once you press its button.",
  suppressed: "Your mail server refused our letters, so we stopped sending. Write to the studio to start again.",
};

function manage(member, memberToken, outcome) {
  const state = member.getString("state");
  const chosen = require(`${__hooks}/lib/base/records.js`).readJson(member, "lists", []);
  const on = state === "confirmed";
  const boxes = LISTS.map(
    (l) =>
      `<label class="list"><input type="checkbox" name="lists" value="${l.id}"${on && chosen.indexOf(l.id) >= 0 ? " checked" : ""}>` +
      `<span><b>${esc(l.name)}</b><br>${esc(l.about)}</span></label>`,
  ).join("");
  const status = outcome ? `<p class="said" role="status">${esc(SAID[outcome])}</p>` : "";
  const where = on
    ? `Letters to <b>${esc(member.email())}</b>.`
    : state === "pending"
      ? `<b>${esc(member.email())}</b> is waiting for its confirmation letter to be pressed.`
      : `<b>${esc(member.email())}</b> gets no letters from us now. Tick lists to start again: we will send a letter to confirm.`;
  return page(
    "Your letters",
    status +
      `<form method="post"><fieldset><legend>${where}</legend>${boxes}</fieldset><button type="submit">Save my letters</button></form>` +
      (on || state === "pending" ? `<form method="post" action="/letters/unsubscribe/${esc(memberToken)}"><button type="submit" class="quiet">Stop all letters</button></form>` : ""),
  );
}

/** Answers with a page. A token in the address must not leak to other sites, nor any answer be cached. */
function send(e, status, html) {
  e.response.header().set("Cache-Control", "no-store");
  e.response.header().set("Referrer-Policy", "no-referrer");
  return e.html(status, html);
}

module.exports = { page, esc, button, send, confirmAsk, confirmed, linkGone, unsubscribeAsk, unsubscribed, manage };
