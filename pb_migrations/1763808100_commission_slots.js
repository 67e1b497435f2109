/// <reference path="../pb_data/types.d.ts" />
// Commission slots per type, the waitlist's marks on a request, and the public board that the
// commission pages and the queue are drawn from (pb_hooks/lib/commissions/commission-slots.js keeps it).

const ADMIN = "@request.auth.is_admin = true";
const TYPES = ["illustrated-book", "indoor-mural", "outdoor-mural", "watercolor-portrait", "watercolor-illustration"];
const BOARD_ID = "commissionboard";
const LABELS = ["Illustrated book", "Indoor mural", "Outdoor mural", "Watercolor portrait", "Watercolor illustration"];

migrate(
  (app) => {
    const types = new Collection({
      type: "base",
      name: "commission_types",
      listRule: ADMIN,
      viewRule: ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "type", type: "select", required: true, maxSelect: 1, values: TYPES },
        { name: "state", type: "select", required: true, maxSelect: 1, values: ["open", "waitlist", "closed"] },
        // 0: open without a limit.
        { name: "slots", type: "number", onlyInt: true, min: 0, max: 1000 },
        { name: "opens_at", type: "date" },
        { name: "closes_at", type: "date" },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: ["CREATE UNIQUE INDEX idx_commission_types_type ON commission_types (type)"],
    });
    app.save(types);
    for (const type of TYPES) {
      const row = new Record(types);
      row.set("type", type);
      row.set("state", "open");
      row.set("slots", 0);
      app.save(row);
    }

    // Public: only what the pages show, never who asked or what for.
    const board = new Collection({
      type: "base",
      name: "commission_board",
      listRule: "",
      viewRule: "",
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "states", type: "json", maxSize: 20000 },
        { name: "queue_public", type: "bool" },
        { name: "queue", type: "json", maxSize: 2000000 },
        // The next opening or closing the studio has set ahead, and the states from then on.
        { name: "next_at", type: "date" },
        { name: "next_states", type: "json", maxSize: 20000 },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
    });
    app.save(board);
    const row = new Record(board);
    row.set("id", BOARD_ID);
    // Every type open without a limit, as the rows above say, so the pages tell the truth from the
    // first start (the hooks keep it from then on: pb_hooks/lib/commissions/commission-slots.js).
    row.set(
      "states",
      TYPES.map((type, i) => ({ type, label: LABELS[i], state: "open", text: "Open", slots: 0, free: -1, waiting: 0, opens_at: "" })),
    );
    row.set("queue_public", true);
    row.set("queue", []);
    row.set("next_states", []);
    app.save(row);

    const commissions = app.findCollectionByNameOrId("commissions");
    const status = commissions.fields.getByName("status");
    status.values = ["Not Started", "In Progress", "Complete", "Declined", "Cancelled"];
    commissions.fields.add(new SelectField({ name: "waitlist", maxSelect: 1, values: ["waiting", "invited", "admitted", "lapsed"] }));
    commissions.fields.add(new DateField({ name: "waitlisted_at" }));
    commissions.fields.add(new DateField({ name: "invited_at" }));
    commissions.addIndex("idx_commissions_waitlist", false, "type, waitlist, waitlisted_at", "");
    app.save(commissions);
  },
  (app) => {
    const commissions = app.findCollectionByNameOrId("commissions");
    commissions.removeIndex("idx_commissions_waitlist");
    for (const name of ["waitlist", "waitlisted_at", "invited_at"]) commissions.fields.removeByName(name);
    app.db().newQuery("UPDATE commissions SET status = 'Complete' WHERE status IN ('Declined', 'Cancelled')").execute();
    commissions.fields.getByName("status").values = ["Not Started", "In Progress", "Complete"];
    app.save(commissions);
    app.delete(app.findCollectionByNameOrId("commission_board"));
    app.delete(app.findCollectionByNameOrId("commission_types"));
  },
);
