// The studio's side of discount codes: what a code record must hold to be saved, that a used code
// stays, and the report of what each code did.

const KINDS = ["prints", "originals", "books", "merchandise"];

function problemOf(record) {
  const code = record.getString("code").trim();
  if (code.length > 32) return "A code has at most 32 letters and digits.";
  if (!/^[A-Za-z0-9]{3,32}$/.test(code)) return "A code is 3 to 32 letters and digits, with no spaces or signs.";
  const kind = record.getString("kind");
  if (kind === "percent") {
    const percent = record.getFloat("percent");
    if (!Number.isInteger(percent) || percent < 1 || percent > 100) return "A percent off is a whole number from 1 to 100.";
  } else if (kind === "fixed") {
    if (record.getInt("amount_cents") < 1) return "An amount off must be at least $0.01.";
  } else if (kind !== "free_shipping") {
    return "Choose percent off, an amount off or free shipping.";
  }
  if (record.getStringSlice("applies_to").some((k) => KINDS.indexOf(k) < 0)) return "A code applies to prints, originals, books or merchandise.";
  if (record.getInt("min_subtotal_cents") < 0) return "The minimum order cannot be negative.";
  if (record.getInt("max_uses") < 0) return "The number of uses cannot be negative.";
  const starts = record.getDateTime("starts_at");
  const ends = record.getDateTime("ends_at");
  if (!starts.isZero() && !ends.isZero() && ends.unix() <= starts.unix()) return "The end must come after the start.";
  return "";
}

function usedCount(app, code) {
  const row = new DynamicModel({ n: 0 });
  app.db().newQuery("SELECT COUNT(*) AS n FROM checkout_sessions WHERE discount_code = {:code} COLLATE NOCASE AND status IN ('paid', 'open')").bind({ code }).one(row);
  return row.n;
}

/** Checks and tidies a code before it is saved (capitals, no coupon cache from the browser). */
function checkCode(app, record, original) {
  record.set("code", record.getString("code").trim().toUpperCase());
  const problem = problemOf(record);
  if (problem) throw new BadRequestError(problem);
  if (original) {
    if (original.getString("code") !== record.getString("code") && usedCount(app, original.getString("code")) > 0) {
      throw new BadRequestError("A code that has been used keeps its name: its orders carry it. Make a new code instead.");
    }
    record.set("stripe_coupons", original.get("stripe_coupons"));
  } else {
    record.set("stripe_coupons", {});
  }
  const same = app.findRecordsByFilter("discount_codes", "code = {:code} && id != {:id}", "", 1, 0, { code: record.getString("code"), id: record.id || "" });
  if (same.length) throw new BadRequestError("There is already a code " + record.getString("code") + ".");
}

function checkDeletable(app, record) {
  if (usedCount(app, record.getString("code")) > 0) {
    throw new BadRequestError("This code has been used, so it stays with its orders. Pause it instead.");
  }
}

/** For each code: its uses, what its orders paid, what it took off, and its orders. */
function report(app) {
  const codes = app.findRecordsByFilter("discount_codes", "id != ''", "code", 0, 0);
  const sessions = app.findRecordsByFilter("checkout_sessions", "discount_code != '' && status = 'paid'", "-created", 0, 0);
  return codes.map((c) => {
    const code = c.getString("code");
    const orders = sessions.filter((s) => s.getString("discount_code") === code);
    const counted = orders.filter((s) => !s.getBool("discount_returned"));
    return {
      id: c.id,
      code,
      uses: counted.length,
      held: require(`${__hooks}/lib/pricing/discounts.js`).countUses(app, code, "status = 'open'"),
      revenue_cents: counted.reduce((n, s) => n + s.getInt("amount_total"), 0),
      discount_cents: counted.reduce((n, s) => n + s.getInt("discount_cents"), 0),
      orders: orders.map((s) => ({
        session_id: s.getString("provider_session_id"),
        paid_at: s.getString("fulfilled_at"),
        amount_total: s.getInt("amount_total"),
        discount_cents: s.getInt("discount_cents"),
        refunded: s.getBool("discount_returned"),
        flag: s.getString("discount_flag"),
      })),
    };
  });
}

module.exports = { checkCode, checkDeletable, report };
