// First-party counting for the studio's reports (docs/decisions/032-reports-counted-by-day.md): a
// visit per tab session, what it looks at and puts in the cart, sent from an outbox of its own.
// This module is tiny and eager: it notes the address the tab landed on before the app tidies it
// (a shared link's ?code= is dropped from the address), and names the visit for a checkout. The
// counting itself (./counter) loads once the page is drawn and the browser is idle.

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
