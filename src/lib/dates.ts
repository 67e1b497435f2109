// Dates as the shop shows them, from PocketBase's stored form ("2026-03-02 00:00:00.000Z"), in
// en-US words written out rather than with Intl (as prices are, src/lib/money.ts): a page's first
// Intl date format starts ICU's date machinery, a 50 to 90 ms task on a slow phone, in the render
// that takes over a piece page with an edition on offer.

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

// Read in UTC: a day is stored as its midnight in UTC, so a reader west of Greenwich does not see the day before.
function storedDate(stored: string | null | undefined): Date | null {
  const d = new Date(String(stored ?? "").replace(" ", "T"));
  return stored && !Number.isNaN(d.getTime()) ? d : null;
}

/** "Mar 2, 2026" (en-US medium), or "" for no date. */
export function formatDay(stored: string | null | undefined): string {
  const d = storedDate(stored);
  return d ? `${MONTHS[d.getUTCMonth()].slice(0, 3)} ${d.getUTCDate()}, ${d.getUTCFullYear()}` : "";
}

/** "March 2026", or "" for no date. */
export function formatMonth(stored: string | null | undefined): string {
  const d = storedDate(stored);
  return d ? `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` : "";
}
