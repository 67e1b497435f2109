// Paying a commission: a hosted payment page per deposit, balance or change, its amount taken from
// the quote on the server, and each payment recorded once however often its news arrives.

// Long enough to fetch a card from another room; within Stripe's 30 minutes to 24 hours.
const SESSION_HOURS = 2;
// An open page this close to its end is not handed out again.
const REUSE_MARGIN_MS = 10 * 60000;
// How long a press waits for the page another press is opening; past the Stripe call's own 30 s
// timeout, a reservation still without its page was abandoned.
const OPENING_MS = 40000;

function findBySession(app, sessionId) {
  return app.findRecordsByFilter("commission_payments", "provider_session_id = {:id}", "", 1, 0, { id: String(sessionId || "") })[0] || null;
}

function isoNow(offsetMs) {
  return new Date(Date.now() + (offsetMs || 0)).toISOString().replace("T", " ");
}

/**
 * Opens (or hands back the open) payment page for what is due on the owner's quote. Returns
 * { url, session_id, kind, amount_cents }. A quote has one open payment at a time, reserved
 * before the provider is called: presses of Pay that arrive together get the same page, never
 * two that could both be paid.
 */
function startPayment(app, quoteId, user) {
  const config = require(`${__hooks}/lib/base/config.js`);
  const { quote, commission } = require(`${__hooks}/lib/commissions/commission-quotes.js`).ownedQuote(app, quoteId, user);
  const provider = config.paymentProvider();
  const first = require(`${__hooks}/lib/commissions/commission-ledger.js`).dueOn(quote);
  if (first.problem) throw new BadRequestError(first.problem);
  if (!provider) throw new ApiError(503, "Payments are not set up yet. Please try again later.", null);
  // Pages that can no longer be handed out are closed first, then the reservation is tried again.
  for (let round = 0; round < 3; round++) {
    const found = reserve(app, quote.id, user, provider);
    if (found.ready) return summaryOf(found.ready);
    if (found.stale) {
      closePayments(app, found.stale);
      continue;
    }
    if (found.mine) return openAtProvider(app, found.mine, commission, user);
    return waitForPage(app, found.opening.id);
  }
  throw new ApiError(409, "The payment page is changing: please press Pay again.", null);
}

/**
 * In one transaction (they are serialised), finds the quote's open payment or reserves a new
 * one: { ready } a page to hand back, { opening } a page another press is opening, { stale }
 * pages to close first, or { mine } a reservation this press is to open at the provider.
 */
function reserve(app, quoteId, user, provider) {
  const { dueOn } = require(`${__hooks}/lib/commissions/commission-ledger.js`);
  let found = null;
  app.runInTransaction((tx) => {
    const quote = tx.findRecordById("commission_quotes", quoteId);
    const due = dueOn(quote);
    if (due.problem) throw new BadRequestError(due.problem);
    const open = tx.findRecordsByFilter("commission_payments", "quote = {:q} && status = 'open'", "-created", 0, 0, { q: quoteId });
    let keep = null;
    const stale = [];
    for (const p of open) {
      const same = p.getString("provider") === provider && p.getString("kind") === due.kind && p.getInt("amount_cents") === due.amount_cents;
      if (!keep && same && p.getString("url") && p.getString("expires_at") > isoNow(REUSE_MARGIN_MS)) keep = { ready: p };
      else if (!keep && same && !p.getString("url") && p.getString("created") > isoNow(-OPENING_MS)) keep = { opening: p };
      else stale.push(p);
    }
    found = stale.length ? { stale } : keep;
    if (found) return;
    const payment = new Record(tx.findCollectionByNameOrId("commission_payments"));
    payment.set("commission", quote.getString("commission"));
    payment.set("quote", quoteId);
    payment.set("user", user.id);
    payment.set("kind", due.kind);
    payment.set("amount_cents", due.amount_cents);
    payment.set("status", "open");
    payment.set("provider", provider);
    payment.set("provider_session_id", "pending_" + $security.randomString(24));
    payment.set("expires_at", new Date(Date.now() + SESSION_HOURS * 3600000).toISOString());
    payment.set("refunded_cents", 0);
    payment.set("refunds", []);
    tx.save(payment);
    found = { mine: payment };
  });
  return found;
}

/** Opens the reserved payment's page at the provider and records it on the reservation. */
function openAtProvider(app, payment, commission, user) {
  const { money } = require(`${__hooks}/lib/commissions/commission-ledger.js`);
  const kind = payment.getString("kind");
  const title = (commission.getString("title") || "commission").replace(/-/g, " ");
  const name = { deposit: "Deposit", balance: "Balance", change: "Addition" }[kind] + " for your " + title + " commission";
  let session;
  if (payment.getString("provider") === "stripe") {
    try {
      const tax = require(`${__hooks}/lib/pricing/tax.js`).stripeTaxOfCommission(app);
      session = require(`${__hooks}/lib/money/stripe.js`).createCommissionSession(payment, name, tax, user.email(), new Date(payment.getString("expires_at").replace(" ", "T")));
    } catch (err) {
      markPayment(app, payment.getString("provider_session_id"), "failed");
      throw err;
    }
  } else {
    const id = "demo_" + $security.randomString(24);
    session = { id, url: "/stripe-example?session_id=" + id };
  }
  let opened = null;
  app.runInTransaction((tx) => {
    const fresh = tx.findRecordById("commission_payments", payment.id);
    // The quote was revised while the page was opening, and the reservation closed with it.
    if (fresh.getString("status") !== "open") return;
    fresh.set("provider_session_id", session.id);
    fresh.set("url", session.url);
    tx.save(fresh);
    opened = fresh;
  });
  if (!opened) {
    if (payment.getString("provider") === "stripe") {
      try {
        require(`${__hooks}/lib/money/stripe.js`).expireCheckoutSession(session.id);
      } catch (err) {
        console.error("commission payment page left open at Stripe:", payment.id, session.id, String(err));
      }
    }
    throw new BadRequestError("This quote changed while its payment page was opening: reload the commission and pay the current quote.");
  }
  console.log("commission payment opened:", opened.id, kind, money(opened.getInt("amount_cents")));
  return summaryOf(opened);
}

/** Waits for the page another press is opening for the same payment, and hands it back. */
function waitForPage(app, paymentId) {
  const until = Date.now() + OPENING_MS;
  while (Date.now() < until) {
    sleep(100);
    const p = app.findRecordById("commission_payments", paymentId);
    if (p.getString("status") !== "open") break;
    if (p.getString("url")) return summaryOf(p);
  }
  // Closed by a revision or a decline meanwhile: say so, as a press arriving now would hear.
  const due = require(`${__hooks}/lib/commissions/commission-ledger.js`).dueOn(app.findRecordById("commission_quotes", app.findRecordById("commission_payments", paymentId).getString("quote")));
  if (due.problem) throw new BadRequestError(due.problem);
  throw new ApiError(409, "The payment page could not be opened just now: please press Pay again.", null);
}

function summaryOf(payment) {
  return { url: payment.getString("url"), session_id: payment.getString("provider_session_id"), kind: payment.getString("kind"), amount_cents: payment.getInt("amount_cents") };
}

/**
 * Closes every open payment page of a quote, at Stripe first, so an old price cannot be paid
 * after the quote changed. A page Stripe will not close (it was paid meanwhile) stops the change.
 */
function closeOpenPayments(app, quoteId) {
  closePayments(app, app.findRecordsByFilter("commission_payments", "quote = {:q} && status = 'open'", "", 0, 0, { q: quoteId }));
}

function closePayments(app, payments) {
  for (const p of payments) {
    const id = p.getString("provider_session_id");
    if (p.getString("provider") === "stripe" && id.indexOf("cs_") === 0) {
      try {
        require(`${__hooks}/lib/money/stripe.js`).expireCheckoutSession(id);
      } catch (err) {
        // Closed already, by a press or a revision at the same moment: that is what was wanted.
        if (!closedAtStripe(id)) throw new BadRequestError("A payment for this quote is under way at the payment provider: wait for it to finish, then try again.");
      }
    }
    markPayment(app, id, "canceled");
  }
}

/**
 * In the transaction that ends a quote: cancels the pages a press opened after they were closed,
 * so none stays open on a quote that no longer takes payments. Returns the Stripe sessions to
 * expire once the transaction is committed; a reservation still opening expires its own.
 */
function cancelOpenIn(tx, quoteId) {
  const sessions = [];
  for (const p of tx.findRecordsByFilter("commission_payments", "quote = {:q} && status = 'open'", "", 0, 0, { q: quoteId })) {
    p.set("status", "canceled");
    tx.save(p);
    if (p.getString("provider") === "stripe" && p.getString("provider_session_id").indexOf("cs_") === 0) sessions.push(p.getString("provider_session_id"));
  }
  return sessions;
}

/** Expires Stripe sessions already canceled here; one paid meanwhile arrives as a payment that did not match. */
function expireAtStripe(sessionIds) {
  for (const id of sessionIds) {
    try {
      require(`${__hooks}/lib/money/stripe.js`).expireCheckoutSession(id);
    } catch (err) {
      if (!closedAtStripe(id)) console.error("commission payment page left open at Stripe:", id, String(err));
    }
  }
}

function closedAtStripe(sessionId) {
  try {
    return require(`${__hooks}/lib/money/stripe.js`).retrieveCheckoutSession(sessionId).status === "expired";
  } catch (_) {
    return false;
  }
}

/** Closes an open payment as canceled, expired or failed; a paid one stays paid. */
function markPayment(app, sessionId, status) {
  app.runInTransaction((tx) => {
    const p = findBySession(tx, sessionId);
    if (!p || p.getString("paid_at") || p.getString("status") !== "open") return;
    p.set("status", status);
    tx.save(p);
  });
}

/**
 * Records a paid payment once and moves the commission's money. `reported` is what the provider
 * says was paid ({ amount_total, currency, livemode, metadata }); anything that does not match
 * the payment, or a payment the quote no longer expects, is kept for the studio and moves
 * nothing. Returns "recorded", "already" or "mismatch".
 */
function recordPayment(app, sessionId, reported, paymentIntent) {
  const ledger = require(`${__hooks}/lib/commissions/commission-ledger.js`);
  const letters = require(`${__hooks}/lib/commissions/commission-mail.js`);
  let outcome = "already";
  app.runInTransaction((tx) => {
    // Re-read inside the transaction: SQLite serialises writers, so a repeat sees paid_at.
    const p = findBySession(tx, sessionId);
    if (!p) throw new NotFoundError("This payment does not exist.");
    if (p.getString("paid_at") || p.getString("status") === "amount_mismatch") return;
    const quote = tx.findRecordById("commission_quotes", p.getString("quote"));
    const commission = tx.findRecordById("commissions", p.getString("commission"));
    const why = mismatchOf(p, quote, reported);
    if (why) {
      p.set("status", "amount_mismatch");
      p.set("mismatch", { reason: why, reported: { amount_total: reported.amount_total, currency: reported.currency, livemode: !!reported.livemode }, at: new Date().toISOString() });
      p.set("payment_intent", paymentIntent || "");
      tx.save(p);
      ledger.postCard(tx, commission, "admin", { type: "mismatch", payment: p.id, amount_cents: Number(reported.amount_total) || 0 }, "A payment arrived that did not match what was asked; the studio will look into it.");
      letters.paymentNotMatching(tx, commission, p, why);
      outcome = "mismatch";
      return;
    }
    p.set("status", "paid");
    p.set("paid_at", new Date().toISOString());
    p.set("payment_intent", paymentIntent || "");
    tx.save(p);
    quote.set("status", ledger.statusAfter(quote, p.getString("kind")));
    tx.save(quote);
    const wasReleased = commission.getBool("finals_released");
    const c = ledger.recompute(tx, commission.id);
    const label = { deposit: "Deposit", balance: "Balance", change: "Payment" }[p.getString("kind")];
    ledger.postCard(tx, c, "admin", { type: "receipt", payment: p.id, quote: quote.id, amount_cents: p.getInt("amount_cents") }, `${label} received: ${ledger.money(p.getInt("amount_cents"))}. Thank you!`);
    letters.paymentReceived(tx, c, p, !wasReleased && c.getBool("finals_released"));
    outcome = "recorded";
  });
  return outcome;
}

/** Why a paid event is not the payment the quote asked for ("" when it is). */
function mismatchOf(payment, quote, reported) {
  const { dueOn } = require(`${__hooks}/lib/commissions/commission-ledger.js`);
  // Stripe Tax (STUDIO_TAX=stripe) adds its tax on top of an exclusive price: the rest is what was asked.
  const stripeTax = require(`${__hooks}/lib/pricing/tax.js`).mode() === "stripe" && require(`${__hooks}/lib/pricing/shop-settings.js`).taxSettings($app).tax_behavior !== "inclusive";
  const added = stripeTax ? Number((reported.total_details && reported.total_details.amount_tax) || 0) : 0;
  if (Number(reported.amount_total) - added !== payment.getInt("amount_cents")) {
    return `The amount paid (${reported.amount_total} cents) differs from the amount asked (${payment.getInt("amount_cents")} cents).`;
  }
  if (String(reported.currency || "").toLowerCase() !== "usd") return `The payment was in ${reported.currency}, not USD.`;
  if (reported.livemode !== undefined) {
    const live = require(`${__hooks}/lib/base/config.js`).stripeSecretKey().indexOf("sk_live_") === 0;
    if (!!reported.livemode !== live) return "The payment was made in the wrong Stripe mode (test or live).";
  }
  const meta = reported.metadata || {};
  if (meta.commission_payment_id && meta.commission_payment_id !== payment.id) return "The payment names another commission payment.";
  const due = dueOn(quote);
  if (due.problem || due.kind !== payment.getString("kind") || due.amount_cents !== payment.getInt("amount_cents")) {
    return `The quote no longer expected this ${payment.getString("kind")} (${due.problem || "another amount is due"}).`;
  }
  return "";
}

/** The Stripe webhook's events for a commission payment. Returns the JSON to answer with. */
function handleStripeEvent(app, event, object) {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const paid = event.type === "checkout.session.async_payment_succeeded" || object.payment_status === "paid";
      if (!paid) return { received: true };
      const intent = typeof object.payment_intent === "string" ? object.payment_intent : (object.payment_intent && object.payment_intent.id) || "";
      return { received: true, outcome: recordPayment(app, object.id, object, intent) };
    }
    case "checkout.session.async_payment_failed":
      markPayment(app, object.id, "failed");
      break;
    case "checkout.session.expired":
      markPayment(app, object.id, "expired");
      break;
  }
  return { received: true };
}

/** What the success and demo pages may know about a commission payment. */
function paymentSummary(app, sessionId) {
  const p = findBySession(app, sessionId);
  if (!p) throw new NotFoundError("This checkout session does not exist.");
  const { money } = require(`${__hooks}/lib/commissions/commission-ledger.js`);
  const commission = app.findRecordById("commissions", p.getString("commission"));
  const title = { deposit: "Deposit", balance: "Balance", change: "Addition" }[p.getString("kind")] + " · " + (commission.getString("title") || "commission").replace(/-/g, " ");
  if (p.getString("status") === "open" && p.getString("expires_at") && p.getString("expires_at") < isoNow()) markPayment(app, sessionId, "expired");
  const fresh = findBySession(app, sessionId);
  return {
    session_id: sessionId,
    provider: fresh.getString("provider"),
    expires_at: fresh.getString("expires_at"),
    status: fresh.getString("status"),
    amount_total: fresh.getInt("amount_cents"),
    shipping: 0,
    commission: commission.id,
    lines: [{ title, quantity: 1, unit_amount: fresh.getInt("amount_cents"), item_type: "commission" }],
    label: title + " " + money(fresh.getInt("amount_cents")),
  };
}

/** The demo page's Pay: the same recording as a paid Stripe session, at exactly the asked amount. */
function payDemo(app, sessionId) {
  const p = findBySession(app, sessionId);
  if (!p) throw new NotFoundError("This checkout session does not exist.");
  require(`${__hooks}/lib/orders/checkout-sessions.js`).requireDemoPayable(p);
  if (!p.getString("paid_at")) {
    const summary = paymentSummary(app, sessionId);
    if (summary.status !== "open") throw new BadRequestError("This checkout is " + summary.status + " and can no longer be paid.");
  }
  recordPayment(app, sessionId, { amount_total: p.getInt("amount_cents"), currency: "usd", metadata: { commission_payment_id: p.id } }, "");
  return paymentSummary(app, sessionId);
}

module.exports = { findBySession, startPayment, closeOpenPayments, cancelOpenIn, expireAtStripe, markPayment, recordPayment, handleStripeEvent, paymentSummary, payDemo };
