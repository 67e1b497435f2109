// The tax and sales report: paid shop orders between two days (when the payment arrived, UTC),
// by the country and US state they were shipped to. Every figure is summed from the orders
// themselves, so the totals row equals the sum of the orders listed.

function day(v, what) {
  const s = String(v || "");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || isNaN(Date.parse(s + "T00:00:00Z"))) throw new BadRequestError(what + " must be a date like 2026-01-31.");
  return s;
}

function orderFigures(s) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const a = require(`${__hooks}/lib/orders/order-amounts.js`).amountsOf(s);
  const mismatch = readJson(s, "address_mismatch", null);
  return {
    id: s.getString("provider_session_id"),
    paid_at: s.getString("fulfilled_at"),
    country: (mismatch && mismatch.reported && mismatch.reported.country) || s.getString("ship_country") || "",
    region: (mismatch && mismatch.reported && mismatch.reported.state) || s.getString("ship_region") || "",
    goods: a.subtotal,
    discount: a.discount,
    shipping: a.shipping,
    tax: a.tax,
    tax_included: a.tax_included,
    total: a.total,
  };
}

const SUMS = ["orders", "goods", "discount", "shipping", "tax", "tax_included", "total"];

/** { from, to, orders, rows: per place, totals }; `to` is the last day counted. */
function taxReport(app, from, to) {
  from = day(from, "The first day");
  to = day(to, "The last day");
  if (to < from) throw new BadRequestError("The last day comes before the first.");
  const end = new Date(Date.parse(to + "T00:00:00Z") + 86400000).toISOString().slice(0, 10);
  const paid = app.findRecordsByFilter("checkout_sessions", "fulfilled_at != '' && fulfilled_at >= {:from} && fulfilled_at < {:end}", "fulfilled_at", 0, 0, { from: from + " 00:00:00", end: end + " 00:00:00" });
  const orders = paid.map(orderFigures);
  const byPlace = {};
  const totals = { orders: 0, goods: 0, discount: 0, shipping: 0, tax: 0, tax_included: 0, total: 0 };
  for (const o of orders) {
    const key = o.country + "|" + o.region;
    const row = byPlace[key] || (byPlace[key] = { country: o.country, region: o.region, orders: 0, goods: 0, discount: 0, shipping: 0, tax: 0, tax_included: 0, total: 0 });
    for (const k of SUMS) {
      const v = k === "orders" ? 1 : o[k];
      row[k] += v;
      totals[k] += v;
    }
  }
  const rows = Object.keys(byPlace).sort().map((k) => byPlace[k]);
  return { from, to, orders, rows, totals };
}

const money = (cents) => require(`${__hooks}/lib/money/money.js`).decimal(cents);

/** The report as CSV (lib/base/csv.js): one row per place, then the totals; amounts in dollars. */
function reportCsv(report) {
  const head = ["Country", "State", "Orders", "Goods", "Discounts", "Shipping", "Tax", "Tax included in prices", "Total"];
  const row = (country, region, r) => [country, region, r.orders, money(r.goods), money(r.discount), money(r.shipping), money(r.tax), money(r.tax_included), money(r.total)];
  return require(`${__hooks}/lib/base/csv.js`).csvText(head, report.rows.map((r) => row(r.country || "unknown", r.region, r)).concat([row("Total", "", report.totals)]));
}

module.exports = { taxReport, reportCsv };
