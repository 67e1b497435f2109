/// <reference path="../pb_data/types.d.ts" />
// Commission money: the studio's quotes and refunds, the customer's decline and payments. Every
// amount comes from the quote on the server; a browser only names what it wants to do.

routerAdd(
  "POST",
  "/api/studio/commissions/{id}/quotes",
  (e) => {
    require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
    const quote = require(`${__hooks}/lib/commissions/commission-quotes.js`).createQuote(e.app, e.request.pathValue("id"), e.requestInfo().body || {});
    return e.json(200, quote);
  },
  $apis.bodyLimit(32768),
);

routerAdd(
  "POST",
  "/api/studio/commission-quotes/{id}/decline",
  (e) => {
    const user = require(`${__hooks}/lib/base/callers.js`).signedInCustomer(e);
    const body = e.requestInfo().body || {};
    return e.json(200, require(`${__hooks}/lib/commissions/commission-quotes.js`).declineQuote(e.app, e.request.pathValue("id"), user, body.reason));
  },
  $apis.bodyLimit(8192),
);

routerAdd(
  "POST",
  "/api/studio/commission-quotes/{id}/pay",
  (e) => {
    const user = require(`${__hooks}/lib/base/callers.js`).signedInCustomer(e);
    return e.json(200, require(`${__hooks}/lib/commissions/commission-payments.js`).startPayment(e.app, e.request.pathValue("id"), user));
  },
  $apis.bodyLimit(1024),
);

routerAdd(
  "POST",
  "/api/studio/commission-payments/{id}/refund",
  (e) => {
    require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
    const result = require(`${__hooks}/lib/commissions/commission-refunds.js`).refundPayment(e.app, e.request.pathValue("id"), e.requestInfo().body || {});
    return e.json(200, { refund: result.refund, repeated: result.repeated, payment: e.app.findRecordById("commission_payments", e.request.pathValue("id")) });
  },
  $apis.bodyLimit(4096),
);

// The money of a commission follows its quotes and payments; nobody writes it by hand, the studio
// included, or the ledger and the record would disagree.
onRecordUpdateRequest((e) => {
  const body = e.requestInfo().body || {};
  const locked = ["payment_status", "total_price", "amount_paid", "finals_released"].filter((k) => body[k] !== undefined);
  if (locked.length) throw new BadRequestError("A commission's price and payments change only through its quotes, payments and refunds.");
  e.next();
}, "commissions");
