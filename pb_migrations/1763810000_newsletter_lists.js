/// <reference path="../pb_data/types.d.ts" />
// The list that sends: double opt-in subscribers on the lists they chose, the log of every change
// of their consent, erased addresses kept as digests, the studio's letter settings, campaigns and
// one row per recipient of a campaign (docs/decisions/028-newsletter-campaigns-and-consent.md).
// Browsers write none of these directly: the routes of pb_hooks/newsletter.pb.js and
// pb_hooks/campaigns.pb.js do, and the server's mail worker sends.

const ADMIN = "@request.auth.is_admin = true";

function created() {
  return { name: "created", type: "autodate", onCreate: true, onUpdate: false };
}

function updated() {
  return { name: "updated", type: "autodate", onCreate: true, onUpdate: true };
}

function serverOnly(name, fields, indexes) {
  return new Collection({
    type: "base",
    name,
    listRule: ADMIN,
    viewRule: ADMIN,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields,
    indexes,
  });
}

migrate(
  (app) => {
    const subscribers = app.findCollectionByNameOrId("newsletter_subscribers");
    // pending until the confirmation link is pressed; only confirmed addresses get campaigns.
    subscribers.fields.add(new SelectField({ name: "state", required: true, maxSelect: 1, values: ["pending", "confirmed", "unsubscribed", "suppressed"] }));
    subscribers.fields.add(new JSONField({ name: "lists", maxSize: 2000 }));
    // sha-256 of the one-use confirmation token; the token itself is only in the letter.
    subscribers.fields.add(new TextField({ name: "confirm_digest", max: 64, hidden: true }));
    subscribers.fields.add(new DateField({ name: "confirm_expires" }));
    subscribers.fields.add(new DateField({ name: "confirm_sent_at" }));
    subscribers.fields.add(new DateField({ name: "confirmed_at" }));
    subscribers.addIndex("idx_newsletter_state", false, "state", "");
    app.save(subscribers);
    // Addresses kept before double opt-in never confirmed anything: they wait, unsent to, until they do.
    app.db().newQuery("UPDATE newsletter_subscribers SET state = 'pending', lists = '[\"news\"]' WHERE state = ''").execute();

    app.save(
      serverOnly(
        "newsletter_consents",
        [
          { name: "subscriber", type: "relation", required: true, collectionId: subscribers.id, maxSelect: 1, cascadeDelete: true },
          { name: "action", type: "select", required: true, maxSelect: 1, values: ["signed_up", "confirmed", "lists_changed", "unsubscribed", "suppressed", "imported"] },
          // The form, link or header it came through: "signup form", "confirmation link", "one-click header", ...
          { name: "via", type: "text", required: true, max: 100 },
          { name: "wording_version", type: "number", onlyInt: true, min: 0 },
          // sha-256 of the network (an IPv4 address or an IPv6 /64), never the address itself.
          { name: "network_digest", type: "text", max: 64 },
          { name: "lists", type: "json", maxSize: 2000 },
          { name: "detail", type: "text", max: 500 },
          created(),
        ],
        ["CREATE INDEX idx_newsletter_consents_subscriber ON newsletter_consents (subscriber, created)"],
      ),
    );

    app.save(
      serverOnly(
        "newsletter_erasures",
        [
          // sha-256 of the lower-cased address: enough to refuse it again, nothing to read it back.
          { name: "email_digest", type: "text", required: true, max: 64 },
          created(),
        ],
        ["CREATE UNIQUE INDEX idx_newsletter_erasures_digest ON newsletter_erasures (email_digest)"],
      ),
    );

    const settings = serverOnly(
      "newsletter_settings",
      [
        // The studio's postal address: required in every marketing letter, so before the first campaign.
        { name: "postal_address", type: "text", max: 500 },
        { name: "rate_per_second", type: "number", min: 0.1, max: 100 },
        { name: "daily_cap", type: "number", onlyInt: true, min: 1, max: 1000000 },
        // Signs the per-recipient unsubscribe and preferences addresses. Never leaves the server.
        { name: "signing_key", type: "text", required: true, max: 128, hidden: true },
        updated(),
      ],
      [],
    );
    app.save(settings);
    const row = new Record(settings);
    row.set("rate_per_second", 5);
    row.set("daily_cap", 2000);
    row.set("signing_key", $security.randomString(64));
    app.save(row);

    const campaigns = serverOnly(
      "campaigns",
      [
        { name: "subject", type: "text", required: true, max: 200 },
        { name: "preview", type: "text", max: 200 },
        // The studio's text: paragraphs, "## " headings, [words](https://…) links.
        { name: "body", type: "text", max: 200000 },
        // [{ list: "gallery" | "murals" | "shop" | "books" | "pebblewick" | "cryptids", id }]
        { name: "pieces", type: "json", maxSize: 4000 },
        { name: "lists", type: "json", maxSize: 500 },
        { name: "state", type: "select", required: true, maxSelect: 1, values: ["draft", "scheduled", "sending", "paused", "sent"] },
        { name: "send_at", type: "date" },
        { name: "started_at", type: "date" },
        { name: "finished_at", type: "date" },
        // The letter as sent, with {{letters_url}} and {{unsubscribe_url}} filled in per recipient.
        { name: "html", type: "text", max: 250000 },
        { name: "text", type: "text", max: 250000 },
        { name: "recipients", type: "number", onlyInt: true, min: 0 },
        // The addresses the letter links to, in order: /letters/click/<campaign>/<n>/… leads to the n-th.
        { name: "links", type: "json", maxSize: 100000 },
        created(),
        updated(),
      ],
      ["CREATE INDEX idx_campaigns_state ON campaigns (state, send_at)"],
    );
    app.save(campaigns);

    app.save(
      serverOnly(
        "campaign_sends",
        [
          { name: "campaign", type: "relation", required: true, collectionId: campaigns.id, maxSelect: 1, cascadeDelete: true },
          { name: "subscriber", type: "relation", collectionId: subscribers.id, maxSelect: 1, cascadeDelete: false },
          { name: "email", type: "text", required: true, max: 254 },
          // queued → sending → sent | refused | failed; skipped when the member left first;
          // interrupted when the server stopped mid-letter (never sent again: no second copy).
          { name: "state", type: "select", required: true, maxSelect: 1, values: ["queued", "sending", "sent", "refused", "failed", "skipped", "interrupted"] },
          { name: "attempts", type: "number", onlyInt: true, min: 0 },
          { name: "error", type: "text", max: 1000 },
          { name: "send_after", type: "date" },
          { name: "sent_at", type: "date" },
          created(),
        ],
        [
          "CREATE UNIQUE INDEX idx_campaign_sends_once ON campaign_sends (campaign, email)",
          "CREATE INDEX idx_campaign_sends_state ON campaign_sends (state, campaign)",
          "CREATE INDEX idx_campaign_sends_sent_at ON campaign_sends (sent_at)",
        ],
      ),
    );

    app.save(
      serverOnly(
        "campaign_clicks",
        [
          { name: "campaign", type: "relation", required: true, collectionId: campaigns.id, maxSelect: 1, cascadeDelete: true },
          { name: "subscriber", type: "relation", required: true, collectionId: subscribers.id, maxSelect: 1, cascadeDelete: true },
          { name: "link", type: "number", onlyInt: true, min: 0 },
          created(),
        ],
        // A member's clicks on one link count once, however often a mail scanner follows it.
        ["CREATE UNIQUE INDEX idx_campaign_clicks_once ON campaign_clicks (campaign, subscriber, link)"],
      ),
    );
  },
  (app) => {
    for (const name of ["campaign_clicks", "campaign_sends", "campaigns", "newsletter_settings", "newsletter_erasures", "newsletter_consents"]) {
      app.delete(app.findCollectionByNameOrId(name));
    }
  },
);
