// Cents as people read them: "$12.34" in letters and messages, "12.34" in a spreadsheet's cell.

function dollars(cents) {
  return "$" + decimal(cents);
}

function decimal(cents) {
  return (Math.round(Number(cents) || 0) / 100).toFixed(2);
}

module.exports = { dollars, decimal };
