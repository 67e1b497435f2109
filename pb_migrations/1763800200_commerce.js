/// <reference path="../pb_data/types.d.ts" />
// Orders, carts, checkout sessions and the newsletter list. Browsers never write these
// directly: the hook routes in pb_hooks do, with prices looked up on the server.

const ADMIN = "@request.auth.is_admin = true";

function timestamps() {
  return [
    { name: "created", type: "autodate", onCreate: true, onUpdate: false },
    { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
  ];
}

function serverOnly(name, fields, indexes, rules) {
  return new Collection(
    Object.assign(
      {
        type: "base",
        name,
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: fields.concat(timestamps()),
        indexes: indexes.concat([`CREATE INDEX idx_${name}_created ON ${name} (created)`]),
      },
      rules || {},
    ),
  );
}

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId("users");

    app.save(
      serverOnly(
        "checkout_sessions",
        [
          // "demo" (built-in provider) or "stripe".
          { name: "provider", type: "select", required: true, maxSelect: 1, values: ["demo", "stripe"] },
          { name: "provider_session_id", type: "text", required: true, max: 255 },
          { name: "status", type: "select", required: true, maxSelect: 1, values: ["open", "paid", "canceled", "expired", "failed"] },
          // Server-priced lines: [{ item_id, item_type, variant, size, color, title, unit_amount, quantity }].
          { name: "line_items", type: "json", maxSize: 200000 },
          { name: "amount_total", type: "number", onlyInt: true, min: 0 },
          { name: "cart_session_id", type: "text", max: 100 },
          { name: "user", type: "relation", collectionId: users.id, maxSelect: 1 },
          { name: "url", type: "text", max: 2000 },
          // Set once, in the same transaction that records the purchases: the idempotency guard.
          { name: "fulfilled_at", type: "date" },
        ],
        ["CREATE UNIQUE INDEX idx_checkout_sessions_provider_id ON checkout_sessions (provider_session_id)"],
      ),
    );

    app.save(
      serverOnly(
        "purchases",
        [
          { name: "user", type: "relation", collectionId: users.id, maxSelect: 1 },
          { name: "product_id", type: "text", max: 100 },
          { name: "product_type", type: "select", maxSelect: 1, values: ["painting", "book", "merchandise", "shipping"] },
          { name: "product_title", type: "text", max: 300 },
          { name: "amount", type: "number", min: 0 },
          { name: "quantity", type: "number", onlyInt: true, min: 0 },
          { name: "status", type: "text", max: 40 },
          { name: "payment_id", type: "text", max: 255 },
          { name: "metadata", type: "json", maxSize: 50000 },
        ],
        [
          "CREATE INDEX idx_purchases_user ON purchases (user)",
          "CREATE INDEX idx_purchases_payment ON purchases (payment_id)",
        ],
        {
          listRule: ADMIN + " || (@request.auth.id != '' && user = @request.auth.id)",
          viewRule: ADMIN + " || (@request.auth.id != '' && user = @request.auth.id)",
        },
      ),
    );

    app.save(
      serverOnly(
        "abandoned_carts",
        [
          { name: "session_id", type: "text", required: true, max: 100 },
          { name: "cart_items", type: "json", maxSize: 200000 },
          { name: "total_price", type: "number", min: 0 },
          { name: "is_converted", type: "bool" },
          { name: "user", type: "relation", collectionId: users.id, maxSelect: 1 },
          { name: "user_email", type: "text", max: 255 },
          { name: "user_name", type: "text", max: 255 },
          { name: "last_activity", type: "autodate", onCreate: true, onUpdate: true },
        ],
        [
          "CREATE UNIQUE INDEX idx_abandoned_carts_session ON abandoned_carts (session_id)",
          "CREATE INDEX idx_abandoned_carts_converted ON abandoned_carts (is_converted, created)",
        ],
        { deleteRule: ADMIN },
      ),
    );

    app.save(
      serverOnly(
        "newsletter_subscribers",
        [
          { name: "email", type: "email", required: true },
          { name: "first_name", type: "text", required: true, max: 100 },
          { name: "last_name", type: "text", required: true, max: 100 },
        ],
        ["CREATE UNIQUE INDEX idx_newsletter_email ON newsletter_subscribers (email)"],
        { deleteRule: ADMIN },
      ),
    );
  },
  (app) => {
    for (const name of ["newsletter_subscribers", "abandoned_carts", "purchases", "checkout_sessions"]) {
      app.delete(app.findCollectionByNameOrId(name));
    }
  },
);
