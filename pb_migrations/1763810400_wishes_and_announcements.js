/// <reference path="../pb_data/types.d.ts" />
// "Tell me when it's back" and new work announced. A wish waits on an item that cannot be bought
// now (a merchandise item out of stock, a book whose signed copies are not available) or on a story
// world's next original, and ends with the one letter that says it is back
// (pb_hooks/lib/letters/wishes.js). A wish is kept by a newsletter member, so the member's double
// opt-in, unsubscribe and suppression govern it.

const WITH_WORLDS = ["paintings", "books", "murals"];

migrate(
  (app) => {
    const subscribers = app.findCollectionByNameOrId("newsletter_subscribers");
    // A wish asks only for an address: a member made by one has no name.
    subscribers.fields.getByName("first_name").required = false;
    subscribers.fields.getByName("last_name").required = false;
    app.save(subscribers);

    // The story world a piece belongs to, when it belongs to one (ids of the newsletter's lists): a
    // sold original's visitors ask to hear of the next original from it, and a new piece is
    // announced to its world's list. Characters have theirs already (character_type).
    for (const name of WITH_WORLDS) {
      const pieces = app.findCollectionByNameOrId(name);
      pieces.fields.add(new SelectField({ name: "world", maxSelect: 1, values: ["pebblewick", "cryptids"] }));
      app.save(pieces);
    }

    const campaigns = app.findCollectionByNameOrId("campaigns");
    // Letters the server makes: "wish", one per waiting member, no lists; "announcement", the day's
    // new pieces to one list (pb_hooks/lib/letters/announcements.js).
    campaigns.fields.add(new SelectField({ name: "kind", maxSelect: 1, values: ["wish", "announcement"] }));
    app.save(campaigns);

    app.save(
      new Collection({
        type: "base",
        name: "wishes",
        listRule: "@request.auth.is_admin = true",
        viewRule: "@request.auth.is_admin = true",
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: "subscriber", type: "relation", required: true, collectionId: subscribers.id, maxSelect: 1, cascadeDelete: true },
          // What is waited for: "merchandise:<id>", "book:<id>" or "originals:<world>" ("originals:any" for any world).
          { name: "target", type: "text", required: true, max: 60 },
          // The size or colour asked for, kept for the letter and the studio's counts.
          { name: "option", type: "text", max: 100 },
          // What the wish was for in words, as the studio and the letter name it ("Fox tote, L").
          { name: "label", type: "text", required: true, max: 300 },
          // waiting → sent, when its letter is made (a member who left keeps it waiting, unsent to)
          { name: "state", type: "select", required: true, maxSelect: 1, values: ["waiting", "sent"] },
          { name: "campaign", type: "relation", collectionId: campaigns.id, maxSelect: 1, cascadeDelete: false },
          { name: "created", type: "autodate", onCreate: true, onUpdate: false },
          { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
        ],
        indexes: [
          // The same wish twice is one wish.
          "CREATE UNIQUE INDEX idx_wishes_once ON wishes (subscriber, target, option) WHERE state = 'waiting'",
          "CREATE INDEX idx_wishes_target ON wishes (target, state)",
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("wishes"));
    const campaigns = app.findCollectionByNameOrId("campaigns");
    campaigns.fields.removeByName("kind");
    app.save(campaigns);
    for (const name of WITH_WORLDS) {
      const pieces = app.findCollectionByNameOrId(name);
      pieces.fields.removeByName("world");
      app.save(pieces);
    }
  },
);
