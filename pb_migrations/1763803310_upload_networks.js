/// <reference path="../pb_data/types.d.ts" />
// An upload by an account that has not confirmed its address remembers the network it came from
// (a digest, pb_hooks/lib/base/callers.js), so one network's new accounts share one day's allowance
// (pb_hooks/lib/accounts/uploads.js) and cannot spend the allowance of every new customer. Hidden: never shown.
const TABLES = ["commission_files", "commission_messages"];

migrate(
  (app) => {
    for (const name of TABLES) {
      const c = app.findCollectionByNameOrId(name);
      c.fields.add(new TextField({ name: "upload_network", max: 80, hidden: true }));
      c.addIndex("idx_" + name + "_upload_network", false, "upload_network, created", "");
      app.save(c);
    }
  },
  (app) => {
    for (const name of TABLES) {
      const c = app.findCollectionByNameOrId(name);
      c.removeIndex("idx_" + name + "_upload_network");
      c.fields.removeByName("upload_network");
      app.save(c);
    }
  },
);
