// The EU and UK right to cancel a purchase within 14 days ends for a download only when the buyer
// asks for it to start at once and says they know they lose that right (EU Directive 2011/83,
// art. 16(m); the UK's Consumer Contracts Regulations 2013, reg. 37). A digital line bought from
// there needs that box ticked; the order keeps the wording's version and when it was ticked, and
// physical lines keep their 14 days. docs/decisions/034-digital-downloads.md.

const WORDING = "Start my download now; I understand I lose my 14-day right to cancel once it starts.";
// A new wording is a new version: an order keeps the one its buyer ticked.
const VERSION = "2026-11-1";

const COUNTRIES = ["AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "GB"];

function hasDownload(lines) {
  return lines.some((l) => l.item_type === "digital");
}

/** What the cart must show for a priced order: the box's words, or null when none is needed. */
function boxFor(priced) {
  return hasDownload(priced.lines) && COUNTRIES.indexOf(priced.ship_country) >= 0 ? { wording: WORDING, version: VERSION } : null;
}

/**
 * At checkout: a download's buyer names their country, and one in the EU or the UK ticks the box
 * (`ticked` exactly true). Returns what the order keeps ({ version, wording, at }), or null.
 */
function consentAtCheckout(priced, ticked) {
  if (!hasDownload(priced.lines)) return null;
  if (!priced.ship_country) throw new BadRequestError("Please choose your country: what a download's buyer agrees to depends on where they buy it.");
  const box = boxFor(priced);
  if (!box) return null;
  if (ticked !== true) throw new BadRequestError('Please tick "' + WORDING + '" to buy a download from ' + priced.ship_country + ".");
  return { version: VERSION, wording: WORDING, at: new Date().toISOString() };
}

module.exports = { boxFor, consentAtCheckout, WORDING, VERSION };
