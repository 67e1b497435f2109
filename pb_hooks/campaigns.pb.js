/// <reference path="../pb_data/types.d.ts" />
// The studio's Letters area: lists and campaigns (lib/letters/campaigns.js). Every route is the studio's
// alone (forStudio); the phone-width preview is a signed address, so the app can show it in a frame.

routerAdd("GET", "/api/studio/letters", (e) => e.json(200, require(`${__hooks}/lib/letters/campaigns.js`).forStudio(e).overview(e.app)));

routerAdd("POST", "/api/studio/letters/settings", (e) => e.json(200, require(`${__hooks}/lib/letters/campaigns.js`).forStudio(e).saveSettings(e.app, e.requestInfo().body || {})), $apis.bodyLimit(4096));

// A letter of up to 200 KB of text, with room for its JSON escaping.
routerAdd("POST", "/api/studio/letters/campaigns", (e) => e.json(200, require(`${__hooks}/lib/letters/campaigns.js`).forStudio(e).saveDraft(e.app, "", e.requestInfo().body)), $apis.bodyLimit(1200000));

routerAdd("POST", "/api/studio/letters/campaigns/{id}", (e) => e.json(200, require(`${__hooks}/lib/letters/campaigns.js`).forStudio(e).saveDraft(e.app, e.request.pathValue("id"), e.requestInfo().body)), $apis.bodyLimit(1200000));

routerAdd("DELETE", "/api/studio/letters/campaigns/{id}", (e) => {
  require(`${__hooks}/lib/letters/campaigns.js`).forStudio(e).removeDraft(e.app, e.request.pathValue("id"));
  return e.noContent(204);
});

routerAdd("GET", "/api/studio/letters/campaigns/{id}/preview", (e) => {
  const campaigns = require(`${__hooks}/lib/letters/campaigns.js`).forStudio(e);
  e.app.findRecordById("campaigns", e.request.pathValue("id"));
  return e.json(200, { url: campaigns.previewUrl(e.app, e.request.pathValue("id")) });
});

routerAdd("POST", "/api/studio/letters/campaigns/{id}/test", (e) => e.json(200, require(`${__hooks}/lib/letters/campaigns.js`).forStudio(e).sendTest(e.app, e.request.pathValue("id"))), $apis.bodyLimit(1024));

routerAdd(
  "POST",
  "/api/studio/letters/campaigns/{id}/send",
  (e) => e.json(200, require(`${__hooks}/lib/letters/campaigns.js`).forStudio(e).schedule(e.app, e.request.pathValue("id"), (e.requestInfo().body || {}).at)),
  $apis.bodyLimit(1024),
);

routerAdd("POST", "/api/studio/letters/campaigns/{id}/pause", (e) => e.json(200, require(`${__hooks}/lib/letters/campaigns.js`).forStudio(e).pause(e.app, e.request.pathValue("id"))), $apis.bodyLimit(1024));

routerAdd("POST", "/api/studio/letters/campaigns/{id}/resume", (e) => e.json(200, require(`${__hooks}/lib/letters/campaigns.js`).forStudio(e).resume(e.app, e.request.pathValue("id"))), $apis.bodyLimit(1024));

// The letter at phone width inside the studio app: the only page of the shop that may be framed,
// by the shop itself, with the letter's own inline styles.
routerAdd("GET", "/letters/preview/{token}", (e) => {
  const html = require(`${__hooks}/lib/letters/campaigns.js`).previewHtml(e.app, e.request.pathValue("token"));
  const h = e.response.header();
  h.set("Cache-Control", "no-store");
  h.set("X-Frame-Options", "SAMEORIGIN");
  h.set("Content-Security-Policy", "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'");
  if (html === null) return e.html(404, "<!doctype html><title>Preview expired</title><p>This preview has expired: open it again from the studio app.</p>");
  return e.html(200, html);
});

// A link in a letter: counted for its campaign, then on to the address the campaign keeps for it.
routerAdd("GET", "/letters/click/{campaign}/{n}/{token}", (e) => {
  const to = require(`${__hooks}/lib/letters/campaigns.js`).click(e.app, e.request.pathValue("campaign"), e.request.pathValue("n"), e.request.pathValue("token"));
  e.response.header().set("Cache-Control", "no-store");
  e.response.header().set("Referrer-Policy", "no-referrer");
  if (!to) return e.html(404, "<!doctype html><title>Link not found</title><p>This link is not in any of our letters. <a href=\"/\">Go to the shop</a></p>");
  return e.redirect(302, to);
});

// New work announced (lib/letters/announcements.js): a piece's list and whether it is in that list's
// letter of the day, announcing it there, and canceling a day's letter before it leaves.
routerAdd("GET", "/api/studio/announcements/{kind}/{id}", (e) => {
  require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
  return e.json(200, require(`${__hooks}/lib/letters/announcements.js`).status(e.app, e.request.pathValue("kind"), e.request.pathValue("id")));
});

routerAdd(
  "POST",
  "/api/studio/announcements",
  (e) => {
    require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
    const body = e.requestInfo().body || {};
    return e.json(200, require(`${__hooks}/lib/letters/announcements.js`).announce(e.app, String(body.kind || ""), String(body.id || "")));
  },
  $apis.bodyLimit(1024),
);

routerAdd("DELETE", "/api/studio/announcements/{id}", (e) => {
  require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
  require(`${__hooks}/lib/letters/announcements.js`).cancel(e.app, e.request.pathValue("id"));
  return e.noContent(204);
});
