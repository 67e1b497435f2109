// The pages a reminder letter's unsubscribe address opens: a GET shows a button, a POST stops
// (mail scanners fetch every link; a fetch must never change anything).

const { page, esc, button, send } = require(`${__hooks}/lib/letters/newsletter-pages.js`);

function unsubscribeAsk(letter) {
  return page("No more cart reminders?", `<p>Cart reminders go to <b>${esc(letter.getString("email"))}</b> only when you tick the box in our cart.</p>` + button("Stop cart reminders"));
}

function unsubscribed(letter) {
  return page(
    "No more cart reminders",
    `<p>No cart reminder will go to <b>${esc(letter.getString("email"))}</b> again, unless you tick the box in a cart another day. Receipts and letters about your orders still come.</p><p><a href="/">Back to the shop</a></p>`,
  );
}

function linkGone() {
  return page("This link does not work", "<p>This address is not one we sent, or it was damaged on the way. Nothing was changed. Use the link in your latest letter from us.</p><p><a href=\"/\">Back to the shop</a></p>");
}

module.exports = { send, unsubscribeAsk, unsubscribed, linkGone };
