// A report's table as CSV (lib/base/csv.js): the rows and the total shown on screen, money in dollars.

function tableCsv(table) {
  const { decimal } = require(`${__hooks}/lib/money/money.js`);
  const cellOf = (c, v) => (v === null || v === undefined ? "" : c.kind === "money" ? decimal(v) : v);
  const rowOf = (r) => table.columns.map((c) => cellOf(c, r[c.key]));
  const rows = table.rows.map(rowOf).concat(table.total ? [rowOf(table.total)] : []);
  return require(`${__hooks}/lib/base/csv.js`).csvText(table.columns.map((c) => c.label), rows);
}

module.exports = { tableCsv };
