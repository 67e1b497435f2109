// The studio's reports for a range of days beside the period just before it, each a few tables read
// from the day's tallies (tallies.js). A report is { from, to, before: { from, to }, notes, tables };
// a table is { key, title, columns, rows, total }, drawn on screen and written as CSV from the same
// rows, so the file's totals are the screen's.

const DAY_MS = 86400000;
const MAX_DAYS = 3700;

function day(v, what) {
  const s = String(v || "");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || isNaN(Date.parse(s + "T00:00:00Z"))) throw new BadRequestError(what + " must be a date like 2026-01-31.");
  return s;
}

const shift = (d, days) => new Date(Date.parse(d + "T00:00:00Z") + days * DAY_MS).toISOString().slice(0, 10);

/** The range asked for (the last 30 days when none) and the period of the same length before it. */
function rangeOf(query) {
  const today = new Date().toISOString().slice(0, 10);
  const to = query.to ? day(query.to, "The last day") : today;
  const from = query.from ? day(query.from, "The first day") : shift(to, -29);
  if (to < from) throw new BadRequestError("The last day comes before the first.");
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (days > MAX_DAYS) throw new BadRequestError("A report covers at most ten years.");
  return { from, to, before: { from: shift(from, -days), to: shift(from, -1) } };
}

/**
 * { dim: { n, cents } } of one metric over a range: by month when `byMonth` ({ "YYYY-MM|dim": … }),
 * only the given dims when `dims` (a piece's views, not every piece's).
 */
function sums(app, metric, range, byMonth, dims) {
  const rows = arrayOf(new DynamicModel({ dim: "", n: 0, cents: 0 }));
  const params = { metric, from: range.from, to: range.to };
  (dims || []).forEach((d, i) => (params["d" + i] = d));
  if (dims && !dims.length) return {};
  app
    .db()
    .newQuery(
      "SELECT " + (byMonth ? "substr(day, 1, 7) || '|' || dim" : "dim") + " AS dim, SUM(n) AS n, SUM(cents) AS cents FROM report_days" +
        " WHERE metric = {:metric} AND day >= {:from} AND day <= {:to}" +
        (dims ? " AND dim IN (" + dims.map((_, i) => "{:d" + i + "}").join(", ") + ")" : "") +
        " GROUP BY 1",
    )
    .bind(params)
    .all(rows);
  const out = {};
  for (const r of rows) out[r.dim] = { n: r.n, cents: r.cents };
  return out;
}

const col = (key, label, kind) => ({ key, label, kind: kind || "count" });
const none = { n: 0, cents: 0 };

function totalOf(rows, columns, label) {
  const total = {};
  for (const c of columns) total[c.key] = c.kind === "text" ? "" : rows.reduce((s, r) => s + (Number(r[c.key]) || 0), 0);
  total[columns[0].key] = label || "Total";
  return total;
}

const MONEY_KINDS = [
  ["prints", "Prints"],
  ["originals", "Originals"],
  ["books", "Books"],
  ["murals", "Murals"],
  ["merchandise", "Merchandise"],
  ["digital", "Digital"],
  ["commission_deposits", "Commission deposits"],
  ["commission_balances", "Commission balances"],
  ["refunds", "Refunds"],
];

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function months(range) {
  const out = [];
  for (let m = range.from.slice(0, 7); m <= range.to.slice(0, 7); m = shift(m + "-28", 4).slice(0, 7)) out.push(m);
  return out;
}

/** A row per kind of money, a column per month (a tablet shows a quarter without scrolling); the total is revenue. */
function money(app, range) {
  const now = sums(app, "money", range, true);
  const before = sums(app, "money", range.before);
  const list = months(range);
  const columns = [col("kind", "Kind", "text")].concat(
    list.map((m) => col(m, MONTH_NAMES[Number(m.slice(5)) - 1] + " " + m.slice(0, 4), "money")),
    [col("total", "Total", "money"), col("before", "Period before", "money")],
  );
  const rows = MONEY_KINDS.map(([k, label]) => {
    const row = { kind: label, total: 0, before: (before[k] || none).cents };
    for (const m of list) {
      row[m] = (now[m + "|" + k] || none).cents;
      row.total += row[m];
    }
    return row;
  });
  return [{ key: "money", title: "Money by month", columns, rows, total: totalOf(rows, columns, "Revenue") }];
}

/** Names of pieces, characters and campaigns for their tally keys, read once per report. */
function titleOf(app, dim) {
  const [collection, id] = dim.split(":");
  try {
    const r = app.findRecordById(collection, id);
    return r.getString("title") || r.getString("name") || dim;
  } catch (_) {
    return "(deleted) " + dim;
  }
}

function pieces(app, range) {
  const paid = sums(app, "piece_paid", range);
  const top = (by) =>
    Object.keys(paid)
      .sort((a, b) => paid[b][by] - paid[a][by] || (a < b ? -1 : 1))
      .slice(0, 20);
  const byRevenue = top("cents");
  const byUnits = top("n");
  const listed = byRevenue.concat(byUnits.filter((d) => byRevenue.indexOf(d) < 0));
  const views = sums(app, "piece_view", range, false, listed);
  const carts = sums(app, "piece_cart", range, false, listed);
  const before = sums(app, "piece_paid", range.before, false, listed);
  const titles = {};
  for (const d of listed) titles[d] = titleOf(app, d);
  const columns = [col("piece", "Piece", "text"), col("views", "Views"), col("carts", "Added to cart"), col("units", "Units paid"), col("revenue", "Revenue", "money"), col("revenue_before", "Revenue before", "money")];
  const rowOf = (dim) => ({
    piece: titles[dim],
    views: (views[dim] || none).n,
    carts: (carts[dim] || none).n,
    units: (paid[dim] || none).n,
    revenue: (paid[dim] || none).cents,
    revenue_before: (before[dim] || none).cents,
  });
  const revenueRows = byRevenue.map(rowOf);
  const unitRows = byUnits.map(rowOf);
  return [
    { key: "by-revenue", title: "Top 20 pieces by revenue", columns, rows: revenueRows, total: totalOf(revenueRows, columns) },
    { key: "by-units", title: "Top 20 pieces by units", columns, rows: unitRows, total: totalOf(unitRows, columns) },
  ];
}

/** The words a campaign's tally key stands for: a letter by its subject, else its source / medium / name. */
function campaignName(app, dim) {
  const [source, medium, name] = dim.split("|");
  if (source === "letter" && name) {
    const found = app.findRecordsByFilter("campaigns", "id = {:id}", "", 1, 0, { id: name });
    if (found.length) return "Letter: " + found[0].getString("subject");
  }
  return [source, medium, name].filter(Boolean).join(" / ");
}

function attributed(app, range, visitMetric, paidMetric, label, name) {
  const visits = sums(app, visitMetric, range);
  const paid = sums(app, paidMetric, range);
  const before = sums(app, paidMetric, range.before);
  const dims = Object.keys(visits).concat(Object.keys(paid).filter((d) => !visits[d]));
  const columns = [col("name", label, "text"), col("visits", "Visits"), col("orders", "Orders"), col("revenue", "Revenue", "money"), col("revenue_before", "Revenue before", "money")];
  const rows = dims
    .map((d) => ({ name: name(d), visits: (visits[d] || none).n, orders: (paid[d] || none).n, revenue: (paid[d] || none).cents, revenue_before: (before[d] || none).cents }))
    .sort((a, b) => b.revenue - a.revenue || b.visits - a.visits || (a.name < b.name ? -1 : 1));
  return { columns, rows, total: totalOf(rows, columns) };
}

function sources(app, range) {
  return [
    Object.assign({ key: "referrers", title: "Referrers" }, attributed(app, range, "source", "source_paid", "Came from", (d) => d)),
    Object.assign({ key: "campaigns", title: "Campaigns and letters" }, attributed(app, range, "campaign", "campaign_paid", "Campaign", (d) => campaignName(app, d))),
    Object.assign({ key: "codes", title: "Shared ?code= links" }, attributed(app, range, "code", "code_paid", "Code", (d) => "?code=" + d)),
  ];
}

const STAGES = [
  ["visits", "Visits"],
  ["view", "Viewed a piece"],
  ["cart", "Added to cart"],
  ["checkout", "Started checkout"],
  ["paid", "Paid orders"],
];

function funnel(app, range) {
  const stagesIn = (r) => {
    const f = sums(app, "funnel", r);
    const visits = (sums(app, "visit", r)[""] || none).n;
    return STAGES.map(([k]) => (k === "visits" ? visits : (f[k] || none).n));
  };
  const now = stagesIn(range);
  const before = stagesIn(range.before);
  const columns = [col("stage", "Stage", "text"), col("count", "Count"), col("share", "Of visits", "percent"), col("count_before", "Count before"), col("share_before", "Of visits before", "percent")];
  const share = (n, of) => (of ? Math.round((n * 10000) / of) / 100 : 0);
  const rows = STAGES.map(([, label], i) => ({ stage: label, count: now[i], share: share(now[i], now[0]), count_before: before[i], share_before: share(before[i], before[0]) }));
  return [{ key: "funnel", title: "Visits to paid orders", columns, rows, total: null }];
}

const WORLD_NAMES = { pebblewick: "Pebblewick", cryptid: "Hidden Cryptids Alliance" };

function stories(app, range) {
  const table = (metric, label, name) => {
    const paid = sums(app, metric, range);
    const before = sums(app, metric, range.before);
    const columns = [col("name", label, "text"), col("orders", "Orders"), col("revenue", "Revenue", "money"), col("revenue_before", "Revenue before", "money")];
    const rows = Object.keys(paid)
      .map((d) => ({ name: name(d), orders: paid[d].n, revenue: paid[d].cents, revenue_before: (before[d] || none).cents }))
      .sort((a, b) => b.revenue - a.revenue || (a.name < b.name ? -1 : 1));
    return { columns, rows, total: null };
  };
  return [
    Object.assign({ key: "worlds", title: "Revenue by world seen before buying" }, table("world_paid", "World", (d) => WORLD_NAMES[d] || d)),
    Object.assign({ key: "characters", title: "Revenue by character page seen before buying" }, table("character_paid", "Character", (d) => titleOf(app, "characters:" + d))),
  ];
}

const REPORTS = {
  money: { build: money, notes: ["Revenue = paid − refunded, without tax and shipping.", "A refund counts on the day it is made, as a negative.", "A refund made at Stripe for no line in particular gives back goods, tax and shipping as they were paid: only the goods' share of it comes off, spread over the lines by their revenue."] },
  pieces: { build: pieces, notes: ["Revenue = paid − refunded, without tax and shipping; units = paid − refunded.", "Views and adds to cart are counted from visits that allow counting."] },
  sources: { build: sources, notes: ["Where a visit came from: the first referrer's host, its utm_source / utm_medium / utm_campaign, or a shared ?code= link.", "Orders and revenue are those paid in a checkout started in that visit; revenue = paid − refunded, without tax and shipping.", "Visitors whose browser asks not to be tracked are not counted."] },
  funnel: { build: funnel, notes: ["Each stage counts a visit once; paid counts orders.", "Conversion = paid orders ÷ visits."] },
  stories: { build: stories, notes: ["An order counts for every world and character page seen in the visit it was paid from (so rows overlap and have no total).", "Revenue = paid − refunded, without tax and shipping."] },
  commissions: { build: (app, range) => require(`${__hooks}/lib/reports/commission-stages.js`).commissionTables(app, range), notes: ["Each stage counts commissions that reached it in the range; median days are from the stage before.", "Slot use is as it stands now."] },
};

/** The report `name` for the query's range. */
function report(app, name, query) {
  const r = REPORTS[name];
  if (!r) throw new NotFoundError("There is no such report.");
  const range = rangeOf(query || {});
  require(`${__hooks}/lib/reports/tallies.js`).countEarlierMoney(app);
  return { name, from: range.from, to: range.to, before: range.before, notes: r.notes, tables: r.build(app, range) };
}

module.exports = { report, rangeOf, REPORTS };
