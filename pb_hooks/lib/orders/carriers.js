// Which carrier a tracking number most likely belongs to, and where the buyer follows it. A guess
// from the number's shape: the studio sees it and may change it. Plain functions of their
// arguments: the tests load this file as it is.

const CARRIERS = {
  usps: { name: "USPS", url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=" },
  ups: { name: "UPS", url: "https://www.ups.com/track?tracknum=" },
  fedex: { name: "FedEx", url: "https://www.fedex.com/fedextrack/?trknbr=" },
  dhl: { name: "DHL", url: "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=" },
  royal_mail: { name: "Royal Mail", url: "https://www.royalmail.com/track-your-item#/tracking-results/" },
  canada_post: { name: "Canada Post", url: "https://www.canadapost-postescanada.ca/track-reperer/en#/search?searchFor=" },
  australia_post: { name: "Australia Post", url: "https://auspost.com.au/mypost/track/details/" },
  deutsche_post: { name: "Deutsche Post / DHL Paket", url: "https://www.dhl.de/en/privatkunden/pakete-empfangen/verfolgen.html?piececode=" },
  la_poste: { name: "La Poste", url: "https://www.laposte.fr/outils/track-a-parcel?code=" },
  other: { name: "Other", url: "" },
};

// A postal item sent abroad (UPU S10: two letters, eight digits and a check digit, the country)
// is followed on the sending country's post.
const S10_COUNTRY = { US: "usps", GB: "royal_mail", CA: "canada_post", AU: "australia_post", DE: "deutsche_post", FR: "la_poste" };

const TRACKING_MAX = 40;

/** The number as carriers print it without its spacing: letters and digits, upper case. */
function compact(number) {
  return String(number || "")
    .replace(/[\s-]+/g, "")
    .toUpperCase();
}

/** Why a tracking number cannot be used ("" when it can). */
function trackingProblem(number) {
  const n = String(number || "").trim();
  if (!n) return "Please enter the tracking number.";
  if (n.length > TRACKING_MAX) return "A tracking number has at most " + TRACKING_MAX + " characters.";
  if (!/^[A-Za-z0-9 -]+$/.test(n)) return "A tracking number has only letters, digits, spaces and dashes.";
  return "";
}

/** The carrier whose numbers look like this one, or "other" when none does. */
function guessCarrier(number) {
  const n = compact(number);
  const s10 = /^[A-Z]{2}\d{9}([A-Z]{2})$/.exec(n);
  if (s10) return S10_COUNTRY[s10[1]] || "other";
  if (/^1Z[0-9A-Z]{16}$/.test(n)) return "ups";
  if (/^JJD\d{16,20}$/.test(n) || /^(00)?3\d{17}$/.test(n)) return "deutsche_post";
  if (/^(420\d{5})?9[1-5]\d{18,20}$/.test(n) || /^82\d{8}$/.test(n)) return "usps";
  if (/^\d[A-Z]\d{11}$/.test(n)) return "la_poste";
  if (/^\d{16}$/.test(n)) return "canada_post";
  if (/^\d{12}$|^\d{15}$|^96\d{20}$/.test(n)) return "fedex";
  if (/^\d{10}$/.test(n)) return "dhl";
  if (/^[A-Z0-9]{3}\d{7,9}$/.test(n) && /^[A-Z]/.test(n)) return "australia_post";
  return "other";
}

/** The page where the buyer follows the parcel, for every carrier but "other" (whose page the studio types). */
function trackingUrl(carrier, number) {
  const c = CARRIERS[carrier];
  return c && c.url ? c.url + encodeURIComponent(compact(number)) : "";
}

function carrierName(carrier) {
  return (CARRIERS[carrier] || CARRIERS.other).name;
}

function isCarrier(carrier) {
  return Object.prototype.hasOwnProperty.call(CARRIERS, carrier);
}

/** Why a typed tracking page cannot be used ("" when it can): a web address the buyer can open. */
function urlProblem(url) {
  const u = String(url || "").trim();
  if (!u) return 'Please enter the tracking page\'s address for a carrier that is not listed.';
  if (u.length > 500 || !/^https?:\/\/[^\s/$.?#][^\s<>"]*$/i.test(u)) return "The tracking page must be a web address starting with https://.";
  return "";
}

module.exports = { CARRIERS, TRACKING_MAX, compact, trackingProblem, guessCarrier, trackingUrl, carrierName, isCarrier, urlProblem };
