/// <reference path="../pb_data/types.d.ts" />
// Files sold to download: digital items of their own (colouring pages, printables, e-books), files
// attached to them or to a book, a grant per file for each paid line, and the short-lived addresses
// a grant is downloaded through. Files, grants and addresses have no public rule at all: the buyer
// reaches them through the order (pb_hooks/lib/orders/downloads.js) and the host's download route
// (pocketbase/internal/downloads). See docs/decisions/034-digital-downloads.md.

const ADMIN = "@request.auth.is_admin = true";
const PICTURE_TYPES = ["image/jpeg", "image/png", "image/gif"];
// What a file for sale may be, as its content says (the host checks the name agrees).
const FILE_TYPES = ["application/pdf", "image/png", "application/zip"];
const MAX_FILE_BYTES = 500 * 1024 * 1024;
// Grants and addresses are read by the hooks and the host alone.
const NO_RULES = { listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null };

migrate(
  (app) => {
    const items = new Collection({
      type: "base",
      name: "digital_items",
      // Public like the rest of the catalogue; the files behind it are not.
      listRule: "",
      viewRule: "",
      createRule: ADMIN,
      updateRule: ADMIN,
      deleteRule: ADMIN,
      fields: [
        { name: "title", type: "text", required: true, max: 200 },
        // Its own address: /downloads/<slug>.
        { name: "slug", type: "text", required: true, max: 80, pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$" },
        { name: "description", type: "text", max: 10000 },
        { name: "kind", type: "select", required: true, maxSelect: 1, values: ["colouring page", "printable", "e-book"] },
        // Dollars, as every price of the catalogue (docs/decisions/003-empty-numbers.md).
        { name: "price", type: "number", required: true, min: 1, max: 100000 },
        { name: "image", type: "file", required: true, maxSelect: 1, maxSize: 10485760, mimeTypes: PICTURE_TYPES, thumbs: ["160x160", "400x0", "800x0", "1200x0"] },
        { name: "world", type: "select", maxSelect: 1, values: ["pebblewick", "cryptid"] },
        { name: "available", type: "bool" },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: ["CREATE UNIQUE INDEX idx_digital_items_slug ON digital_items (slug)", "CREATE INDEX idx_digital_items_updated ON digital_items (updated)"],
    });
    app.save(items);

    const books = app.findCollectionByNameOrId("books");
    const files = new Collection({
      type: "base",
      name: "digital_files",
      listRule: ADMIN,
      viewRule: ADMIN,
      createRule: ADMIN,
      updateRule: ADMIN,
      deleteRule: ADMIN,
      fields: [
        // Exactly one of the two (the host refuses both or neither).
        { name: "digital_item", type: "relation", collectionId: items.id, maxSelect: 1, cascadeDelete: false },
        { name: "book", type: "relation", collectionId: books.id, maxSelect: 1, cascadeDelete: false },
        { name: "title", type: "text", required: true, max: 200 },
        // Protected: served only by PocketBase's file token (the studio) or the download route.
        { name: "file", type: "file", required: true, maxSelect: 1, maxSize: MAX_FILE_BYTES, mimeTypes: FILE_TYPES, protected: true },
        // A PDF stamped for each buyer (pocketbase/internal/downloads/stamp.go).
        { name: "stamp", type: "bool" },
        // Kept by the host from the content at every upload, whatever a request sends.
        { name: "content_type", type: "text", max: 60 },
        { name: "bytes", type: "number", onlyInt: true, min: 0 },
        { name: "pages", type: "number", onlyInt: true, min: 0 },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: ["CREATE INDEX idx_digital_files_item ON digital_files (digital_item)", "CREATE INDEX idx_digital_files_book ON digital_files (book)"],
    });
    app.save(files);

    const purchases = app.findCollectionByNameOrId("purchases");
    const productType = purchases.fields.getByName("product_type");
    productType.values = productType.values.concat(["digital"]);
    app.save(purchases);

    const sessions = app.findCollectionByNameOrId("checkout_sessions");
    // The EU and UK buyer's consent to lose the right to cancel once a download starts: the
    // wording's version and when it was given (pb_hooks/lib/pricing/withdrawal.js).
    sessions.fields.add(new JSONField({ name: "withdrawal_waiver", maxSize: 2000 }));
    app.save(sessions);

    const grants = new Collection({
      type: "base",
      name: "download_grants",
      ...NO_RULES,
      fields: [
        { name: "purchase", type: "relation", required: true, collectionId: purchases.id, maxSelect: 1, cascadeDelete: false },
        { name: "file", type: "relation", required: true, collectionId: files.id, maxSelect: 1, cascadeDelete: false },
        { name: "order", type: "relation", required: true, collectionId: sessions.id, maxSelect: 1, cascadeDelete: false },
        // Who it is licensed to, as the stamp says it.
        { name: "name", type: "text", max: 200 },
        { name: "email", type: "text", max: 320 },
        { name: "used", type: "number", onlyInt: true, min: 0 },
        { name: "allowed", type: "number", onlyInt: true, min: 0 },
        { name: "expires_at", type: "date", required: true },
        // Why it ends early ("refunded", "disputed"); empty while it stands.
        { name: "revoked", type: "text", max: 200 },
        // Where the copy stamped for this grant is kept, once made.
        { name: "stamped_key", type: "text", max: 300 },
        // Every reset, extension and resend by the studio: [{ act, at, by, note }].
        { name: "acts", type: "json", maxSize: 20000 },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: [
        // Once per file and paid line, whatever repeats the payment's news.
        "CREATE UNIQUE INDEX idx_download_grants_line ON download_grants (purchase, file)",
        "CREATE INDEX idx_download_grants_order ON download_grants (`order`)",
      ],
    });
    app.save(grants);

    const links = new Collection({
      type: "base",
      name: "download_links",
      ...NO_RULES,
      fields: [
        // sha256 of the address's token: the database never holds a working address.
        { name: "token_hash", type: "text", required: true, max: 64 },
        { name: "grant", type: "relation", required: true, collectionId: grants.id, maxSelect: 1, cascadeDelete: true },
        { name: "expires_at", type: "date", required: true },
        // Set by the download that counted: later ranges of it count no more, from its network only.
        { name: "counted_at", type: "date" },
        { name: "network", type: "text", max: 64 },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      ],
      indexes: ["CREATE UNIQUE INDEX idx_download_links_token ON download_links (token_hash)", "CREATE INDEX idx_download_links_grant ON download_links (`grant`)"],
    });
    app.save(links);
  },
  (app) => {
    for (const name of ["download_links", "download_grants", "digital_files", "digital_items"]) app.delete(app.findCollectionByNameOrId(name));
    const purchases = app.findCollectionByNameOrId("purchases");
    const productType = purchases.fields.getByName("product_type");
    productType.values = productType.values.filter((v) => v !== "digital");
    app.save(purchases);
    const sessions = app.findCollectionByNameOrId("checkout_sessions");
    sessions.fields.removeByName("withdrawal_waiver");
    app.save(sessions);
  },
);
