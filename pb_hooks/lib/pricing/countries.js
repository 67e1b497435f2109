// The places an order can go: every ISO 3166-1 alpha-2 code (names come from the browser's
// Intl.DisplayNames, so only the codes are kept here), the codes Stripe Checkout refuses in
// shipping_address_collection.allowed_countries, and the US states sales tax is set for.
// The browser reads the same list from GET /api/studio/shipping/places: one list for both.

const ISO_CODES = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ
BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR
CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ
MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF
PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI
SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR
TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
`.trim().split(/\s+/);

// Kept with Stripe's other rules, where every request is checked before it leaves.
const STRIPE_REFUSED = require(`${__hooks}/lib/money/stripe-rules.js`).REFUSED_COUNTRIES;

// The states and the District of Columbia, by USPS code, as Stripe reports address.state.
const US_STATES = `
AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC
ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY
`.trim().split(/\s+/);

function isCountry(code) {
  return typeof code === "string" && ISO_CODES.indexOf(code) >= 0;
}

/** A country an order can be shipped to at all: a real code that Stripe's page can take. */
function isShippable(code) {
  return isCountry(code) && STRIPE_REFUSED.indexOf(code) < 0;
}

function isUsState(code) {
  return typeof code === "string" && US_STATES.indexOf(code) >= 0;
}

module.exports = { ISO_CODES, STRIPE_REFUSED, US_STATES, isCountry, isShippable, isUsState };
