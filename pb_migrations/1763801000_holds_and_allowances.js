/// <reference path="../pb_data/types.d.ts" />
// Who holds what: a checkout remembers its holder (a customer, or a visitor's address) so one
// holder cannot keep the whole shop in open checkouts, and a saved cart remembers the address it
// came from so one address cannot fill the disk with carts. Both are hidden: an address's digest
// is for counting, never for showing.
migrate(
  (app) => {
    const sessions = app.findCollectionByNameOrId("checkout_sessions");
    sessions.fields.add(new TextField({ name: "holder", max: 80, hidden: true }));
    sessions.addIndex("idx_checkout_sessions_cart", false, "cart_session_id", "");
    app.save(sessions);

    const carts = app.findCollectionByNameOrId("abandoned_carts");
    carts.fields.add(new TextField({ name: "client_key", max: 80, hidden: true }));
    carts.addIndex("idx_abandoned_carts_client", false, "client_key, created", "");
    app.save(carts);
  },
  (app) => {
    const sessions = app.findCollectionByNameOrId("checkout_sessions");
    sessions.fields.removeByName("holder");
    sessions.removeIndex("idx_checkout_sessions_cart");
    app.save(sessions);
    const carts = app.findCollectionByNameOrId("abandoned_carts");
    carts.fields.removeByName("client_key");
    carts.removeIndex("idx_abandoned_carts_client");
    app.save(carts);
  },
);
