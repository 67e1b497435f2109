// Refunds as the reports count them: on the day each is made, a negative taken off the lines it gave
// back, from the pieces, sources and stories their payment was counted for. A refund is counted once,
// by its id (Stripe's, which the shop's own refunds keep too), whichever of Stripe's news and the
// shop's record of it comes first. What each line has lost is kept beside the tallies ("refund_line"),
// so a later refund takes only what is left: an order's refunds never take off more than it paid.

const tallies = () => require(`${__hooks}/lib/reports/tallies.js`);

/** True the first time a refund id is seen (an id-less refund always counts), noting it. */
function claim(app, refundId, day) {
  if (!refundId) return true;
  if (app.findRecordsByFilter("report_days", "metric = 'refund_seen' && dim = {:id}", "", 1, 0, { id: String(refundId) }).length) return false;
  tallies().add(app, "refund_seen", day, String(refundId), 1, 0);
  return true;
}

const lineKey = (session, i) => session.getString("provider_session_id") + "#" + i;

/** Each line of an order with what it paid and what is left of it after earlier refunds. */
function linesLeft(app, session) {
  return tallies().lineRevenues(session).map(({ line, cents }, i) => {
    const taken = new DynamicModel({ n: 0, cents: 0 });
    app.db().newQuery("SELECT COALESCE(SUM(n), 0) AS n, COALESCE(SUM(cents), 0) AS cents FROM report_days WHERE metric = 'refund_line' AND dim = {:dim}").bind({ dim: lineKey(session, i) }).one(taken);
    return { i, line, cents: Math.max(0, cents - taken.cents), units: Math.max(0, (Number(line.quantity) || 0) - taken.n) };
  });
}

/** Takes `parts` ({ i, line, cents, units }) off on `day`; an earlier order has only money and pieces. */
function takeOff(app, session, parts, day, earlier) {
  const { add, pieceOf, attributions } = tallies();
  let total = 0;
  for (const p of parts) {
    if (!p.cents && !p.units) continue;
    add(app, "money", day, "refunds", 0, -p.cents);
    add(app, "piece_paid", day, pieceOf(p.line), -p.units, -p.cents);
    add(app, "refund_line", day, lineKey(session, p.i), p.units, p.cents);
    total += p.cents;
  }
  if (earlier || !total) return;
  add(app, "funnel", day, "paid", 0, -total);
  for (const [metric, dim] of attributions(app, session)) add(app, metric, day, dim, 0, -total);
}

/**
 * `cents` over the lines in proportion to what is left of each, the largest remainders taking the
 * cents the rounding down left, so the parts sum exactly. A line given back whole loses its units.
 */
function spreadOver(lines, cents) {
  const weight = lines.reduce((s, l) => s + l.cents, 0);
  if (!weight || cents <= 0) return [];
  const amount = Math.min(cents, weight);
  const parts = lines.map((l) => ({ l, cents: Math.floor((amount * l.cents) / weight), rest: (amount * l.cents) % weight }));
  let left = amount - parts.reduce((s, p) => s + p.cents, 0);
  for (const p of parts.slice().sort((a, b) => b.rest - a.rest || a.l.i - b.l.i)) {
    if (left <= 0) break;
    p.cents++;
    left--;
  }
  return parts.map((p) => ({ i: p.l.i, line: p.l.line, cents: p.cents, units: p.cents === p.l.cents && p.cents > 0 ? p.l.units : 0 }));
}

function sessionOf(app, providerSessionId) {
  try {
    return app.findFirstRecordByData("checkout_sessions", "provider_session_id", providerSessionId);
  } catch (_) {
    return null;
  }
}

/**
 * A line of a shop order was refunded by the shop (`purchases.status` became refunded): on the day
 * of the refund (today, or the day noted for an order refunded before the reports), what is left of
 * the line comes off.
 */
function lineRefunded(app, purchase, earlier) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const session = sessionOf(app, purchase.getString("payment_id"));
  if (!session) return;
  const meta = readJson(purchase, "metadata", {}) || {};
  const refund = meta.refund || {};
  const day = tallies().dayOf(earlier ? refund.at || purchase.getString("updated") : "");
  const match = lineOf(app, session, purchase);
  if (match && claim(app, refund.id, day)) takeOff(app, session, [match], day, earlier);
}

/** What is left of the order line a purchase records, or null. */
function lineOf(app, session, purchase) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const variant = (readJson(purchase, "metadata", {}) || {}).variant || "";
  return linesLeft(app, session).find(({ line }) => String(line.item_id) === purchase.getString("product_id") && (line.variant || "") === variant) || null;
}

/**
 * Stripe says a charge was refunded (`refunds()`: each refund of it so far, oldest first, asked only
 * of a shop order's charge). Each not yet counted comes off on the day Stripe made it: one the shop
 * made for a line takes that line; the one that leaves nothing of the charge takes what is left of
 * every line; any other is spread over the lines. A refund without lines gives back tax and shipping with the goods in the proportions the
 * buyer paid them, so only the goods' share of it (goods ÷ what was paid) is revenue given back.
 * Returns how many refunds were counted now.
 */
function chargeRefunded(app, charge, refunds) {
  const paymentIntent = String(charge.payment_intent || "");
  if (!paymentIntent) return 0;
  const purchase = app.findRecordsByFilter("purchases", "metadata.payment_intent = {:pi}", "", 1, 0, { pi: paymentIntent })[0];
  if (!purchase) return 0;
  const list = refunds();
  const { dayOf, lineRevenues } = tallies();
  let counted = 0;
  app.runInTransaction((tx) => {
    const session = sessionOf(tx, purchase.getString("payment_id"));
    if (!session) return;
    const paid = require(`${__hooks}/lib/orders/order-amounts.js`).amountsOf(session).total;
    list.forEach((refund, k) => {
      const day = refund.created ? dayOf(new Date(refund.created * 1000).toISOString()) : dayOf("");
      if (refund.status === "failed" || refund.status === "canceled" || !claim(tx, refund.id, day)) return;
      counted++;
      const named = refund.metadata && refund.metadata.purchase_id ? tx.findRecordsByFilter("purchases", "id = {:id} && payment_id = {:p}", "", 1, 0, { id: String(refund.metadata.purchase_id), p: purchase.getString("payment_id") })[0] : null;
      if (named) {
        const match = lineOf(tx, session, named);
        takeOff(tx, session, match ? [match] : [], day);
      } else if (charge.refunded === true && k === list.length - 1) {
        takeOff(tx, session, linesLeft(tx, session), day);
      } else {
        const goods = lineRevenues(session).reduce((s, l) => s + l.cents, 0);
        const share = paid > 0 ? Math.round(((Number(refund.amount) || 0) * goods) / paid) : 0;
        takeOff(tx, session, spreadOver(linesLeft(tx, session), share), day);
      }
    });
  });
  return counted;
}

module.exports = { lineRefunded, chargeRefunded };
