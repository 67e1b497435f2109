/// <reference path="../pb_data/types.d.ts" />
// A digital item's public summary of its files (type, pages, size) for its page, /downloads/<slug>:
// the files themselves stay the studio's (pb_hooks/lib/catalog/download-files.js keeps it).

migrate(
  (app) => {
    const items = app.findCollectionByNameOrId("digital_items");
    items.fields.add(new JSONField({ name: "files", maxSize: 20000 }));
    app.save(items);
    const types = { "application/pdf": "PDF", "image/png": "PNG", "application/zip": "ZIP" };
    for (const item of app.findAllRecords("digital_items")) {
      const files = app.findRecordsByFilter("digital_files", "digital_item = {:id}", "created,id", 0, 0, { id: item.id });
      item.set("files", files.map((f) => ({ type: types[f.getString("content_type")] || "File", pages: f.getInt("pages"), bytes: f.getInt("bytes") })));
      app.saveNoValidate(item);
    }
  },
  (app) => {
    const items = app.findCollectionByNameOrId("digital_items");
    items.fields.removeByName("files");
    app.save(items);
  },
);
