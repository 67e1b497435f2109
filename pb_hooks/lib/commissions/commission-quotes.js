// The studio's quotes: written, revised until the deposit is paid, then added to by changes for
// the difference; declined by a customer who has paid nothing on them.

const DEFAULT_TERMS = "The deposit is non-refundable once work starts, unless the studio says otherwise.";
// Stripe's smallest charge (lib/money/stripe-rules.js): no part of a quote may ask for less.
const MIN_CENTS = 50;

function cents(value, label) {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) throw new BadRequestError(label + " must be a whole number of cents.");
  return value;
}

/** The revisions a quote includes: a whole number from 0 to 100, none when left empty. */
function revisions(value) {
  if (value === undefined || value === null || value === "") return 0;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 100) throw new BadRequestError("The revisions included must be a whole number from 0 to 100.");
  return value;
}

function text(value, max) {
  return String(value == null ? "" : value).trim().slice(0, max);
}

/** The quote's money from the studio's form: the deposit as a percent (default 50) or an amount. */
function readTerms(body, kind) {
  const total = cents(body.total_cents, "The total");
  if (total < MIN_CENTS) throw new BadRequestError("The total must be at least $0.50.");
  let deposit = 0;
  if (kind === "quote") {
    if (body.deposit_cents !== undefined && body.deposit_cents !== null && body.deposit_cents !== "") deposit = cents(body.deposit_cents, "The deposit");
    else {
      const percent = body.deposit_percent === undefined || body.deposit_percent === null || body.deposit_percent === "" ? 50 : Number(body.deposit_percent);
      if (!(percent >= 0 && percent <= 100)) throw new BadRequestError("The deposit must be between 0 and 100 percent.");
      deposit = Math.round((total * percent) / 100);
    }
    if (deposit > total) throw new BadRequestError("The deposit cannot be more than the total.");
    if ((deposit > 0 && deposit < MIN_CENTS) || (total - deposit > 0 && total - deposit < MIN_CENTS)) {
      throw new BadRequestError("The deposit and the balance must each be $0.50 or more (or nothing).");
    }
  }
  return { total, deposit };
}

/**
 * Sends a quote. Before any deposit it replaces the open quote (its payment pages are closed
 * first, so the old price cannot be paid); after one, it is a change for the difference.
 */
function createQuote(app, commissionId, body) {
  const { recompute, postCard, money } = require(`${__hooks}/lib/commissions/commission-ledger.js`);
  let commission;
  try {
    commission = app.findRecordById("commissions", commissionId);
  } catch (_) {
    throw new NotFoundError("This commission does not exist.");
  }
  const started = app.findRecordsByFilter("commission_quotes", "commission = {:c} && kind = 'quote' && (status = 'deposit_paid' || status = 'paid')", "", 1, 0, { c: commissionId });
  const kind = started.length ? "change" : "quote";
  const terms = readTerms(body, kind);
  const revisionsIncluded = revisions(body.revisions_included);
  const open = app.findRecordsByFilter("commission_quotes", "commission = {:c} && kind = {:k} && status = 'open'", "", 0, 0, { c: commissionId, k: kind });
  const payments = require(`${__hooks}/lib/commissions/commission-payments.js`);
  for (const q of open) payments.closeOpenPayments(app, q.id);

  let quote;
  let late = [];
  app.runInTransaction((tx) => {
    for (const old of open) {
      const fresh = tx.findRecordById("commission_quotes", old.id);
      // A payment landed while the old pages were being closed: it stands, and so does its quote.
      if (fresh.getString("status") !== "open") throw new BadRequestError("A payment for the current quote has just arrived: reload the commission before changing it.");
      fresh.set("status", "superseded");
      tx.save(fresh);
      late = late.concat(payments.cancelOpenIn(tx, old.id));
    }
    quote = new Record(tx.findCollectionByNameOrId("commission_quotes"));
    quote.set("commission", commissionId);
    quote.set("kind", kind);
    quote.set("status", "open");
    quote.set("total_cents", terms.total);
    quote.set("deposit_cents", terms.deposit);
    quote.set("included", text(body.included, 5000));
    quote.set("revisions_included", revisionsIncluded);
    quote.set("delivery_date", text(body.delivery_date, 10));
    require(`${__hooks}/lib/base/records.js`).checkCalendarDate(quote, "delivery_date");
    quote.set("refund_terms", text(body.refund_terms, 2000) || DEFAULT_TERMS);
    quote.set("replaces", open.length ? open[0].id : "");
    tx.save(quote);
    const c = recompute(tx, commissionId);
    const summary =
      (kind === "change"
        ? `An addition to the commission: ${money(terms.total)}, payable at once.`
        : `${open.length ? "Revised quote" : "Quote"}: ${money(terms.total)}` + (terms.deposit ? `, deposit ${money(terms.deposit)}, balance ${money(terms.total - terms.deposit)}.` : ", payable at once.")) +
      (revisionsIncluded ? ` ${revisionsIncluded === 1 ? "1 revision" : revisionsIncluded + " revisions"} included.` : "");
    postCard(tx, c, "admin", { type: "quote", quote: quote.id, amount_cents: terms.total }, summary);
    require(`${__hooks}/lib/commissions/commission-mail.js`).quoteSent(tx, c, quote);
  });
  payments.expireAtStripe(late);
  return quote;
}

/** The owner declines an open quote on which nothing is paid. */
function declineQuote(app, quoteId, user, reason) {
  const { recompute, postCard, money } = require(`${__hooks}/lib/commissions/commission-ledger.js`);
  const { quote } = ownedQuote(app, quoteId, user);
  if (quote.getString("status") !== "open") throw new BadRequestError("Only an open quote with nothing paid on it can be declined.");
  const payments = require(`${__hooks}/lib/commissions/commission-payments.js`);
  payments.closeOpenPayments(app, quote.id);
  let late = [];
  app.runInTransaction((tx) => {
    const fresh = tx.findRecordById("commission_quotes", quote.id);
    if (fresh.getString("status") !== "open") throw new BadRequestError("Only an open quote with nothing paid on it can be declined.");
    fresh.set("status", "declined");
    fresh.set("decline_reason", text(reason, 2000));
    tx.save(fresh);
    late = payments.cancelOpenIn(tx, fresh.id);
    const c = recompute(tx, fresh.getString("commission"));
    const why = fresh.getString("decline_reason");
    postCard(tx, c, "customer", { type: "decline", quote: fresh.id, amount_cents: fresh.getInt("total_cents") }, `Declined the quote of ${money(fresh.getInt("total_cents"))}.` + (why ? ` Reason: ${why}` : ""));
    require(`${__hooks}/lib/commissions/commission-mail.js`).quoteDeclined(tx, c, fresh);
  });
  payments.expireAtStripe(late);
  return app.findRecordById("commission_quotes", quote.id);
}

/** A quote of the signed-in customer's own commission; anyone else's does not exist for them. */
function ownedQuote(app, quoteId, user) {
  if (!user) throw new UnauthorizedError("Please sign in to pay or answer a quote.");
  let quote;
  try {
    quote = app.findRecordById("commission_quotes", String(quoteId || ""));
  } catch (_) {
    throw new NotFoundError("This quote does not exist.");
  }
  const commission = app.findRecordById("commissions", quote.getString("commission"));
  if (commission.getString("user") !== user.id) throw new NotFoundError("This quote does not exist.");
  return { quote, commission };
}

module.exports = { createQuote, declineQuote, ownedQuote, DEFAULT_TERMS };
