/// <reference path="../pb_data/types.d.ts" />
// The studio's commission terms: anyone reads the current version, the studio writes a new one, and
// a commission's two sides read the version it accepted (lib/commissions/commission-terms.js).

routerAdd("GET", "/api/studio/commission-terms", (e) => {
  const terms = require(`${__hooks}/lib/commissions/commission-terms.js`);
  return e.json(200, terms.view(terms.current(e.app)));
});

routerAdd(
  "POST",
  "/api/studio/commission-terms",
  (e) => {
    require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
    return e.json(200, require(`${__hooks}/lib/commissions/commission-terms.js`).saveTerms(e.app, e.requestInfo().body || {}));
  },
  $apis.bodyLimit(131072),
);

routerAdd("GET", "/api/studio/commissions/{id}/terms", (e) => {
  const { signedInCustomer } = require(`${__hooks}/lib/base/callers.js`);
  const user = signedInCustomer(e);
  const studio = e.hasSuperuserAuth() || (user && user.getBool("is_admin"));
  let commission = null;
  try {
    commission = e.app.findRecordById("commissions", e.request.pathValue("id"));
  } catch (_) {
    // answered below as for someone else's
  }
  if (!commission || (!studio && (!user || commission.getString("user") !== user.id))) throw new NotFoundError("This commission does not exist.");
  return e.json(200, require(`${__hooks}/lib/commissions/commission-terms.js`).acceptedBy(e.app, commission));
});
