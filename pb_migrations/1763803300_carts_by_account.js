/// <reference path="../pb_data/types.d.ts" />
// An account that has not confirmed its address may start only so many carts a day from any
// network (pb_hooks/lib/accounts/cart-limits.js): that count reads carts by account and day.
migrate(
  (app) => {
    const carts = app.findCollectionByNameOrId("abandoned_carts");
    carts.addIndex("idx_abandoned_carts_user", false, "user, created", "");
    app.save(carts);
  },
  (app) => {
    const carts = app.findCollectionByNameOrId("abandoned_carts");
    carts.removeIndex("idx_abandoned_carts_user");
    app.save(carts);
  },
);
