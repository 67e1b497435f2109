// Letters about a commission's money, queued in the caller's transaction (see lib/base/mail.js).

function send(tx, to, subject, heading, lines, link, label) {
  const mail = require(`${__hooks}/lib/base/mail.js`);
  if (!to || !to.length) return;
  mail.queueSafely(tx, { to, subject, compose: () => ({ heading, lines, items: [], link, label }) });
}

function context(tx, commission) {
  const { customerEmail } = require(`${__hooks}/lib/commissions/commission-ledger.js`);
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  const mail = require(`${__hooks}/lib/base/mail.js`);
  const title = (commission.getString("title") || "commission").replace(/-/g, " ");
  return {
    title,
    customer: [customerEmail(tx, commission)].filter((s) => s && s.indexOf("@") > 0),
    studio: mail.studioRecipients(tx),
    who: commission.getString("contact_name") || commission.getString("contact_email"),
    hello: "Hello" + (commission.getString("contact_name") ? " " + commission.getString("contact_name") : "") + ",",
    dashboard: siteUrl() + "/customer/dashboard",
    inbox: siteUrl() + "/admin/commissions",
  };
}

function quoteSent(tx, commission, quote) {
  const { money } = require(`${__hooks}/lib/commissions/commission-ledger.js`);
  const c = context(tx, commission);
  const change = quote.getString("kind") === "change";
  const lines = change
    ? [`The studio has added ${money(quote.getInt("total_cents"))} to your ${c.title} commission.`]
    : [`The studio has sent you a quote for your ${c.title} commission: ${money(quote.getInt("total_cents"))} in all.`];
  if (!change && quote.getInt("deposit_cents") > 0) lines.push(`The deposit to start the work is ${money(quote.getInt("deposit_cents"))}.`);
  if (quote.getString("included")) lines.push(`Included: ${quote.getString("included")}`);
  if (quote.getString("delivery_date")) lines.push(`Estimated delivery: ${quote.getString("delivery_date")}`);
  if (quote.getString("refund_terms")) lines.push(`Refunds: ${quote.getString("refund_terms")}`);
  send(tx, c.customer, change ? `An addition to your ${c.title} commission` : `Your quote for the ${c.title} commission`, c.hello, lines, c.dashboard, "See the quote");
}

function quoteDeclined(tx, commission, quote) {
  const { money } = require(`${__hooks}/lib/commissions/commission-ledger.js`);
  const c = context(tx, commission);
  const reason = quote.getString("decline_reason");
  send(tx, c.studio, `${c.who} declined the quote`, `${c.who} declined the quote of ${money(quote.getInt("total_cents"))} for their ${c.title} commission.`, reason ? [`Their reason: ${reason}`] : [], c.inbox, "Open the commission");
}

function paymentReceived(tx, commission, payment, finalsNowOpen) {
  const { money } = require(`${__hooks}/lib/commissions/commission-ledger.js`);
  const c = context(tx, commission);
  const what = { deposit: "deposit", balance: "balance", change: "payment" }[payment.getString("kind")];
  const amount = money(payment.getInt("amount_cents"));
  const state = `Paid so far: ${money(Math.round(commission.getFloat("amount_paid") * 100))} of ${money(Math.round(commission.getFloat("total_price") * 100))}.`;
  send(tx, c.customer, `Receipt: your ${what} of ${amount}`, c.hello, [`Thank you: we have received your ${what} of ${amount} for your ${c.title} commission.`, state], c.dashboard, "See your commission");
  send(tx, c.studio, `${c.who} paid the ${what}: ${amount}`, `${c.who} paid the ${what} of ${amount} for their ${c.title} commission.`, [state], c.inbox, "Open the commission");
  if (finalsNowOpen) {
    send(tx, c.customer, "Your files are ready", c.hello, [`Your ${c.title} commission is paid in full: the finished files are ready to download.`], c.dashboard, "Download your files");
  }
}

function paymentNotMatching(tx, commission, payment, why) {
  const c = context(tx, commission);
  send(tx, c.studio, `A commission payment needs your attention`, `A payment for ${c.who}'s ${c.title} commission did not match what was asked, so nothing was recorded against the commission.`, [why, `Payment: ${payment.getString("provider_session_id")}`], c.inbox, "Open the commission");
}

function refunded(tx, commission, payment, cents, demo) {
  const { money } = require(`${__hooks}/lib/commissions/commission-ledger.js`);
  const c = context(tx, commission);
  const line = demo ? "This payment was made on the demo page, so no money moved." : "It can take 5 to 10 days to show on your statement.";
  send(tx, c.customer, `Your refund of ${money(cents)}`, c.hello, [`The studio has refunded ${money(cents)} of your payment for your ${c.title} commission.`, line], c.dashboard, "See your commission");
}

function revisionRequested(tx, commission, n, k, note) {
  const c = context(tx, commission);
  const count = n <= k ? `revision ${n} of ${k}` : k > 0 ? `revision ${n}, past the ${k} included` : `revision ${n}; the quote includes none`;
  const lines = [`${c.who} asked for ${count} on a proof of their ${c.title} commission.`];
  if (note) lines.push(`Their note: ${note}`);
  if (n > k) lines.push("You can answer with a priced addition from the commission's Payments.");
  send(tx, c.studio, `${c.who} asked for a revision`, "A revision has been asked for.", lines, c.inbox, "Open the commission");
}

/** A request nobody at the studio has answered yet; reminders due together share a letter. */
function waitingForStudio(tx, commission, days) {
  const mail = require(`${__hooks}/lib/base/mail.js`);
  const c = context(tx, commission);
  const waited = days === 1 ? "1 day" : `${days} days`;
  mail.queueSafely(tx, {
    to: c.studio,
    subject: (items) => (items.length > 1 ? `${items.length} commission requests are waiting for your answer` : `A commission request is waiting for your answer: ${c.title} from ${c.who}`),
    item: { who: `${c.title} from ${c.who}, waiting ${waited}`, text: mail.excerpt(commission.getString("description"), 500) },
    batchKey: "commission-reminders",
    delaySeconds: mail.batchSeconds(),
    compose: (items) => ({
      heading: items.length > 1 ? `${items.length} commission requests have had no answer yet.` : "A commission request has had no answer yet.",
      lines: ["The customer sees how long they have been waiting. A message, a quote or a change of status answers them."],
      items,
      link: c.inbox,
      label: "Open the commissions",
    }),
  });
}

module.exports = { revisionRequested, waitingForStudio, quoteSent, quoteDeclined, paymentReceived, paymentNotMatching, refunded };
