// What a digital item's page says of its files (/downloads/<slug>): each file's type, pages and
// size, kept on the item's public `files` field. The files' own records stay the studio's alone,
// so their names and storage keys never reach a visitor; this summary is all that does.
const TYPES = { "application/pdf": "PDF", "image/png": "PNG", "application/zip": "ZIP" };

function filesSummary(app, itemId) {
  if (!itemId) return [];
  return app.findRecordsByFilter("digital_files", "digital_item = {:id}", "created,id", 0, 0, { id: itemId }).map((f) => ({
    type: TYPES[f.getString("content_type")] || "File",
    pages: f.getInt("pages"),
    bytes: f.getInt("bytes"),
  }));
}

/** Writes the summary onto the item about to be saved, whatever the request sent for it. */
function summarize(app, item) {
  item.set("files", filesSummary(app, item.id));
}

/** Saves the items a file was and is attached to, so their summaries (and pages) follow it. */
function refreshItems(app, file) {
  const ids = new Set([file.getString("digital_item"), file.original().getString("digital_item")]);
  for (const id of ids) {
    if (!id) continue;
    const item = app.findFirstRecordByFilter("digital_items", "id = {:id}", { id });
    if (item) app.save(item);
  }
}

module.exports = { filesSummary, summarize, refreshItems };
