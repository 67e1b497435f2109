// The studio app's copy of the server's carrier guess (pb_hooks/lib/orders/carriers.js), so the form
// shows the carrier as the number is typed, offline too. tests/integration/carriers.test.ts
// holds the two to the same answers; the server decides what is saved.

export const CARRIERS = {
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
} as const;

export type Carrier = keyof typeof CARRIERS;

const S10_COUNTRY: Record<string, Carrier> = { US: "usps", GB: "royal_mail", CA: "canada_post", AU: "australia_post", DE: "deutsche_post", FR: "la_poste" };

export const TRACKING_MAX = 40;

export function compact(number: string) {
  return number.replace(/[\s-]+/g, "").toUpperCase();
}

export function trackingProblem(number: string) {
  const n = number.trim();
  if (!n) return "Please enter the tracking number.";
  if (n.length > TRACKING_MAX) return `A tracking number has at most ${TRACKING_MAX} characters.`;
  if (!/^[A-Za-z0-9 -]+$/.test(n)) return "A tracking number has only letters, digits, spaces and dashes.";
  return "";
}

export function guessCarrier(number: string): Carrier {
  const n = compact(number);
  const s10 = /^[A-Z]{2}\d{9}([A-Z]{2})$/.exec(n);
  if (s10) return S10_COUNTRY[s10[1]] ?? "other";
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

export function trackingUrl(carrier: Carrier, number: string) {
  const url = CARRIERS[carrier]?.url;
  return url ? url + encodeURIComponent(compact(number)) : "";
}

export function carrierName(carrier: string) {
  return (CARRIERS as Record<string, { name: string }>)[carrier]?.name ?? "Other";
}
