/// <reference path="../pb_data/types.d.ts" />
// Mail a studio and its customers expect, written in lib/letters/letters.js. Each hook queues its letter
// in the same transaction as the write that calls for it (see lib/base/mail.js); the server sends it
// once that write is committed.

onRecordCreate((e) => {
  e.next();
  require(`${__hooks}/lib/letters/letters.js`).commissionRequested(e.app, e.record);
}, "commissions");

onRecordCreate((e) => {
  e.next();
  require(`${__hooks}/lib/letters/letters.js`).threadMessage(e.app, e.record);
}, "commission_messages");

// A paid order tells the studio and the buyer, once: only the change to "paid" queues letters.
onRecordUpdate((e) => {
  const wasPaid = e.record.original().getString("status") === "paid";
  e.next();
  if (wasPaid || e.record.getString("status") !== "paid") return;
  const letters = require(`${__hooks}/lib/letters/letters.js`);
  letters.orderPaid(e.app, e.record);
  letters.orderReceipt(e.app, e.record);
}, "checkout_sessions");

// Told once: only the change to "refunded" queues the letters.
onRecordUpdate((e) => {
  const was = e.record.original().getString("status");
  e.next();
  if (was === "refunded" || e.record.getString("status") !== "refunded") return;
  require(`${__hooks}/lib/letters/letters.js`).purchaseRefunded(e.app, e.record);
}, "purchases");
