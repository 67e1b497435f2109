// Numbered editions as the shop sells them: a painting's print in N numbers, priced and held at
// checkout like counted stock, with what is left read from the edition (its ledger and the numbers
// given are orders/edition-ledger.js).
function find(app, id) {
  try {
    return app.findRecordById("editions", String(id || ""));
  } catch (_) {
    return null;
  }
}

function paintingOf(app, edition) {
  try {
    return app.findRecordById("paintings", edition.getString("painting"));
  } catch (_) {
    return null;
  }
}

function titleOf(painting) {
  return (painting ? painting.getString("title") : "A print") + " (Limited edition print)";
}

/** "only 1 number … is left", "only 3 numbers … are left". */
function onlyLeft(left, what) {
  return "only " + left + (left === 1 ? " number of " + what + " is left." : " numbers of " + what + " are left.");
}

/** The numbers not yet given: a refunded number counts as given. */
function leftOf(edition) {
  return Math.max(0, edition.getInt("size") - edition.getInt("issued"));
}

/** A cart line of an edition, priced (pricing.js priceLine): `base` carries its quantity. */
function priceLine(app, line, label, base) {
  const edition = find(app, line.id);
  const painting = edition && paintingOf(app, edition);
  if (!edition || !painting) throw new BadRequestError(label + ": this edition is no longer in the shop.");
  const title = titleOf(painting);
  const left = leftOf(edition);
  if (left === 0) throw new BadRequestError(label + ': every number of "' + title + '" is sold.');
  if (base.quantity > left) throw new BadRequestError(label + ": " + onlyLeft(left, '"' + title + '"'));
  return Object.assign(base, {
    item_id: edition.id,
    title,
    unit_amount: Math.round(edition.getFloat("price") * 100),
    image: painting.getString("image"),
    collection: "paintings",
    painting_id: painting.id,
  });
}

/**
 * What a checkout may still take of an edition or a tracked item (pricing.js holds): null when
 * it is not counted, else { count, short(left, held) } where short words a refusal.
 */
function stockOf(app, line) {
  if (line.item_type !== "edition") return null;
  const edition = find(app, line.item_id);
  const count = edition ? leftOf(edition) : 0;
  return {
    title: line.title,
    count,
    short: (left, held) =>
      held > 0 && left < line.quantity
        ? 'the last numbers of "' + line.title + '" are held by other checkouts right now. A number comes free again if its checkout is not paid within 35 minutes.'
        : left === 0
          ? 'every number of "' + line.title + '" is sold.'
          : onlyLeft(left, '"' + line.title + '"'),
  };
}

/** Why a paid line of an edition cannot be given its numbers ("" when it can): they ran out. */
function shortfall(tx, line) {
  const edition = find(tx, line.item_id);
  if (!edition) return "The edition was deleted from the shop before this payment arrived.";
  const left = leftOf(edition);
  return left < line.quantity ? "Only " + left + (left === 1 ? " number of the edition was" : " numbers of the edition were") + " left when this payment arrived." : "";
}

module.exports = { find, paintingOf, priceLine, stockOf, shortfall };
