/// <reference path="../pb_data/types.d.ts" />
// The studio's shipping and tax settings: each save is checked whole (lib/pricing/shop-settings.js) and
// refused with the first problem, so nothing is half-saved; the places the cart can pick from;
// and the tax and sales report (lib/orders/tax-report.js).

onRecordUpdateRequest((e) => {
  const s = require(`${__hooks}/lib/pricing/shop-settings.js`);
  const { readJson } = require(`${__hooks}/lib/base/records.js`);
  const key = e.record.original().getString("key");
  if (e.record.getString("key") !== key) throw new BadRequestError("A setting's key cannot change.");
  const value = readJson(e.record, "value", null);
  if (key === "shipping") {
    const shipping = s.checkShipping(value, s.classesInUse(e.app));
    const ids = shipping.classes.map((c) => c.id);
    for (const r of s.taxSettings(e.app).rates) {
      for (const id of Object.keys(r.class_percent || {})) {
        if (ids.indexOf(id) < 0) throw new BadRequestError('The shipping class "' + id + '" still has a tax rate for ' + r.country + ": remove that rate first.");
      }
    }
    e.record.set("value", shipping);
  } else if (key === "tax") {
    e.record.set("value", s.checkTax(value, s.shippingSettings(e.app)));
  } else {
    throw new BadRequestError("Unknown setting.");
  }
  e.next();
}, "shop_settings");

// A merchandise item's class must be one the studio has; empty means the default for merchandise.
onRecordValidate((e) => {
  const id = e.record.getString("shipping_class");
  if (id && !require(`${__hooks}/lib/pricing/shop-settings.js`).shippingSettings(e.app).classes.some((c) => c.id === id)) {
    throw new BadRequestError('There is no shipping class "' + id + '". Choose one from the list.');
  }
  e.next();
}, "merchandise");

// What the cart's country picker needs: every country code (the browser names them), the ones
// the shop ships to, and whether US orders must name their state (sales tax set per state).
routerAdd("GET", "/api/studio/shipping/places", (e) => {
  const { ISO_CODES, US_STATES } = require(`${__hooks}/lib/pricing/countries.js`);
  const { shippedCountries } = require(`${__hooks}/lib/pricing/shipping.js`);
  const s = require(`${__hooks}/lib/pricing/shop-settings.js`);
  const tax = require(`${__hooks}/lib/pricing/tax.js`);
  const byState = tax.mode() === "manual" && s.taxSettings(e.app).rates.some((r) => r.country === "US" && r.region);
  // payments: the checkout dialog says so when the demo page stands in for Stripe's.
  const payments = require(`${__hooks}/lib/base/config.js`).paymentProvider();
  return e.json(200, { countries: ISO_CODES, shipped: shippedCountries(s.shippingSettings(e.app)), us_states: byState ? US_STATES : [], tax_mode: tax.mode(), payments });
});

routerAdd("GET", "/api/studio/admin/tax-report", (e) => {
  require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
  const { taxReport, reportCsv } = require(`${__hooks}/lib/orders/tax-report.js`);
  const q = e.request.url.query();
  const report = taxReport(e.app, q.get("from"), q.get("to"));
  if (q.get("format") !== "csv") return e.json(200, report);
  e.response.header().set("Content-Disposition", 'attachment; filename="tax-and-sales-' + report.from + "-to-" + report.to + '.csv"');
  return e.blob(200, "text/csv; charset=utf-8", toBytes(reportCsv(report)));
});
