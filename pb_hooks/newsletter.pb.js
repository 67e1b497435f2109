/// <reference path="../pb_data/types.d.ts" />
// Newsletter signups (lib/letters/newsletter.js): the same answer for a new and a known address.

routerAdd(
  "POST",
  "/api/studio/newsletter",
  (e) => {
    require(`${__hooks}/lib/letters/newsletter.js`).subscribe(e.app, e.requestInfo().body || {});
    return e.json(200, { subscribed: true });
  },
  $apis.bodyLimit(4096),
);
