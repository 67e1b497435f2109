/// <reference path="../pb_data/types.d.ts" />
// Shipping zones, classes and rates, and the studio's tax settings (docs/decisions/022): two
// documents in shop_settings, checked whole on every save (pb_hooks/shop-settings.pb.js). The
// seeded shipping keeps the flat 495 cents per order. Merchandise may name its own class, and a
// checkout session keeps what its order was priced with: the place, the zone, shipping and tax.

const ADMIN = "@request.auth.is_admin = true";

const SHIPPING = {
  classes: [
    { id: "print", name: "Print", tax_code: "txcd_99999999" },
    { id: "original", name: "Framed original", tax_code: "txcd_99999999" },
    { id: "book", name: "Book", tax_code: "txcd_35010000" },
    { id: "small", name: "Small item", tax_code: "txcd_99999999" },
  ],
  defaults: { "painting:print": "print", "painting:original": "original", "book:autographed": "book", merchandise: "small" },
  zones: [
    {
      id: "everywhere",
      name: "Everywhere",
      rest_of_world: true,
      countries: [],
      free_over_cents: null,
      rates: Object.fromEntries(["print", "original", "book", "small"].map((id) => [id, { first_cents: 495, additional_cents: 0, min_days: null, max_days: null }])),
    },
  ],
};

const TAX = {
  prices_include_tax: false,
  rates: [],
  home_country: "",
  tax_behavior: "exclusive",
  commission_tax_code: "txcd_20030000",
  shipping_tax_code: "txcd_92010001",
};

const SESSION_FIELDS = [
  { name: "subtotal_cents", type: "number", onlyInt: true, min: 0 },
  { name: "shipping_cents", type: "number", onlyInt: true, min: 0 },
  { name: "tax_cents", type: "number", onlyInt: true, min: 0 },
  // Tax the prices already hold (STUDIO_TAX=manual with prices that include tax): shown, not added.
  { name: "tax_included_cents", type: "number", onlyInt: true, min: 0 },
  { name: "tax_mode", type: "text", max: 10 },
  { name: "ship_country", type: "text", max: 2 },
  { name: "ship_region", type: "text", max: 3 },
  { name: "shipping_zone", type: "text", max: 60 },
  // { zone_name, countries, estimate, tax_label }: what Stripe's page and the demo page were told.
  { name: "shipping_details", type: "json", maxSize: 20000 },
  // Set when the paid address lies outside the zone priced: { reason, priced, reported, at }.
  { name: "address_mismatch", type: "json", maxSize: 5000 },
];

migrate(
  (app) => {
    const settings = new Collection({
      type: "base",
      name: "shop_settings",
      listRule: ADMIN,
      viewRule: ADMIN,
      createRule: null,
      updateRule: ADMIN,
      deleteRule: null,
      fields: [
        { name: "key", type: "text", required: true, max: 40 },
        { name: "value", type: "json", maxSize: 200000 },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: ["CREATE UNIQUE INDEX idx_shop_settings_key ON shop_settings (key)"],
    });
    app.save(settings);
    for (const [key, value] of [["shipping", SHIPPING], ["tax", TAX]]) {
      const r = new Record(settings);
      r.set("key", key);
      r.set("value", value);
      app.save(r);
    }

    const merchandise = app.findCollectionByNameOrId("merchandise");
    // Empty: the studio's default class for merchandise.
    merchandise.fields.add(new TextField({ name: "shipping_class", max: 40 }));
    app.save(merchandise);

    const sessions = app.findCollectionByNameOrId("checkout_sessions");
    for (const f of SESSION_FIELDS) sessions.fields.add(f.type === "json" ? new JSONField(f) : f.type === "number" ? new NumberField(f) : new TextField(f));
    app.save(sessions);
    // Orders from before zones paid the flat 495 and no tax.
    app.db().newQuery("UPDATE checkout_sessions SET shipping_cents = 495, tax_mode = 'off' WHERE tax_mode = '' OR tax_mode IS NULL").execute();
  },
  (app) => {
    const sessions = app.findCollectionByNameOrId("checkout_sessions");
    for (const f of SESSION_FIELDS) sessions.fields.removeByName(f.name);
    app.save(sessions);
    const merchandise = app.findCollectionByNameOrId("merchandise");
    merchandise.fields.removeByName("shipping_class");
    app.save(merchandise);
    app.delete(app.findCollectionByNameOrId("shop_settings"));
  },
);
