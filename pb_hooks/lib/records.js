// Reading a record's JSON field as plain JS. A multipart form sends an empty field as "",
// which means no value, the same as a missing one.
function readJson(record, field, fallback) {
  const raw = record.get(field);
  if (raw === null || raw === undefined) return fallback;
  try {
    const value = JSON.parse(toString(raw));
    return value === "" || value === null ? fallback : value;
  } catch (_) {
    return fallback;
  }
}

module.exports = { readJson };
