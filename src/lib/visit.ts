// This tab's visit, as the studio's reports count it (docs/decisions/035-reports-counted-by-day.md):
// its id in sessionStorage, whether the browser lets us count it, and the address it landed on,
// noted when the app starts, before the app tidies it (a shared link's ?code= leaves the address).
// The counting itself is src/features/visits.

const VISIT_KEY = "studio-visit";

/** The address the tab opened on, as it was before the app changed it. */
export const landing = typeof location === "undefined" ? "" : location.href;

/** Whether this browser lets us count it: no Global Privacy Control, no Do Not Track, not a bot that says so. */
export function mayCount(): boolean {
  if (typeof navigator === "undefined") return false;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.globalPrivacyControl === true || nav.doNotTrack === "1") return false;
  return !/bot\b|bot\/|crawl|spider|slurp|lighthouse|preview/i.test(nav.userAgent);
}

/** This tab's visit id, "" when it is not counted. */
export function currentVisitId(): string {
  try {
    return mayCount() ? (sessionStorage.getItem(VISIT_KEY) ?? "") : "";
  } catch {
    return "";
  }
}

export { VISIT_KEY };
