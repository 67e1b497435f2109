/// <reference path="../pb_data/types.d.ts" />
// The DKIM selector the mail provider signs with: the Letters area looks up <selector>._domainkey of the
// sender's domain (pocketbase/internal/mail/senderdns.go) beside its SPF and DMARC records.

migrate(
  (app) => {
    const settings = app.findCollectionByNameOrId("newsletter_settings");
    settings.fields.add(new TextField({ name: "dkim_selector", max: 253, pattern: "^$|^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$" }));
    app.save(settings);
  },
  (app) => {
    const settings = app.findCollectionByNameOrId("newsletter_settings");
    settings.fields.removeByName("dkim_selector");
    app.save(settings);
  },
);
