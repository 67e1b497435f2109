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

// A yyyy-MM-dd that names a day on the calendar (the field's pattern lets "2027-02-30" through).
function isCalendarDate(value) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year > 0 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Refuses a record's date field (empty is fine) that is not a day on the calendar, with the form's own message. */
function checkCalendarDate(record, field) {
  const value = record.getString(field);
  if (value && !isCalendarDate(value)) throw new BadRequestError("Please pick a date.");
}

module.exports = { readJson, checkCalendarDate, isCalendarDate };
