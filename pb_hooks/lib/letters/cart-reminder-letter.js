// What a reminded cart holds today, checked line by line against the shop as it is now, and the
// letter that says so. A sold original is never offered: its print is, where there is one and the
// studio chose so, or the line is left out. Prices are today's, never the ones the cart once saw.

const { dollars } = require(`${__hooks}/lib/money/money.js`);
const { paper, footerHtml, esc } = require(`${__hooks}/lib/letters/campaign-letter.js`);

function priced(app, item, n) {
  const { priceLine } = require(`${__hooks}/lib/pricing/pricing.js`);
  try {
    const line = priceLine(app, item, n);
    return line.unit_amount > 0 ? line : null;
  } catch (_) {
    return null;
  }
}

/**
 * The lines of a saved cart (abandoned_carts.cart_items) that can be bought now, each with its
 * cart item as the browser keeps it (for the restore link), today's unit price in cents, its title
 * and picture, and a note when it stands in for a sold original. `soldOriginal`: "offer_print" | "leave_out".
 */
function liveLines(app, savedItems, soldOriginal) {
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  const out = [];
  (savedItems || []).forEach((saved, i) => {
    const item = { id: String(saved.id || ""), type: String(saved.type || ""), quantity: Math.max(1, Number(saved.quantity) || 1) };
    for (const k of ["variant", "size", "color"]) if (saved[k]) item[k] = String(saved[k]);
    let line = priced(app, item, i + 1);
    let note = "";
    if (!line && item.type === "painting" && item.variant === "original" && soldOriginal === "offer_print") {
      item.variant = "print";
      line = priced(app, item, i + 1);
      note = "The original has found a home; its print is still here.";
    }
    if (!line) return;
    const picture = line.image && line.collection ? `${siteUrl()}/api/files/${line.collection}/${line.item_id}/${encodeURIComponent(line.image)}?thumb=400x0` : "";
    out.push({
      item: Object.assign(item, { title: line.title, price: line.unit_amount / 100, image_url: String(saved.image_url || "") }),
      title: line.title,
      unit_amount: line.unit_amount,
      quantity: item.quantity,
      picture,
      note,
    });
  });
  return out;
}

/** The reminder letter: the cart's lines today, the link that brings it back, the unsubscribe link and the studio's address. */
function renderReminder({ lines, restoreUrl, unsubscribeUrl, postalAddress, n }) {
  const subject = n === 1 ? "You left something in your cart at Lanternwood Studio" : "Your cart at Lanternwood Studio is still here";
  const intro =
    n === 1
      ? "You asked us to remind you about your cart. Here it is, as it stands today: the prices and what is left are checked this minute."
      : "One last reminder of your cart, as you asked; we will not write about it again.";
  const footer = "You get this letter because you ticked “Remind me about this cart” in our shop. It is not a newsletter.";
  const row = (l) =>
    `<tr><td style="padding:10px 0;border-top:1px solid #e6dccb">` +
    (l.picture ? `<img src="${esc(l.picture)}" alt="" width="120" style="float:left;width:120px;height:auto;margin:0 12px 0 0;border-radius:4px">` : "") +
    `<p style="margin:0;font-size:17px"><b>${esc(l.title)}</b></p>` +
    `<p class="soft" style="margin:4px 0 0;color:#51606d">${l.quantity} × ${esc(dollars(l.unit_amount))}</p>` +
    (l.note ? `<p style="margin:4px 0 0">${esc(l.note)}</p>` : "") +
    `</td></tr>`;
  const html = paper(subject, intro, [
    `<tr><td><p style="margin:0 0 12px">${esc(intro)}</p></td></tr>`,
    ...lines.map(row),
    `<tr><td style="padding:18px 0"><a class="button" href="${esc(restoreUrl)}" style="display:inline-block;background:#8a4b2a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none"><b style="color:#fff">Open my cart</b></a></td></tr>`,
    `<tr><td class="soft" style="font-size:14px;color:#51606d"><p style="margin:0 0 12px">Shipping and any code are worked out again when you open it.</p></td></tr>`,
    footerHtml(footer, `<a href="${esc(unsubscribeUrl)}" style="color:#8a4b2a">No more cart reminders</a>`, postalAddress),
  ]);
  const text = [
    "LANTERNWOOD STUDIO",
    "",
    intro,
    "",
    ...lines.map((l) => [`${l.quantity} × ${l.title}: ${dollars(l.unit_amount)}`, l.note].filter(Boolean).join("\n")),
    "",
    `Open my cart: ${restoreUrl}`,
    "Shipping and any code are worked out again when you open it.",
    "",
    "--",
    footer,
    `No more cart reminders: ${unsubscribeUrl}`,
    "",
    postalAddress,
  ].join("\n");
  return { subject, html, text };
}

module.exports = { liveLines, renderReminder };
