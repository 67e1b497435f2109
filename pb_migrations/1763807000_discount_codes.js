/// <reference path="../pb_data/types.d.ts" />
// Discount codes the studio makes (pb_hooks/lib/pricing/discounts.js), and what each checkout took off.
// The studio reads and writes codes from its app; browsers never read them, so a code cannot be
// listed, only tried, and tries are counted (docs/decisions/023-discount-codes.md).

const ADMIN = "@request.auth.is_admin = true";

migrate(
  (app) => {
    app.save(
      new Collection({
        type: "base",
        name: "discount_codes",
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: ADMIN,
        updateRule: ADMIN,
        // A used code is kept (lib/pricing/discount-admin.js refuses its deletion): its orders point to it.
        deleteRule: ADMIN,
        fields: [
          // Letters and digits, kept in capitals: SPRING10 and spring10 are one code.
          { name: "code", type: "text", required: true, min: 3, max: 32, pattern: "^[A-Z0-9]+$" },
          { name: "kind", type: "select", required: true, maxSelect: 1, values: ["percent", "fixed", "free_shipping"] },
          { name: "percent", type: "number", onlyInt: true, min: 0, max: 100 },
          { name: "amount_cents", type: "number", onlyInt: true, min: 0, max: 100000000 },
          // Empty: everything but originals. Else only these kinds.
          { name: "applies_to", type: "select", maxSelect: 4, values: ["prints", "originals", "books", "merchandise"] },
          { name: "min_subtotal_cents", type: "number", onlyInt: true, min: 0, max: 100000000 },
          { name: "starts_at", type: "date" },
          { name: "ends_at", type: "date" },
          // 0: no cap.
          { name: "max_uses", type: "number", onlyInt: true, min: 0, max: 1000000 },
          { name: "once_per_buyer", type: "bool" },
          { name: "active", type: "bool" },
          // Stripe coupons made for this code, by amount off in cents: { "1234": "coupon id" }.
          { name: "stripe_coupons", type: "json", maxSize: 200000 },
          { name: "created", type: "autodate", onCreate: true, onUpdate: false },
          { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
        ],
        indexes: ["CREATE UNIQUE INDEX idx_discount_codes_code ON discount_codes (code COLLATE NOCASE)"],
      }),
    );

    const sessions = app.findCollectionByNameOrId("checkout_sessions");
    sessions.fields.add(new TextField({ name: "discount_code", max: 32 }));
    sessions.fields.add(new NumberField({ name: "discount_cents", onlyInt: true, min: 0 }));
    sessions.fields.add(new BoolField({ name: "discount_free_shipping" }));
    // Set when the order is refunded in full: its use of the code is given back.
    sessions.fields.add(new BoolField({ name: "discount_returned" }));
    // A guest's e-mail that had already used a once-per-buyer code, found when it was paid.
    sessions.fields.add(new TextField({ name: "discount_flag", max: 500 }));
    sessions.addIndex("idx_checkout_sessions_discount", false, "discount_code, status", "");
    app.save(sessions);
  },
  (app) => {
    const sessions = app.findCollectionByNameOrId("checkout_sessions");
    sessions.removeIndex("idx_checkout_sessions_discount");
    for (const name of ["discount_code", "discount_cents", "discount_free_shipping", "discount_returned", "discount_flag"]) sessions.fields.removeByName(name);
    app.save(sessions);
    app.delete(app.findCollectionByNameOrId("discount_codes"));
  },
);
