// Server-side rules for catalogue records that field options alone cannot express.
const PRICED_TAGS = ["Print - For Sale", "Original - For Sale"];
const MAX_FEATURED_PAINTINGS = 4;

function list(value) {
  return Array.isArray(value) ? value : [];
}

function json(record, field) {
  return require(`${__hooks}/lib/base/records.js`).readJson(record, field, null);
}

function checkPainting(app, record) {
  const tags = json(record, "tags");
  if (!Array.isArray(tags) || tags.length === 0 || tags.some((t) => typeof t !== "string" || !t.trim())) {
    throw new BadRequestError("Please fill all required fields and select at least one tag.");
  }
  const prices = json(record, "tag_prices") || {};
  if (typeof prices !== "object" || Array.isArray(prices)) {
    throw new BadRequestError("tag_prices must map a tag to a price.");
  }
  const cleaned = {};
  const missing = [];
  for (const tag of tags) {
    const price = prices[tag];
    if (PRICED_TAGS.indexOf(tag) >= 0 && (typeof price !== "number" || !(price > 0))) missing.push(tag);
    // Deselecting a tag drops its price (SPEC §5).
    if (typeof price === "number" && price >= 0) cleaned[tag] = Math.round(price * 100) / 100;
  }
  if (missing.length) throw new BadRequestError("Please provide prices for: " + missing.join(", "));
  record.set("tags", tags.map((t) => t.trim()));
  record.set("tag_prices", cleaned);

  if (record.getBool("featured")) {
    const others = app.countRecords("paintings", $dbx.exp("featured = true AND id != {:id}", { id: record.id }));
    if (others >= MAX_FEATURED_PAINTINGS) {
      throw new BadRequestError("You can only feature up to 4 paintings on the homepage.");
    }
  }
}

function cleanStrings(value) {
  const seen = {};
  const out = [];
  for (const v of list(value)) {
    const s = String(v == null ? "" : v).trim();
    if (s && !seen[s.toLowerCase()]) {
      seen[s.toLowerCase()] = true;
      out.push(s);
    }
  }
  return out;
}

function checkMerchandise(record) {
  const inventory = json(record, "inventory_count");
  if (inventory !== null && !(typeof inventory === "number" && Number.isInteger(inventory) && inventory >= 0)) {
    throw new BadRequestError("Inventory count must be a whole number of 0 or more, or empty.");
  }
  record.set("inventory_count", inventory);
  record.set("available_sizes", cleanStrings(json(record, "available_sizes")));
  record.set("available_colors", cleanStrings(json(record, "available_colors")));
}

module.exports = { checkPainting, checkMerchandise, MAX_FEATURED_PAINTINGS };
