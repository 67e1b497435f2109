/// <reference path="../pb_data/types.d.ts" />
// The browser that opened a checkout holds a key to it (a cookie only the checkout routes read);
// the session keeps its digest, so its order page's address goes to that browser alone
// (pb_hooks/lib/checkout.js). A checkout's id is no such key: it travels in addresses.

migrate(
  (app) => {
    const sessions = app.findCollectionByNameOrId("checkout_sessions");
    sessions.fields.add(new TextField({ name: "buyer_key_digest", hidden: true, max: 64 }));
    app.save(sessions);
  },
  (app) => {
    const sessions = app.findCollectionByNameOrId("checkout_sessions");
    sessions.fields.removeByName("buyer_key_digest");
    app.save(sessions);
  },
);
