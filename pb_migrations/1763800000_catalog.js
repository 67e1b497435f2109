/// <reference path="../pb_data/types.d.ts" />
// The public catalogue: anyone reads it, only the admin writes it (SPEC §6).

const ADMIN = "@request.auth.is_admin = true";
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif"];
const MAX_FILE_BYTES = 10485760;
const THUMBS = ["160x160", "400x0", "800x0", "1200x0"];

function image(name, opts) {
  return Object.assign(
    { name, type: "file", maxSelect: 1, maxSize: MAX_FILE_BYTES, mimeTypes: IMAGE_TYPES, thumbs: THUMBS },
    opts || {},
  );
}

function timestamps() {
  return [
    { name: "created", type: "autodate", onCreate: true, onUpdate: false },
    { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
  ];
}

function catalog(name, fields, indexes) {
  return new Collection({
    type: "base",
    name,
    listRule: "",
    viewRule: "",
    createRule: ADMIN,
    updateRule: ADMIN,
    deleteRule: ADMIN,
    fields: fields.concat(timestamps()),
    indexes: (indexes || []).concat([
      `CREATE INDEX idx_${name}_updated ON ${name} (updated)`,
      `CREATE INDEX idx_${name}_created ON ${name} (created)`,
    ]),
  });
}

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId("users");
    users.fields.add(new TextField({ name: "first_name", max: 100 }));
    users.fields.add(new TextField({ name: "last_name", max: 100 }));
    users.fields.add(new BoolField({ name: "is_admin" }));
    users.listRule = "id = @request.auth.id || " + ADMIN;
    users.viewRule = "id = @request.auth.id || " + ADMIN;
    // is_admin is decided by the server's admin rule; a client naming it is refused outright.
    users.createRule = "@request.body.is_admin:isset = false";
    users.updateRule = "id = @request.auth.id && @request.body.is_admin:isset = false";
    users.deleteRule = "id = @request.auth.id";
    app.save(users);

    app.save(
      catalog(
        "characters",
        [
          { name: "name", type: "text", required: true, max: 120 },
          { name: "description", type: "text", max: 2000 },
          { name: "bio", type: "text", max: 10000 },
          { name: "artist_notes", type: "text", max: 5000 },
          image("image"),
          { name: "character_type", type: "select", required: true, maxSelect: 1, values: ["pebblewick", "cryptid"] },
          { name: "status", type: "select", required: true, maxSelect: 1, values: ["current", "upcoming"] },
          { name: "has_video_story", type: "bool" },
          { name: "youtube_url", type: "url" },
          { name: "printful_store_url", type: "url" },
        ],
        ["CREATE INDEX idx_characters_type_status ON characters (character_type, status)"],
      ),
    );

    const tags = catalog("tags", [{ name: "name", type: "text", required: true, max: 60 }], [
      "CREATE UNIQUE INDEX idx_tags_name ON tags (name)",
    ]);
    app.save(tags);
    for (const name of ["Print - For Sale", "Original - For Sale", "Original - Sold Out", "Custom Artwork"]) {
      const tag = new Record(tags);
      tag.set("name", name);
      app.save(tag);
    }

    app.save(
      catalog(
        "paintings",
        [
          { name: "title", type: "text", required: true, max: 200 },
          { name: "description", type: "text", max: 5000 },
          image("image", { required: true }),
          // tags: list of tag names; tag_prices: { [tagName]: dollars }. Checked by pb_hooks/catalog.pb.js.
          { name: "tags", type: "json", maxSize: 4000 },
          { name: "tag_prices", type: "json", maxSize: 4000 },
          { name: "featured", type: "bool" },
        ],
        ["CREATE INDEX idx_paintings_featured ON paintings (featured)"],
      ),
    );

    app.save(
      catalog(
        "books",
        [
          { name: "title", type: "text", required: true, max: 200 },
          { name: "description", type: "text", max: 10000 },
          image("image", { required: true }),
          image("gallery_images", { maxSelect: 5 }),
          // 0 means "no price": SPEC shows N/A, and a non-positive price is never sold.
          { name: "price", type: "number", min: 0 },
          { name: "featured", type: "bool" },
          { name: "publisher_available", type: "bool" },
          { name: "publisher_in_stock", type: "bool" },
          { name: "publisher_link", type: "url" },
          { name: "website_cart_available", type: "bool" },
        ],
        ["CREATE INDEX idx_books_featured ON books (featured)"],
      ),
    );

    app.save(
      catalog(
        "merchandise",
        [
          { name: "title", type: "text", required: true, max: 200 },
          { name: "description", type: "text", max: 5000 },
          { name: "price", type: "number", min: 0 },
          image("primary_image"),
          image("secondary_images", { maxSelect: 4 }),
          { name: "in_stock", type: "bool" },
          { name: "featured", type: "bool" },
          // null = not tracked, otherwise a whole number >= 0 (checked by the catalog hook).
          { name: "inventory_count", type: "json", maxSize: 32 },
          { name: "available_sizes", type: "json", maxSize: 2000 },
          { name: "available_colors", type: "json", maxSize: 2000 },
        ],
        ["CREATE INDEX idx_merchandise_in_stock ON merchandise (in_stock)"],
      ),
    );

    app.save(
      catalog("murals", [
        { name: "title", type: "text", required: true, max: 200 },
        { name: "description", type: "text", max: 5000 },
        image("image", { required: true }),
        { name: "location", type: "text", max: 200 },
        { name: "year", type: "number", onlyInt: true, min: 1900, max: 2200 },
      ]),
    );

    app.save(
      catalog("artist_profile", [
        { name: "name", type: "text", required: true, max: 120 },
        { name: "bio", type: "text", max: 20000 },
        image("profile_image"),
      ]),
    );
  },
  (app) => {
    for (const name of ["artist_profile", "murals", "merchandise", "books", "paintings", "tags", "characters"]) {
      app.delete(app.findCollectionByNameOrId(name));
    }
    const users = app.findCollectionByNameOrId("users");
    for (const name of ["first_name", "last_name", "is_admin"]) users.fields.removeByName(name);
    app.save(users);
  },
);
