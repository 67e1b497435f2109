// Dates as the shop shows them, from PocketBase's stored form ("2026-03-02 00:00:00.000Z").

/**
 * "Mar 2, 2026" for a day stored as its midnight in UTC (a print date): read in UTC, so a reader
 * west of Greenwich does not see the day before.
 */
export function formatDay(stored: string | null | undefined): string {
  const d = new Date(String(stored ?? "").replace(" ", "T"));
  return stored && !Number.isNaN(d.getTime()) ? d.toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" }) : "";
}
