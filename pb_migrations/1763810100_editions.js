/// <reference path="../pb_data/types.d.ts" />
// Numbered editions of a painting's print and their ledger: one row per number sold and per
// number refunded, each with a digest of the row before it (pb_hooks/lib/orders/edition-ledger.js writes them,
// the host checks them: pocketbase/internal/editions).

const ADMIN = "@request.auth.is_admin = true";

migrate(
  (app) => {
    const paintings = app.findCollectionByNameOrId("paintings");
    const editions = new Collection({
      type: "base",
      name: "editions",
      // Public like the painting it is a print of: the piece page shows what is left.
      listRule: "",
      viewRule: "",
      createRule: ADMIN,
      updateRule: ADMIN,
      deleteRule: ADMIN,
      fields: [
        { name: "painting", type: "relation", required: true, collectionId: paintings.id, maxSelect: 1, cascadeDelete: false },
        { name: "size", type: "number", required: true, onlyInt: true, min: 1, max: 10000 },
        { name: "artist_proofs", type: "number", onlyInt: true, min: 0, max: 1000 },
        { name: "paper", type: "text", required: true, max: 200 },
        { name: "dimensions", type: "text", max: 100 },
        // Dollars, as every price of the catalogue (docs/decisions/003-empty-numbers.md).
        { name: "price", type: "number", required: true, min: 1, max: 100000 },
        { name: "print_date", type: "date" },
        // Kept by the server from the ledger on every save: whatever a request sends is replaced.
        { name: "issued", type: "number", onlyInt: true, min: 0 },
        { name: "ledger_head", type: "text", max: 64 },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: ["CREATE INDEX idx_editions_painting ON editions (painting)"],
    });
    app.save(editions);

    const purchases = app.findCollectionByNameOrId("purchases");
    const productType = purchases.fields.getByName("product_type");
    productType.values = productType.values.concat(["edition"]);
    app.save(purchases);
    // No API rules: the ledger is read through the verify page only, which never names a buyer.
    const ledger = new Collection({
      type: "base",
      name: "edition_ledger",
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "edition", type: "relation", required: true, collectionId: editions.id, maxSelect: 1, cascadeDelete: false },
        { name: "seq", type: "number", required: true, onlyInt: true, min: 1 },
        { name: "number", type: "number", required: true, onlyInt: true, min: 1, max: 10000 },
        { name: "event", type: "select", required: true, maxSelect: 1, values: ["sold", "refunded"] },
        // The moment as written into the digest, character for character.
        { name: "at", type: "text", required: true, max: 40 },
        { name: "purchase", type: "relation", collectionId: purchases.id, maxSelect: 1, cascadeDelete: false },
        { name: "prev", type: "text", max: 64 },
        { name: "digest", type: "text", required: true, max: 64 },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      ],
      indexes: [
        "CREATE UNIQUE INDEX idx_edition_ledger_seq ON edition_ledger (edition, seq)",
        // A number is sold once and refunded at most once, whatever the code above it does.
        "CREATE UNIQUE INDEX idx_edition_ledger_number ON edition_ledger (edition, number, event)",
        "CREATE INDEX idx_edition_ledger_purchase ON edition_ledger (purchase)",
      ],
    });
    app.save(ledger);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("edition_ledger"));
    app.delete(app.findCollectionByNameOrId("editions"));
    const purchases = app.findCollectionByNameOrId("purchases");
    const productType = purchases.fields.getByName("product_type");
    productType.values = productType.values.filter((v) => v !== "edition");
    app.save(purchases);
  },
);
