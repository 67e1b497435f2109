// What a saved cart may cost the disk. Carts are saved for anyone, with no account, so every limit
// here is what a bot meets at the allowed request rate: a cart's size, how many new carts one
// buyer may start in a day, and how long a cart nobody came back for is kept. A customer whose
// address is confirmed is counted by account; a visitor by network (pb_hooks/lib/base/callers.js); an
// account that is not confirmed yet (free to make by the dozen) by both.

// A real cart of 50 lines with full titles and picture addresses is under 16 KB.
const CART_MAX_BYTES = 20 * 1024;
const TITLE_MAX = 200;
const IMAGE_URL_MAX = 300;
// A household or an office shares a network; a day of new carts from one is rarely over a few.
const NEW_CARTS_PER_DAY = 20;
const DEFAULT_RETENTION_DAYS = 90;
const PRUNE_BATCH = 500;

/** A picture address of the shop's own (a path or a file URL of this server), or nothing. */
function ownImageUrl(raw) {
  const url = String(raw || "");
  // Browsers read "\" as "/" and drop tabs and line breaks: "/\evil.example" and "/\t/evil.example"
  // are other sites, like "//evil.example". No picture address of ours has either.
  if (url.length > IMAGE_URL_MAX || /[\\\s\u0000-\u001f\u007f]/.test(url)) return "";
  if (/^\/[^/]/.test(url)) return url;
  const site = require(`${__hooks}/lib/base/config.js`).siteUrl();
  return url.indexOf(site + "/") === 0 ? url : "";
}

function checkSize(items) {
  if (JSON.stringify(items).length > CART_MAX_BYTES) throw new ApiError(413, "This cart is too large to save.", null);
}

/** What a new cart is counted under: a confirmed customer's account, else the network. */
function cartKey(e) {
  const callers = require(`${__hooks}/lib/base/callers.js`);
  const user = callers.signedInCustomer(e);
  return user && user.verified() ? "user:" + user.id : callers.networkKey(e);
}

function newCartsToday(app, column, value) {
  const since = new Date(Date.now() - 86400000).toISOString().replace("T", " ");
  const row = new DynamicModel({ n: 0 });
  app.db().newQuery("SELECT COUNT(*) AS n FROM abandoned_carts WHERE " + column + " = {:value} AND created > {:since}").bind({ value, since }).one(row);
  return row.n;
}

/** Refuses a new cart past the day's count of its key, and of an unconfirmed account from any network. */
function checkNewCartAllowed(app, key, unconfirmed) {
  const refuse = (from) => {
    throw new ApiError(429, "Too many carts were saved from this " + from + " today. Your cart is still in this browser.", null);
  };
  if (unconfirmed && newCartsToday(app, "user", unconfirmed.id) >= NEW_CARTS_PER_DAY) refuse("account");
  if (newCartsToday(app, "client_key", key) >= NEW_CARTS_PER_DAY) refuse(key.indexOf("user:") === 0 ? "account" : "network");
}

function retentionDays() {
  const raw = $os.getenv("STUDIO_CART_RETENTION_DAYS");
  const days = raw === "" ? DEFAULT_RETENTION_DAYS : Number(raw);
  return isFinite(days) && days >= 0 ? days : DEFAULT_RETENTION_DAYS;
}

/** Deletes carts untouched for the retention period, through the API's own delete (the admin's live list hears it). */
function pruneOldCarts(app) {
  const cutoff = new Date(Date.now() - retentionDays() * 86400000).toISOString().replace("T", " ");
  let removed = 0;
  for (;;) {
    const old = app.findRecordsByFilter("abandoned_carts", "updated < {:cutoff}", "updated", PRUNE_BATCH, 0, { cutoff });
    for (const cart of old) app.delete(cart);
    removed += old.length;
    if (old.length < PRUNE_BATCH) break;
  }
  if (removed) console.log("pruned " + removed + " abandoned carts untouched for " + retentionDays() + " days");
  return removed;
}

module.exports = { TITLE_MAX, ownImageUrl, checkSize, cartKey, checkNewCartAllowed, pruneOldCarts, retentionDays };
