// How commissions move: requested, quoted (the first quote), deposit paid (the first deposit) and
// delivered (the first final file). A studio has hundreds of commissions, not millions, so these are
// read from the commissions themselves; each stage's median days are from the stage before.

const STAGES_SQL =
  "SELECT c.id AS id, c.created AS requested," +
  " COALESCE((SELECT MIN(q.created) FROM commission_quotes q WHERE q.commission = c.id AND q.kind = 'quote'), '') AS quoted," +
  " COALESCE((SELECT MIN(p.paid_at) FROM commission_payments p WHERE p.commission = c.id AND p.kind = 'deposit' AND p.paid_at != ''), '') AS deposit," +
  " COALESCE((SELECT MIN(f.created) FROM commission_files f WHERE f.commission = c.id AND f.kind = 'final'), '') AS delivered" +
  " FROM commissions c";

const STAGES = [
  ["requested", "Requested"],
  ["quoted", "Quoted"],
  ["deposit", "Deposit paid"],
  ["delivered", "Delivered"],
];

const dayOf = (t) => String(t || "").replace(" ", "T").slice(0, 10);
const daysBetween = (a, b) => (Date.parse(String(b).replace(" ", "T")) - Date.parse(String(a).replace(" ", "T"))) / 86400000;

function median(values) {
  if (!values.length) return null;
  const s = values.slice().sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  const m = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return Math.round(m * 10) / 10;
}

function stagesIn(all, range) {
  return STAGES.map(([key], i) => {
    const reached = all.filter((c) => c[key] && dayOf(c[key]) >= range.from && dayOf(c[key]) <= range.to);
    const prev = i ? STAGES[i - 1][0] : "";
    return { count: reached.length, median: prev ? median(reached.filter((c) => c[prev]).map((c) => daysBetween(c[prev], c[key]))) : null };
  });
}

function commissionTables(app, range) {
  const all = arrayOf(new DynamicModel({ id: "", requested: "", quoted: "", deposit: "", delivered: "" }));
  app.db().newQuery(STAGES_SQL).all(all);
  const now = stagesIn(all, range);
  const before = stagesIn(all, range.before);
  const columns = [
    { key: "stage", label: "Stage", kind: "text" },
    { key: "count", label: "Commissions", kind: "count" },
    { key: "median_days", label: "Median days", kind: "days" },
    { key: "count_before", label: "Commissions before", kind: "count" },
    { key: "median_days_before", label: "Median days before", kind: "days" },
  ];
  const rows = STAGES.map(([, label], i) => ({ stage: label, count: now[i].count, median_days: now[i].median, count_before: before[i].count, median_days_before: before[i].median }));
  const board = require(`${__hooks}/lib/commissions/commission-slots.js`).board(app);
  const slotColumns = [
    { key: "type", label: "Kind", kind: "text" },
    { key: "slots", label: "Slots", kind: "count" },
    { key: "taken", label: "Taken", kind: "count" },
    { key: "waiting", label: "Waiting", kind: "count" },
    { key: "state", label: "State", kind: "text" },
  ];
  const slotRows = board.states.map((s) => ({ type: s.label, slots: s.slots, taken: s.slots > 0 ? s.slots - s.free : 0, waiting: s.waiting, state: s.text }));
  return [
    { key: "stages", title: "Requests to delivery", columns, rows, total: null },
    { key: "slots", title: "Slot use now", columns: slotColumns, rows: slotRows, total: null },
  ];
}

module.exports = { commissionTables };
