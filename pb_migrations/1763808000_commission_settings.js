/// <reference path="../pb_data/types.d.ts" />
// How much commission work the studio takes in (issue 37): one row, read by the studio, written
// only through the hook routes so every change is checked and the public pages are refreshed.
// overall_state is what the studio chose; overall_opens_at / overall_closes_at turn it open or
// closed at that time, worked out again on every read so a restart never misses one.

const ADMIN = "@request.auth.is_admin = true";
// The one row's id, so no second row can ever be taken for it.
const SETTINGS_ID = "commissionsetup";

migrate(
  (app) => {
    const settings = new Collection({
      type: "base",
      name: "commission_settings",
      listRule: ADMIN,
      viewRule: ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        // What takes a slot: an accepted request, a sent quote, or a paid deposit.
        { name: "fill_rule", type: "select", required: true, maxSelect: 1, values: ["accepted", "quoted", "deposit"] },
        { name: "overall_state", type: "select", required: true, maxSelect: 1, values: ["open", "waitlist", "closed"] },
        // 0: no limit over all types together.
        { name: "overall_slots", type: "number", onlyInt: true, min: 0, max: 1000 },
        { name: "overall_opens_at", type: "date" },
        { name: "overall_closes_at", type: "date" },
        { name: "invite_hold_hours", type: "number", required: true, onlyInt: true, min: 1, max: 720 },
        { name: "queue_public", type: "bool" },
        { name: "reminder_days", type: "number", required: true, onlyInt: true, min: 1, max: 365 },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
    });
    app.save(settings);

    const row = new Record(settings);
    row.set("id", SETTINGS_ID);
    row.set("fill_rule", "deposit");
    row.set("overall_state", "open");
    row.set("overall_slots", 0);
    row.set("invite_hold_hours", 48);
    row.set("queue_public", true);
    row.set("reminder_days", 7);
    app.save(row);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("commission_settings"));
  },
);
