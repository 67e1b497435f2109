/// <reference path="../pb_data/types.d.ts" />
// "Tell me when it's back" (lib/letters/wishes.js): the form's words, a visitor's wish, the studio's
// count of who waits for what, and the saves of the catalogue that bring an item back.

routerAdd("GET", "/api/studio/wishes/form", (e) => e.json(200, require(`${__hooks}/lib/letters/wishes.js`).wishForm()));

// The same answer whatever the address's state: only the letters it receives differ.
routerAdd(
  "POST",
  "/api/studio/wishes",
  (e) => {
    require(`${__hooks}/lib/letters/wishes.js`).wish(e, e.requestInfo().body || {});
    return e.json(200, { waiting: true });
  },
  $apis.bodyLimit(4096),
);

routerAdd("GET", "/api/studio/wishes/{kind}/{id}", (e) => {
  require(`${__hooks}/lib/base/callers.js`).requireStudio(e);
  return e.json(200, require(`${__hooks}/lib/letters/wishes.js`).waitingFor(e.app, e.request.pathValue("kind"), e.request.pathValue("id")));
});

onRecordUpdate((e) => {
  const wishes = require(`${__hooks}/lib/letters/wishes.js`);
  const before = e.record.original();
  const was = e.record.collection().name === "books" ? wishes.bookBuyable(before) : wishes.merchandiseBuyable(before);
  e.next();
  wishes.afterItemSaved(e.app, e.record, was);
}, "merchandise", "books");

onRecordUpdate((e) => {
  const was = require(`${__hooks}/lib/letters/wishes.js`).originalForSale(e.record.original());
  e.next();
  require(`${__hooks}/lib/letters/wishes.js`).afterPaintingSaved(e.app, e.record, was);
}, "paintings");

onRecordCreate((e) => {
  e.next();
  require(`${__hooks}/lib/letters/wishes.js`).afterPaintingSaved(e.app, e.record, false);
}, "paintings");
