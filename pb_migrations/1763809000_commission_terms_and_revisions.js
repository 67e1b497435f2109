/// <reference path="../pb_data/types.d.ts" />
// Commission terms in versions, the revisions a customer asks for on a proof, and the clock of a
// request waiting for the studio's first answer (decision 025). Browsers write none of these
// directly: the routes of pb_hooks/commission-terms.pb.js do.

const ADMIN = "@request.auth.is_admin = true";
const OWNER = "(@request.auth.id != '' && commission.user = @request.auth.id)";

migrate(
  (app) => {
    app.save(
      new Collection({
        type: "base",
        name: "commission_terms",
        // Only the studio lists every version; the public reads the current one through its route.
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: "version", type: "number", required: true, onlyInt: true, min: 1 },
          { name: "text", type: "text", required: true, max: 20000 },
          // sha-256 of the text, hex: what a request says it accepted is checked against it.
          { name: "digest", type: "text", required: true, max: 64 },
          { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        ],
        indexes: ["CREATE UNIQUE INDEX idx_commission_terms_version ON commission_terms (version)"],
      }),
    );

    const commissions = app.findCollectionByNameOrId("commissions");
    // 0: no terms were written when the request came (or the studio filed it).
    commissions.fields.add(new NumberField({ name: "terms_version", onlyInt: true, min: 0 }));
    commissions.fields.add(new TextField({ name: "terms_digest", max: 64 }));
    // When the request started waiting for the studio, its first answer, and the one reminder.
    commissions.fields.add(new DateField({ name: "waiting_since" }));
    commissions.fields.add(new DateField({ name: "answered_at" }));
    commissions.fields.add(new DateField({ name: "reminded_at" }));
    commissions.addIndex("idx_commissions_unanswered", false, "answered_at, reminded_at, waiting_since", "");
    app.save(commissions);

    // A request the studio already answered (a message, a quote's card, a status) is not waiting.
    app
      .db()
      .newQuery(
        "UPDATE commissions SET answered_at = COALESCE((SELECT MIN(m.created) FROM commission_messages m WHERE m.commission = commissions.id AND m.sender_role = 'admin'), updated)" +
          " WHERE status != 'Not Started' OR EXISTS (SELECT 1 FROM commission_messages m WHERE m.commission = commissions.id AND m.sender_role = 'admin')",
      )
      .execute();
    app.db().newQuery("UPDATE commissions SET waiting_since = created WHERE waiting_since = ''").execute();

    const quotes = app.findCollectionByNameOrId("commission_quotes");
    quotes.fields.add(new NumberField({ name: "revisions_included", onlyInt: true, min: 0, max: 100 }));
    app.save(quotes);

    const files = app.findCollectionByNameOrId("commission_files");
    app.save(
      new Collection({
        type: "base",
        name: "commission_revisions",
        listRule: ADMIN + " || " + OWNER,
        viewRule: ADMIN + " || " + OWNER,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: "commission", type: "relation", required: true, collectionId: commissions.id, maxSelect: 1, cascadeDelete: true },
          { name: "proof", type: "relation", required: true, collectionId: files.id, maxSelect: 1, cascadeDelete: true },
          { name: "number", type: "number", required: true, onlyInt: true, min: 1 },
          // The revisions the commission's quotes included when this one was asked for.
          { name: "included", type: "number", onlyInt: true, min: 0 },
          { name: "note", type: "text", max: 2000 },
          { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        ],
        indexes: [
          // One request per proof: a second press, or a resend after a lost answer, finds the first.
          "CREATE UNIQUE INDEX idx_commission_revisions_proof ON commission_revisions (proof)",
          "CREATE INDEX idx_commission_revisions_commission ON commission_revisions (commission, number)",
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("commission_revisions"));
    const quotes = app.findCollectionByNameOrId("commission_quotes");
    quotes.fields.removeByName("revisions_included");
    app.save(quotes);
    const commissions = app.findCollectionByNameOrId("commissions");
    commissions.removeIndex("idx_commissions_unanswered");
    for (const name of ["terms_version", "terms_digest", "waiting_since", "answered_at", "reminded_at"]) commissions.fields.removeByName(name);
    app.save(commissions);
    app.delete(app.findCollectionByNameOrId("commission_terms"));
  },
);
