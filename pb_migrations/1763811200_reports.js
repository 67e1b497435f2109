/// <reference path="../pb_data/types.d.ts" />
// Reports without a cookie (docs/decisions/035-reports-counted-by-day.md): a visit per tab session,
// what it saw, and the day's tallies every report reads. Only the server writes them; the studio
// reads the reports through /api/studio/reports, never these rows.

migrate(
  (app) => {
    app.save(
      new Collection({
        type: "base",
        name: "visits",
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          // The day the visit began (UTC), as its tallies are kept.
          { name: "day", type: "text", required: true, max: 10 },
          { name: "landing", type: "text", max: 300 },
          { name: "source", type: "text", max: 120 },
          { name: "campaign", type: "text", max: 200 },
          { name: "code", type: "text", max: 40 },
          // { stages: [...], worlds: [...], characters: [...] }: each counted once per visit.
          { name: "seen", type: "json", maxSize: 20000 },
          { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        ],
      }),
    );
    app.save(
      new Collection({
        type: "base",
        name: "report_days",
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: "metric", type: "text", required: true, max: 40 },
          { name: "day", type: "text", required: true, max: 10 },
          { name: "dim", type: "text", max: 200 },
          { name: "n", type: "number", onlyInt: true },
          { name: "cents", type: "number", onlyInt: true },
        ],
        indexes: [
          "CREATE UNIQUE INDEX idx_report_days_key ON report_days (metric, day, dim)",
          // A few pieces' views over years: each piece's days, not every piece's.
          "CREATE INDEX idx_report_days_dim ON report_days (metric, dim, day)",
        ],
      }),
    );
    // From now on the hooks count every payment as it is made; what was paid before is counted
    // once from the orders themselves (lib/reports/tallies.js countEarlierMoney).
    app
      .db()
      .newQuery("INSERT INTO report_days (metric, day, dim, n, cents) VALUES ('counting_since', {:day}, {:at}, 0, 0)")
      .bind({ day: new Date().toISOString().slice(0, 10), at: new Date().toISOString() })
      .execute();
    const sessions = app.findCollectionByNameOrId("checkout_sessions");
    // The visit the checkout was started in: its payment is counted for that visit's source.
    sessions.fields.add(new TextField({ name: "visit", max: 15 }));
    app.save(sessions);
  },
  (app) => {
    const sessions = app.findCollectionByNameOrId("checkout_sessions");
    sessions.fields.removeByName("visit");
    app.save(sessions);
    app.delete(app.findCollectionByNameOrId("report_days"));
    app.delete(app.findCollectionByNameOrId("visits"));
  },
);
