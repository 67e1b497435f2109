// Every CSV file the studio downloads is written here: RFC 4180 (a field with a comma, a quote or
// a line break quoted, quotes doubled, records ended by CRLF), UTF-8 with a byte order mark so
// accents survive a spreadsheet, and no cell a spreadsheet would run as a formula. Buyers type
// names, addresses and states, so every cell is treated as text from a stranger.

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or return before one) as a formula;
 * a plain number (a negative amount) is left as it is.
 */
function cell(value) {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) text = "'" + text;
  return /[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
}

/** The file's text from a heading row and rows of cells. */
function csvText(head, rows) {
  return "\uFEFF" + [head].concat(rows).map((r) => r.map(cell).join(",") + "\r\n").join("");
}

module.exports = { cell, csvText };
