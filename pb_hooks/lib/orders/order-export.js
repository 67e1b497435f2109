// The studio's orders of a date range as a CSV file a spreadsheet opens (written by lib/base/csv.js).
// Days are UTC days, by the date each order was paid. The money columns come in the tax report's
// order (goods, discounts, shipping, tax, total), so the two files line up side by side.

const COLUMNS = ["Order", "Date", "Buyer", "Country", "State", "Lines", "Goods", "Discounts", "Code", "Shipping", "Tax", "Total", "Status", "Carrier", "Tracking", "Refunded"];
const MAX_DAYS = 366;
const MAX_ORDERS = 20000;
const BATCH = 500;

function refuse(message) {
  throw new BadRequestError(message);
}

function day(value, which) {
  const { isCalendarDate } = require(`${__hooks}/lib/base/records.js`);
  const text = String(value || "").trim();
  if (!text) refuse(`Please choose the ${which} day of the range.`);
  if (!isCalendarDate(text)) refuse(`The ${which} day must be a date written as YYYY-MM-DD, such as 2026-11-01.`);
  return text;
}

/** The range [from 00:00, the day after `to` 00:00) in UTC, or a 400 that says what is wrong. */
function rangeOf(fromValue, toValue) {
  const from = day(fromValue, "first");
  const to = day(toValue, "last");
  const start = Date.parse(from + "T00:00:00Z");
  const end = Date.parse(to + "T00:00:00Z") + 86400000;
  if (end <= start) refuse("The last day must be the same as the first day or after it.");
  if ((end - start) / 86400000 > MAX_DAYS) refuse(`Please choose at most ${MAX_DAYS} days at a time.`);
  const stamp = (ms) => new Date(ms).toISOString().replace("T", " ");
  return { from, to, start: stamp(start), end: stamp(end) };
}

const dollars = (cents) => require(`${__hooks}/lib/money/money.js`).decimal(cents);

function rowOf(app, session) {
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const { viewOf } = require(`${__hooks}/lib/orders/orders.js`);
  const view = viewOf(app, session);
  const purchases = app.findRecordsByFilter("purchases", "payment_id = {:id}", "created", 1, 0, { id: session.getString("provider_session_id") });
  const meta = purchases.length ? readJson(purchases[0], "metadata", {}) || {} : {};
  const customer = meta.customer_details || {};
  const address = (meta.shipping_details || {}).address || {};
  const shipped = view.timeline.filter((t) => t.kind === "shipped");
  return [
    session.id,
    session.getString("fulfilled_at").slice(0, 10),
    [customer.name, customer.email ? "<" + customer.email + ">" : ""].filter(Boolean).join(" "),
    address.country || "",
    address.state || "",
    view.lines.map((l) => l.quantity + " × " + l.title).join("; "),
    dollars(view.amounts.subtotal),
    dollars(view.amounts.discount),
    view.amounts.discount_code,
    dollars(view.amounts.shipping),
    dollars(view.amounts.tax),
    dollars(view.amounts.total),
    view.status_label,
    shipped.map((s) => s.carrier).join("; "),
    shipped.map((s) => s.tracking_number).join("; "),
    dollars(view.amounts.refunded),
  ];
}

/** { name, text } of the CSV of the orders paid from `from` to `to` (both days included). */
function exportCsv(app, fromValue, toValue) {
  const range = rangeOf(fromValue, toValue);
  const filter = "status = 'paid' && fulfilled_at >= {:start} && fulfilled_at < {:end}";
  const params = { start: range.start, end: range.end };
  const count = new DynamicModel({ n: 0 });
  app.db().newQuery("SELECT COUNT(*) AS n FROM checkout_sessions WHERE status = 'paid' AND fulfilled_at >= {:start} AND fulfilled_at < {:end}").bind(params).one(count);
  if (count.n > MAX_ORDERS) refuse(`There are ${count.n} orders in this range, more than ${MAX_ORDERS} in one file: please choose fewer days.`);
  const rows = [];
  for (let offset = 0; ; offset += BATCH) {
    const batch = app.findRecordsByFilter("checkout_sessions", filter, "fulfilled_at,id", BATCH, offset, params);
    batch.forEach((s) => rows.push(rowOf(app, s)));
    if (batch.length < BATCH) break;
  }
  return { name: `orders-${range.from}-to-${range.to}.csv`, text: require(`${__hooks}/lib/base/csv.js`).csvText(COLUMNS, rows) };
}

module.exports = { exportCsv, rangeOf, COLUMNS };
