/// <reference path="../pb_data/types.d.ts" />
// Shipments: what left the studio, by which carrier and under which tracking number, for an order's
// lines or for a commission's physical original. Only the hook routes of pb_hooks/shipments.pb.js
// write them. Every paid order gains an unguessable key for its own page and a fulfilment state
// the server keeps.

const ADMIN = "@request.auth.is_admin = true";
const CARRIERS = ["usps", "ups", "fedex", "dhl", "royal_mail", "canada_post", "australia_post", "deutsche_post", "la_poste", "other"];
const FULFILMENT = ["unfulfilled", "partly_shipped", "shipped", "delivered", "refunded"];
const KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

migrate(
  (app) => {
    const sessions = app.findCollectionByNameOrId("checkout_sessions");
    const commissions = app.findCollectionByNameOrId("commissions");

    sessions.fields.add(new TextField({ name: "order_key", hidden: true, max: 43 }));
    sessions.fields.add(new DateField({ name: "delivered_at" }));
    sessions.fields.add(new SelectField({ name: "fulfilment", maxSelect: 1, values: FULFILMENT }));
    sessions.addIndex("idx_checkout_sessions_order_key", true, "order_key", "order_key != ''");
    sessions.addIndex("idx_checkout_sessions_fulfilment", false, "fulfilment, created", "");
    app.save(sessions);

    // Paid before this migration: each order gets its key, and a state read from its purchases.
    const paid = app.findRecordsByFilter("checkout_sessions", "status = 'paid'", "created", 0, 0);
    for (const s of paid) {
      if (!s.getString("order_key")) s.set("order_key", $security.randomStringWithAlphabet(43, KEY_ALPHABET));
      const lines = app.findRecordsByFilter("purchases", "payment_id = {:id}", "", 0, 0, { id: s.getString("provider_session_id") });
      const refunded = lines.length > 0 && lines.every((p) => p.getString("status") === "refunded");
      s.set("fulfilment", refunded ? "refunded" : "unfulfilled");
      app.save(s);
    }

    app.save(
      new Collection({
        type: "base",
        name: "shipments",
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: "order", type: "relation", collectionId: sessions.id, maxSelect: 1, cascadeDelete: false },
          { name: "commission", type: "relation", collectionId: commissions.id, maxSelect: 1, cascadeDelete: false },
          // Indexes into the order's line_items; empty for a commission.
          { name: "lines", type: "json", maxSize: 5000 },
          { name: "carrier", type: "select", maxSelect: 1, values: CARRIERS },
          { name: "tracking_number", type: "text", max: 40 },
          { name: "tracking_url", type: "url" },
          { name: "note", type: "text", max: 1000 },
          { name: "shipped_at", type: "date" },
          // The studio app's idempotency key: a double tap or an outbox replay finds the first shipment.
          { name: "request_id", type: "text", max: 64 },
          { name: "stripe_sync", type: "select", maxSelect: 1, values: ["none", "pending", "done", "failed"] },
          { name: "stripe_error", type: "text", max: 2000 },
          { name: "created", type: "autodate", onCreate: true, onUpdate: false },
          { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_shipments_request ON shipments ("order", "commission", "request_id")',
          'CREATE INDEX idx_shipments_order ON shipments ("order", "created")',
          "CREATE INDEX idx_shipments_commission ON shipments (commission, created)",
          "CREATE INDEX idx_shipments_stripe_sync ON shipments (stripe_sync)",
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("shipments"));
    const sessions = app.findCollectionByNameOrId("checkout_sessions");
    sessions.removeIndex("idx_checkout_sessions_order_key");
    sessions.removeIndex("idx_checkout_sessions_fulfilment");
    for (const name of ["order_key", "delivered_at", "fulfilment"]) sessions.fields.removeByName(name);
    app.save(sessions);
  },
);
