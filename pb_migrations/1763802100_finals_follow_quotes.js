/// <reference path="../pb_data/types.d.ts" />
// Finals now open once every live quote is paid, whatever was refunded before (see
// lib/commissions/commission-ledger.js). A commission that was refunded in part before its balance arrived
// kept its finals shut, and nothing moves its money again to open them: open them here.

migrate(
  (app) => {
    const stuck = app.findRecordsByFilter("commissions", "finals_released = false && payment_status = 'Partly refunded'", "", 0, 0);
    for (const c of stuck) {
      const live = app.findRecordsByFilter("commission_quotes", "commission = {:c} && (status = 'open' || status = 'deposit_paid' || status = 'paid')", "", 0, 0, { c: c.id });
      if (!live.length || live.some((q) => q.getString("status") !== "paid")) continue;
      c.set("finals_released", true);
      app.save(c);
    }
  },
  () => {
    // Files once opened to their owner stay open: shutting them again is a full refund's to do.
  },
);
