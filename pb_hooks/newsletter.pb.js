/// <reference path="../pb_data/types.d.ts" />
// Newsletter signups (lib/newsletter.js): the same answer for a new and a known address.

routerAdd(
  "POST",
  "/api/studio/newsletter",
  (e) => {
    require(`${__hooks}/lib/newsletter.js`).subscribe(e.app, e.requestInfo().body || {});
    return e.json(200, { subscribed: true });
  },
  $apis.bodyLimit(4096),
);
