/// <reference path="../pb_data/types.d.ts" />
// Catalogue rules the schema cannot say on its own. Model hooks run for every write (API,
// admin UI, seed), so no path around them exists.

onRecordCreate((e) => {
  require(`${__hooks}/lib/catalog/catalog-rules.js`).checkPainting(e.app, e.record);
  e.next();
}, "paintings");

onRecordUpdate((e) => {
  require(`${__hooks}/lib/catalog/catalog-rules.js`).checkPainting(e.app, e.record);
  e.next();
}, "paintings");

onRecordCreate((e) => {
  require(`${__hooks}/lib/catalog/catalog-rules.js`).checkMerchandise(e.record);
  e.next();
}, "merchandise");

onRecordUpdate((e) => {
  require(`${__hooks}/lib/catalog/catalog-rules.js`).checkMerchandise(e.record);
  e.next();
}, "merchandise");

// Defaults SPEC §3 gives for fields a request may leave out.
onRecordCreateRequest((e) => {
  const body = e.requestInfo().body;
  if (body.website_cart_available === undefined) e.record.set("website_cart_available", true);
  e.next();
}, "books");

onRecordCreateRequest((e) => {
  const body = e.requestInfo().body;
  if (body.in_stock === undefined) e.record.set("in_stock", true);
  e.next();
}, "merchandise");

// The artist profile is a single row.
onRecordCreate((e) => {
  if (e.app.countRecords("artist_profile") > 0) {
    throw new BadRequestError("The artist profile already exists; edit it instead.");
  }
  e.next();
}, "artist_profile");
