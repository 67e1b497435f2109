// The day's tallies every report reads: one row per (metric, day, dim) holding a count and cents,
// added to in the transaction of what they count (a visit, a payment, a refund), so a report sums a
// few hundred rows per month of its range instead of every order and visit. An upsert is one
// statement: parallel payments add, never overwrite.

/** Adds n and cents to one tally. */
function add(app, metric, day, dim, n, cents) {
  if (!n && !cents) return;
  app
    .db()
    .newQuery(
      "INSERT INTO report_days (metric, day, dim, n, cents) VALUES ({:metric}, {:day}, {:dim}, {:n}, {:cents})" +
        " ON CONFLICT (metric, day, dim) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents",
    )
    .bind({ metric, day, dim: String(dim || ""), n: n || 0, cents: cents || 0 })
    .execute();
}

const dayOf = (iso) => String(iso || new Date().toISOString()).replace(" ", "T").slice(0, 10);

/** The money kind of an order line, as the report of money by month names it. */
function kindOf(line) {
  if (line.item_type === "painting") return line.variant === "original" ? "originals" : "prints";
  if (line.item_type === "edition") return "prints";
  if (line.item_type === "book") return "books";
  if (line.item_type === "mural") return "murals";
  if (line.item_type === "digital") return "digital";
  return "merchandise";
}

/** The piece a line sold, as its page is counted: a numbered edition is a print of its painting. */
function pieceOf(line) {
  if (line.item_type === "edition") return line.painting_id ? "paintings:" + line.painting_id : "editions:" + line.item_id;
  const collection = line.collection || { painting: "paintings", book: "books", merchandise: "merchandise", mural: "murals" }[line.item_type] || line.item_type;
  return collection + ":" + line.item_id;
}

/**
 * Each line's revenue in cents: what was paid for it after its discount, without the tax the prices
 * held (spread over the lines by their share, the last line taking the rounding), so the lines sum
 * to the order's goods − discount − included tax: the tax report's figures, without tax or shipping.
 */
function lineRevenues(session) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const a = require(`${__hooks}/lib/orders/order-amounts.js`).amountsOf(session);
  const lines = readJson(session, "line_items", []) || [];
  const paid = lines.map((l) => (Number(l.unit_amount) || 0) * (Number(l.quantity) || 0) - (Number(l.discount_cents) || 0));
  // An order-wide discount not kept per line is spread as the included tax is.
  const perLine = lines.reduce((n, l) => n + (Number(l.discount_cents) || 0), 0);
  const spread = a.tax_included + Math.max(0, a.discount - perLine);
  const base = paid.reduce((s, c) => s + c, 0);
  let left = spread;
  return lines.map((l, i) => {
    const share = i === lines.length - 1 ? left : base > 0 ? Math.round((spread * paid[i]) / base) : 0;
    left -= share;
    return { line: l, cents: paid[i] - share };
  });
}

/** The visit an order was started in, or null. */
function visitOf(app, session) {
  const id = session.getString("visit");
  if (!id) return null;
  try {
    return app.findRecordById("visits", id);
  } catch (_) {
    return null;
  }
}

/** What an order's revenue is counted for beside its lines: where its visit came from and what it saw. */
function attributions(app, session) {
  const visit = visitOf(app, session);
  if (!visit) return [["source_paid", "direct"]];
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const seen = readJson(visit, "seen", {}) || {};
  const out = [["source_paid", visit.getString("source") || "direct"]];
  if (visit.getString("campaign")) out.push(["campaign_paid", visit.getString("campaign")]);
  if (visit.getString("code")) out.push(["code_paid", visit.getString("code")]);
  for (const w of seen.worlds || []) out.push(["world_paid", w]);
  for (const c of seen.characters || []) out.push(["character_paid", c]);
  return out;
}

/**
 * A shop order was paid: its lines by kind and piece, the funnel's last stage and its sources. An
 * order paid before visits were counted (`earlier`) has only its money and pieces.
 */
function orderPaid(app, session, earlier) {
  const day = dayOf(session.getString("fulfilled_at"));
  let total = 0;
  for (const { line, cents } of lineRevenues(session)) {
    add(app, "money", day, kindOf(line), 0, cents);
    add(app, "piece_paid", day, pieceOf(line), Number(line.quantity) || 0, cents);
    total += cents;
  }
  if (earlier) return;
  add(app, "funnel", day, "paid", 1, total);
  for (const [metric, dim] of attributions(app, session)) add(app, metric, day, dim, 1, total);
}

/** A commission payment arrived: a deposit, or a balance (an addition to the price counts as balance). */
function commissionPaid(app, payment) {
  const dim = payment.getString("kind") === "deposit" ? "commission_deposits" : "commission_balances";
  add(app, "money", dayOf(payment.getString("paid_at")), dim, 1, payment.getInt("amount_cents"));
}

/** Part of a commission payment went back: a negative on the day it was made (today unless said). */
function commissionRefunded(app, cents, day) {
  add(app, "money", day || dayOf(""), "refunds", 0, -cents);
}

/**
 * Once, before the first report: the money of orders and commission payments made before the
 * hooks counted them (the migration noted when that began), each on its day, so money by month and
 * the pieces start with the shop's history. Visits were not counted then: those orders have no
 * source, story or funnel.
 */
function countEarlierMoney(app) {
  const marker = (tx, metric) => tx.findRecordsByFilter("report_days", "metric = {:m}", "", 1, 0, { m: metric })[0];
  if (marker(app, "earlier_money")) return;
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const stamp = (v) => String(v || "").replace(" ", "T");
  app.runInTransaction((tx) => {
    if (marker(tx, "earlier_money")) return;
    const since = marker(tx, "counting_since");
    const before = (v) => !!v && (!since || stamp(v) < since.getString("dim"));
    for (const s of tx.findRecordsByFilter("checkout_sessions", "fulfilled_at != ''", "", 0, 0)) if (before(s.getString("fulfilled_at"))) orderPaid(tx, s, true);
    for (const p of tx.findRecordsByFilter("purchases", "status = 'refunded'", "", 0, 0)) {
      if (before(((readJson(p, "metadata", {}) || {}).refund || {}).at || p.getString("updated"))) require(`${__hooks}/lib/reports/refund-tallies.js`).lineRefunded(tx, p, true);
    }
    for (const p of tx.findRecordsByFilter("commission_payments", "paid_at != ''", "", 0, 0)) {
      if (before(p.getString("paid_at"))) commissionPaid(tx, p);
      for (const r of readJson(p, "refunds", []) || []) if (before(r.at)) commissionRefunded(tx, Number(r.amount_cents) || 0, dayOf(r.at));
    }
    add(tx, "earlier_money", dayOf(""), "", 1, 0);
  });
}

module.exports = { add, dayOf, lineRevenues, pieceOf, attributions, orderPaid, commissionPaid, commissionRefunded, countEarlierMoney };
