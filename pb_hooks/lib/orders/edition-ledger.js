// The ledger of numbered editions: a number is given at payment, in order, in the transaction that
// records the sale, as a row whose digest covers the row before it (the host makes and checks the
// digest: $editions, pocketbase/internal/editions). A refund adds a row that marks its number; a
// number is never given twice, refunded or not.
const { find, paintingOf } = require(`${__hooks}/lib/pricing/editions.js`);

const SOLD = "sold";
const REFUNDED = "refunded";

function lastRow(app, editionId) {
  const rows = app.findRecordsByFilter("edition_ledger", "edition = {:e}", "-seq", 1, 0, { e: editionId });
  return rows.length ? rows[0] : null;
}

function highestSold(app, editionId) {
  const rows = app.findRecordsByFilter("edition_ledger", "edition = {:e} && event = 'sold'", "-number", 1, 0, { e: editionId });
  return rows.length ? rows[0].getInt("number") : 0;
}

/** Adds one row to an edition's ledger, chained to the last, and keeps the edition's counts. */
function append(tx, edition, number, event, purchaseId) {
  const last = lastRow(tx, edition.id);
  const prev = last ? last.getString("digest") : "";
  const seq = last ? last.getInt("seq") + 1 : 1;
  const at = new Date().toISOString();
  const row = new Record(tx.findCollectionByNameOrId("edition_ledger"));
  row.set("edition", edition.id);
  row.set("seq", seq);
  row.set("number", number);
  row.set("event", event);
  row.set("at", at);
  row.set("purchase", purchaseId);
  row.set("prev", prev);
  row.set("digest", $editions.digest(prev, edition.id, seq, number, event, at));
  tx.save(row);
}

/**
 * Gives a paid line its numbers, the next ones in order, inside fulfilment's transaction (which
 * SQLite runs one at a time, so two payments never read the same highest number).
 */
function issue(tx, line, purchase) {
  const edition = tx.findRecordById("editions", line.item_id);
  const from = highestSold(tx, edition.id) + 1;
  for (let n = from; n < from + line.quantity; n++) append(tx, edition, n, SOLD, purchase.id);
  tx.save(edition);
}

/** A refunded purchase marks its numbers refunded; they are never sold again. */
function markRefunded(tx, purchase) {
  if (purchase.getString("product_type") !== "edition") return;
  const sold = tx.findRecordsByFilter("edition_ledger", "purchase = {:p} && event = 'sold'", "number", 0, 0, { p: purchase.id });
  for (const row of sold) {
    const marked = tx.findRecordsByFilter("edition_ledger", "edition = {:e} && number = {:n} && event = 'refunded'", "", 1, 0, { e: row.getString("edition"), n: row.getInt("number") });
    if (marked.length) continue;
    append(tx, tx.findRecordById("editions", row.getString("edition")), row.getInt("number"), REFUNDED, purchase.id);
  }
  if (sold.length) tx.save(tx.findRecordById("editions", sold[0].getString("edition")));
}

/**
 * Every save of an edition takes its counts from the ledger, whatever was sent: what is issued and
 * the ledger's last digest (the verify page checks the chain ends there). An edition cannot shrink
 * below the numbers it has given, nor become a print of another painting once it has given one.
 */
function keepCounts(app, edition) {
  const issued = edition.isNew() ? 0 : highestSold(app, edition.id);
  const last = edition.isNew() ? null : lastRow(app, edition.id);
  if (edition.getInt("size") < issued) {
    throw new BadRequestError("This edition has given " + issued + " numbers already: its size can be " + issued + " or more, not " + edition.getInt("size") + ".");
  }
  if (issued && edition.getString("painting") !== edition.original().getString("painting")) {
    throw new BadRequestError("This edition has given numbers already: it stays a print of the same painting.");
  }
  edition.set("issued", issued);
  edition.set("ledger_head", last ? last.getString("digest") : "");
}

function refuseDelete(app, edition) {
  if (lastRow(app, edition.id)) throw new BadRequestError("This edition has given numbers: its ledger is kept, so it cannot be deleted.");
}

/** An order's numbers, by purchase id: [{ edition, number, size, refunded }]. */
function numbersOfOrder(app, purchases) {
  const out = {};
  for (const p of purchases) {
    if (p.getString("product_type") !== "edition") continue;
    const rows = app.findRecordsByFilter("edition_ledger", "purchase = {:p}", "seq", 0, 0, { p: p.id });
    const edition = find(app, p.getString("product_id"));
    const size = edition ? edition.getInt("size") : 0;
    const refunded = {};
    rows.filter((r) => r.getString("event") === REFUNDED).forEach((r) => (refunded[r.getInt("number")] = true));
    out[p.id] = rows
      .filter((r) => r.getString("event") === SOLD)
      .map((r) => ({ edition: r.getString("edition"), number: r.getInt("number"), size, refunded: !!refunded[r.getInt("number")] }));
  }
  return out;
}

/** The certificate of one number of an order's, as a PDF, or the order page's one 404. */
function certificateOfOrder(app, session, editionId, n) {
  const number = Number(n);
  const purchases = app.findRecordsByFilter("purchases", "payment_id = {:id}", "", 0, 0, { id: session.getString("provider_session_id") });
  const ids = purchases.map((p) => p.id);
  const rows = app.findRecordsByFilter("edition_ledger", "edition = {:e} && number = {:n} && event = 'sold'", "", 1, 0, { e: String(editionId || ""), n: Number.isInteger(number) ? number : -1 });
  if (!rows.length || ids.indexOf(rows[0].getString("purchase")) < 0) throw new NotFoundError("This order has no such certificate.");
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  const pdf = $editions.certificate(app, rows[0].getString("edition"), number, siteUrl(), app.settings().meta.appName);
  const edition = find(app, rows[0].getString("edition"));
  const painting = edition && paintingOf(app, edition);
  const words = String(painting ? painting.getString("title") : "edition").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return { pdf, name: "certificate-" + words + "-" + number + "-of-" + edition.getInt("size") + ".pdf" };
}

module.exports = { issue, markRefunded, keepCounts, refuseDelete, numbersOfOrder, certificateOfOrder };
