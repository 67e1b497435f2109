/// <reference path="../pb_data/types.d.ts" />
// The newsletter: the signup form (lib/letters/newsletter.js), the pages letters link to
// (lib/letters/newsletter-pages.js) and the studio's export and erasure of one address
// (lib/letters/newsletter-records.js). The form answers the same for a new, a pending and a known address.

routerAdd("GET", "/api/studio/newsletter/form", (e) => {
  return e.json(200, require(`${__hooks}/lib/letters/newsletter-lists.js`).signupForm());
});

routerAdd(
  "POST",
  "/api/studio/newsletter",
  (e) => {
    require(`${__hooks}/lib/letters/newsletter.js`).subscribe(e.app, e.requestInfo().body || {}, e);
    return e.json(200, { subscribed: true });
  },
  $apis.bodyLimit(4096),
);

routerAdd("GET", "/letters/confirm/{token}", (e) => {
  const pages = require(`${__hooks}/lib/letters/newsletter-pages.js`);
  const member = require(`${__hooks}/lib/letters/newsletter.js`).pendingFor(e.app, e.request.pathValue("token"));
  return member ? pages.send(e, 200, pages.confirmAsk(member)) : pages.send(e, 404, pages.linkGone("confirm"));
});

routerAdd(
  "POST",
  "/letters/confirm/{token}",
  (e) => {
    const pages = require(`${__hooks}/lib/letters/newsletter-pages.js`);
    const member = require(`${__hooks}/lib/letters/newsletter.js`).confirm(e.app, e.request.pathValue("token"), e);
    if (!member) return pages.send(e, 404, pages.linkGone("confirm"));
    return pages.send(e, 200, pages.confirmed(member, require(`${__hooks}/lib/letters/newsletter-tokens.js`).memberToken(e.app, member.id)));
  },
  $apis.bodyLimit(1024),
);

routerAdd("GET", "/letters/unsubscribe/{token}", (e) => {
  const pages = require(`${__hooks}/lib/letters/newsletter-pages.js`);
  const found = require(`${__hooks}/lib/letters/newsletter-tokens.js`).memberAt(e.app, e.request.pathValue("token"));
  if (!found) return pages.send(e, 404, pages.linkGone("member"));
  return pages.send(e, 200, pages.unsubscribeAsk(found.member, found.token));
});

// RFC 8058 one-click: a mail app POSTs "List-Unsubscribe=One-Click" here, with no sign-in and no
// redirect; the page's own button posts the same. Either stops every list at once.
routerAdd(
  "POST",
  "/letters/unsubscribe/{token}",
  (e) => {
    const pages = require(`${__hooks}/lib/letters/newsletter-pages.js`);
    const found = require(`${__hooks}/lib/letters/newsletter-tokens.js`).memberAt(e.app, e.request.pathValue("token"));
    if (!found) return pages.send(e, 404, pages.linkGone("member"));
    const oneClick = String((e.requestInfo().body || {})["List-Unsubscribe"] || "") === "One-Click";
    const campaign = /^[a-z0-9]{15}$/.test(e.request.url.query().get("c")) ? "campaign:" + e.request.url.query().get("c") : "";
    require(`${__hooks}/lib/letters/newsletter.js`).unsubscribe(e.app, found.member.id, oneClick ? "one-click header" : "unsubscribe page", e, campaign);
    return pages.send(e, 200, pages.unsubscribed(e.app.findRecordById("newsletter_subscribers", found.member.id), found.token));
  },
  $apis.bodyLimit(1024),
);

routerAdd("GET", "/letters/manage/{token}", (e) => {
  const pages = require(`${__hooks}/lib/letters/newsletter-pages.js`);
  const found = require(`${__hooks}/lib/letters/newsletter-tokens.js`).memberAt(e.app, e.request.pathValue("token"));
  if (!found) return pages.send(e, 404, pages.linkGone("member"));
  return pages.send(e, 200, pages.manage(found.member, found.token, ""));
});

routerAdd(
  "POST",
  "/letters/manage/{token}",
  (e) => {
    const pages = require(`${__hooks}/lib/letters/newsletter-pages.js`);
    const found = require(`${__hooks}/lib/letters/newsletter-tokens.js`).memberAt(e.app, e.request.pathValue("token"));
    if (!found) return pages.send(e, 404, pages.linkGone("member"));
    const outcome = require(`${__hooks}/lib/letters/newsletter.js`).chooseLists(e.app, found.member.id, (e.requestInfo().body || {}).lists, e);
    const member = e.app.findRecordById("newsletter_subscribers", found.member.id);
    if (outcome === "unsubscribed") return pages.send(e, 200, pages.unsubscribed(member, found.token));
    return pages.send(e, 200, pages.manage(member, found.token, outcome));
  },
  $apis.bodyLimit(4096),
);

// The studio: everything kept about one address, its erasure, and addresses from an older list.
routerAdd("GET", "/api/studio/newsletter/records", (e) => {
  require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
  return e.json(200, require(`${__hooks}/lib/letters/newsletter-records.js`).exportAddress(e.app, e.request.url.query().get("email")));
});

routerAdd(
  "POST",
  "/api/studio/newsletter/erase",
  (e) => {
    require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
    return e.json(200, require(`${__hooks}/lib/letters/newsletter-records.js`).erase(e.app, (e.requestInfo().body || {}).email));
  },
  $apis.bodyLimit(1024),
);

routerAdd(
  "POST",
  "/api/studio/newsletter/import",
  (e) => {
    require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
    return e.json(200, require(`${__hooks}/lib/letters/newsletter-import.js`).importAddresses(e.app, e.requestInfo().body || {}, e));
  },
  $apis.bodyLimit(1048576),
);
