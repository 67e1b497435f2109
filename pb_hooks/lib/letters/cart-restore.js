// The reminder letter's link, /cart/restore/<token>: one purpose (this cart, back in a browser),
// 43 random characters kept only as a digest. It rebuilds the cart from what can be bought today,
// at today's prices, with its code while the code is still good. A link nobody sent is 404; one
// whose cart was bought, emptied or sold out, or older than 30 days, is spent (410). Reading it
// changes nothing: mail scanners fetch every link.

const { letterBy, settings } = require(`${__hooks}/lib/letters/cart-reminders.js`);

const LINK_DAYS = 30;

/** { status: 200, email, items, lines, code } or { status: 404 | 410, title, why }. */
function restore(app, token) {
  const letter = letterBy(app, "restore_digest", token);
  if (!letter) {
    return { status: 404, title: "This link does not work", why: "This address is not one we sent, or it was damaged on the way. Nothing was changed, and your cart is as you left it." };
  }
  const spent = (why) => ({ status: 410, title: "This cart link is spent", why });
  const sentAt = new Date(letter.getString("created").replace(" ", "T")).getTime();
  if (Date.now() - sentAt > LINK_DAYS * 24 * 3600 * 1000) return spent(`A cart link works for ${LINK_DAYS} days. Your cart in this browser is as you left it.`);
  const reminder = app.findRecordById("cart_reminders", letter.getString("reminder"));
  const cartId = reminder.getString("cart_session_id");
  const cart = app.findRecordsByFilter("abandoned_carts", "session_id = {:id}", "", 1, 0, { id: cartId })[0];
  const { paidSince } = require(`${__hooks}/lib/letters/cart-reminder-sweep.js`);
  if (reminder.getString("stop_reason") === "paid" || (cart && cart.getBool("is_converted")) || paidSince(app, reminder.getString("email"), cartId, reminder.getString("touched_at"))) {
    return spent("This cart has been bought already. Thank you! Your order's letter has its own link.");
  }
  if (!cart) return spent("This cart was emptied, so there is nothing to bring back.");
  const lines = require(`${__hooks}/lib/letters/cart-reminder-letter.js`).liveLines(app, require(`${__hooks}/lib/base/records.js`).readJson(cart, "cart_items", []), settings(app).sold_original);
  if (!lines.length) return spent("Nothing in this cart can be bought any more: each piece has found a home or is out of stock.");
  return { status: 200, email: reminder.getString("email"), items: lines.map((l) => l.item), lines, code: stillValid(app, lines, reminder.getString("code")) };
}

/** The cart's code, when checkout would still take it for these lines; "" otherwise. */
function stillValid(app, lines, code) {
  if (!code) return "";
  try {
    const priced = require(`${__hooks}/lib/pricing/pricing.js`).priceOrder(app, { items: lines.map((l) => l.item), holder: "", trusted: false, cartSessionId: "", code });
    return priced.discount_code || "";
  } catch (_) {
    return "";
  }
}

/** The page the link opens: what comes back, at today's prices, and the button that puts it in this browser's cart. */
function page(found, token) {
  const { page: frame, esc } = require(`${__hooks}/lib/letters/newsletter-pages.js`);
  const { dollars } = require(`${__hooks}/lib/money/money.js`);
  if (found.status !== 200) return frame(found.title, `<p>${esc(found.why)}</p><p><a href="/gallery">Visit the gallery</a></p>`);
  const rows = found.lines
    .map((l) => `<li><b>${esc(l.title)}</b>: ${l.quantity} × ${esc(dollars(l.unit_amount))}${l.note ? `<br>${esc(l.note)}` : ""}</li>`)
    .join("");
  return frame(
    "Your cart is waiting",
    `<p>What can be bought today, at today's prices:</p><ul>${rows}</ul>` +
      (found.code ? `<p>Your code <b>${esc(found.code)}</b> still works.</p>` : "") +
      `<p>Shipping is worked out in the cart for where it goes.</p>` +
      `<p><a class="button" href="/?restore=${esc(token)}">Put these in my cart</a></p>`,
  );
}

module.exports = { restore, page };
