/// <reference path="../pb_data/types.d.ts" />
// The change log the sync route reads (pb_hooks/lib/catalog/sync.js). A plain table rather than a
// collection: nobody reads it through the records API, and INTEGER PRIMARY KEY AUTOINCREMENT
// gives a sequence that SQLite's single writer assigns in commit order.
migrate(
  (app) => {
    const db = app.db();
    db.newQuery(
      `CREATE TABLE studio_changes (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        collection TEXT NOT NULL,
        record_id TEXT NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0,
        at INTEGER NOT NULL
      )`,
    ).execute();
    // One row per record: a newer change replaces the older one with a new sequence number.
    db.newQuery("CREATE UNIQUE INDEX idx_studio_changes_record ON studio_changes (collection, record_id)").execute();
    db.newQuery("CREATE INDEX idx_studio_changes_tombstones ON studio_changes (deleted, at)").execute();
    // horizon: the newest sequence number of a pruned tombstone; a cursor below it has missed deletions.
    db.newQuery("CREATE TABLE studio_changes_state (key TEXT PRIMARY KEY, value INTEGER NOT NULL)").execute();
    db.newQuery("INSERT INTO studio_changes_state (key, value) VALUES ('horizon', 0)").execute();
  },
  (app) => {
    app.db().newQuery("DROP TABLE IF EXISTS studio_changes").execute();
    app.db().newQuery("DROP TABLE IF EXISTS studio_changes_state").execute();
  },
);
