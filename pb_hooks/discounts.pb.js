/// <reference path="../pb_data/types.d.ts" />
// Discount codes: the studio's checks on saving and deleting one, and its report. Applying a code
// to an order is lib/pricing/discounts.js, called by lib/pricing/pricing.js.

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/pricing/discount-admin.js`).checkCode(e.app, e.record, null);
  e.next();
}, "discount_codes");

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/pricing/discount-admin.js`).checkCode(e.app, e.record, e.record.original());
  e.next();
}, "discount_codes");

onRecordDeleteRequest((e) => {
  require(`${__hooks}/lib/pricing/discount-admin.js`).checkDeletable(e.app, e.record);
  e.next();
}, "discount_codes");

routerAdd("GET", "/api/studio/discounts/report", (e) => {
  require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
  return e.json(200, { codes: require(`${__hooks}/lib/pricing/discount-admin.js`).report(e.app) });
});
