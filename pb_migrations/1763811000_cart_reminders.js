/// <reference path="../pb_data/types.d.ts" />
// Reminders of a left cart (docs/decisions/032-cart-reminders-bounded-not-confirmed.md): the box a
// buyer ticks in the cart (one row per cart and address, its consent on it and in a log like the
// newsletter's), the letters it gets (at most two, sent by the server's mail sender with a one-click
// unsubscribe), and the studio's delays. Browsers write none of these directly: the routes of
// pb_hooks/cart-reminders.pb.js do.

const ADMIN = "@request.auth.is_admin = true";

function created() {
  return { name: "created", type: "autodate", onCreate: true, onUpdate: false };
}

function updated() {
  return { name: "updated", type: "autodate", onCreate: true, onUpdate: true };
}

function serverOnly(name, fields, indexes) {
  return new Collection({ type: "base", name, listRule: ADMIN, viewRule: ADMIN, createRule: null, updateRule: null, deleteRule: null, fields, indexes });
}

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId("users");
    const reminders = serverOnly(
      "cart_reminders",
      [
        // The browser's random cart id, as abandoned_carts and checkout_sessions keep it.
        { name: "cart_session_id", type: "text", required: true, max: 100 },
        { name: "email", type: "text", required: true, max: 254 },
        { name: "user", type: "relation", collectionId: users.id, maxSelect: 1, cascadeDelete: false },
        // active: letters may come; stopped: never again (stop_reason says why).
        { name: "state", type: "select", required: true, maxSelect: 1, values: ["active", "stopped"] },
        { name: "stop_reason", type: "select", maxSelect: 1, values: ["paid", "unticked", "unsubscribed", "suppressed", "nothing_left", "refused", "address_limit"] },
        // When the box was last ticked: payments before it do not stop it, and a cart left untouched counts from here or its last change.
        { name: "touched_at", type: "date", required: true },
        { name: "letters_sent", type: "number", onlyInt: true, min: 0, max: 2 },
        // The discount code the cart held when ticked; the restore link brings it back while it is valid.
        { name: "code", type: "text", max: 40 },
        { name: "wording_version", type: "number", onlyInt: true, min: 0 },
        { name: "network_digest", type: "text", max: 64 },
        created(),
        updated(),
      ],
      [
        "CREATE UNIQUE INDEX idx_cart_reminders_cart ON cart_reminders (cart_session_id)",
        "CREATE INDEX idx_cart_reminders_email ON cart_reminders (email, created)",
        "CREATE INDEX idx_cart_reminders_state ON cart_reminders (state)",
      ],
    );
    app.save(reminders);

    app.save(
      serverOnly(
        "cart_reminder_letters",
        [
          { name: "reminder", type: "relation", required: true, collectionId: reminders.id, maxSelect: 1, cascadeDelete: true },
          { name: "n", type: "number", onlyInt: true, min: 1, max: 2 },
          { name: "email", type: "text", required: true, max: 254 },
          { name: "subject", type: "text", required: true, max: 200 },
          { name: "html", type: "text", max: 250000 },
          { name: "text", type: "text", max: 250000 },
          // sha-256 of the letter's restore and unsubscribe tokens; the tokens are only in the letter.
          { name: "restore_digest", type: "text", required: true, max: 64, hidden: true },
          { name: "unsubscribe_digest", type: "text", required: true, max: 64, hidden: true },
          // The unsubscribe address for the List-Unsubscribe header, read by the sender only.
          { name: "unsubscribe_url", type: "text", max: 500, hidden: true },
          // queued → sending → sent | refused | failed; skipped when the reminder stopped first;
          // interrupted when the server stopped mid-letter (never sent again: no second copy).
          { name: "state", type: "select", required: true, maxSelect: 1, values: ["queued", "sending", "sent", "refused", "failed", "skipped", "interrupted"] },
          { name: "attempts", type: "number", onlyInt: true, min: 0 },
          { name: "error", type: "text", max: 1000 },
          { name: "send_after", type: "date" },
          { name: "sent_at", type: "date" },
          created(),
        ],
        [
          "CREATE UNIQUE INDEX idx_cart_reminder_letters_once ON cart_reminder_letters (reminder, n)",
          "CREATE UNIQUE INDEX idx_cart_reminder_letters_restore ON cart_reminder_letters (restore_digest)",
          "CREATE UNIQUE INDEX idx_cart_reminder_letters_unsubscribe ON cart_reminder_letters (unsubscribe_digest)",
          "CREATE INDEX idx_cart_reminder_letters_state ON cart_reminder_letters (state)",
          "CREATE INDEX idx_cart_reminder_letters_sent_at ON cart_reminder_letters (sent_at)",
          "CREATE INDEX idx_cart_reminder_letters_email ON cart_reminder_letters (email, created)",
        ],
      ),
    );

    app.save(
      serverOnly(
        "cart_reminder_consents",
        [
          // Kept when the reminder goes: the log outlives what it is about, as the newsletter's does not need to.
          { name: "reminder", type: "relation", collectionId: reminders.id, maxSelect: 1, cascadeDelete: false },
          { name: "email", type: "text", required: true, max: 254 },
          { name: "action", type: "select", required: true, maxSelect: 1, values: ["ticked", "unticked", "unsubscribed"] },
          // "cart form", "one-click header", "unsubscribe page"
          { name: "via", type: "text", required: true, max: 100 },
          { name: "wording_version", type: "number", onlyInt: true, min: 0 },
          // sha-256 of the network (an IPv4 address or an IPv6 /64), never the address itself.
          { name: "network_digest", type: "text", max: 64 },
          created(),
        ],
        ["CREATE INDEX idx_cart_reminder_consents_email ON cart_reminder_consents (email, created)"],
      ),
    );

    const settings = app.findCollectionByNameOrId("newsletter_settings");
    // Seconds after the checkout expired or the cart was last touched; 0 turns that letter off.
    settings.fields.add(new NumberField({ name: "reminder_first_seconds", onlyInt: true, min: 0, max: 2592000 }));
    settings.fields.add(new NumberField({ name: "reminder_second_seconds", onlyInt: true, min: 0, max: 2592000 }));
    // A sold original in a reminded cart: offer its print where there is one, or leave it out.
    settings.fields.add(new SelectField({ name: "reminder_sold_original", maxSelect: 1, values: ["offer_print", "leave_out"] }));
    app.save(settings);
    app.db().newQuery("UPDATE newsletter_settings SET reminder_first_seconds = 3600, reminder_second_seconds = 86400, reminder_sold_original = 'offer_print'").execute();
  },
  (app) => {
    for (const name of ["cart_reminder_consents", "cart_reminder_letters", "cart_reminders"]) app.delete(app.findCollectionByNameOrId(name));
    const settings = app.findCollectionByNameOrId("newsletter_settings");
    for (const name of ["reminder_first_seconds", "reminder_second_seconds", "reminder_sold_original"]) settings.fields.removeByName(name);
    app.save(settings);
  },
);
