/// <reference path="../pb_data/types.d.ts" />
// What the mail provider reports after a letter left: bounces and complaints from Postmark or Amazon SES
// (pb_hooks/lib/letters/mail-reports.js). A member with three soft bounces in 30 days is paused: off
// every campaign until they sign up again, without the finality of a suppression.

migrate(
  (app) => {
    const subscribers = app.findCollectionByNameOrId("newsletter_subscribers");
    subscribers.fields.getByName("state").values = ["pending", "confirmed", "unsubscribed", "suppressed", "paused"];
    app.save(subscribers);
    const consents = app.findCollectionByNameOrId("newsletter_consents");
    consents.fields.getByName("action").values = ["signed_up", "confirmed", "lists_changed", "unsubscribed", "suppressed", "imported", "paused"];
    app.save(consents);

    const campaigns = app.findCollectionByNameOrId("campaigns");
    app.save(
      new Collection({
        type: "base",
        name: "mail_reports",
        listRule: "@request.auth.is_admin = true",
        viewRule: "@request.auth.is_admin = true",
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: "provider", type: "select", required: true, maxSelect: 1, values: ["postmark", "ses"] },
          // The provider's own id of the report: a report delivered twice counts once.
          { name: "report_id", type: "text", required: true, max: 200 },
          { name: "email", type: "text", required: true, max: 254 },
          { name: "kind", type: "select", required: true, maxSelect: 1, values: ["hard_bounce", "soft_bounce", "complaint"] },
          // The campaign whose letter last reached this address, when there was one.
          { name: "campaign", type: "relation", collectionId: campaigns.id, maxSelect: 1, cascadeDelete: false },
          { name: "detail", type: "text", max: 500 },
          { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        ],
        indexes: [
          "CREATE UNIQUE INDEX idx_mail_reports_once ON mail_reports (provider, report_id, email)",
          "CREATE INDEX idx_mail_reports_email ON mail_reports (email, kind, created)",
          "CREATE INDEX idx_mail_reports_campaign ON mail_reports (campaign, kind)",
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("mail_reports"));
    app.db().newQuery("UPDATE newsletter_subscribers SET state = 'confirmed' WHERE state = 'paused'").execute();
    const subscribers = app.findCollectionByNameOrId("newsletter_subscribers");
    subscribers.fields.getByName("state").values = ["pending", "confirmed", "unsubscribed", "suppressed"];
    app.save(subscribers);
  },
);
