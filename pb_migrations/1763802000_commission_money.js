/// <reference path="../pb_data/types.d.ts" />
// Commission money: the studio's quotes, the payments made against them, and the files the
// customer may take away only once the work is paid for. Browsers never write quotes or payments:
// the hook routes of pb_hooks/commission-money.pb.js do, with every amount in integer cents.

const ADMIN = "@request.auth.is_admin = true";
const OWNER = "(@request.auth.id != '' && commission.user = @request.auth.id)";

const STATUSES = ["Unpaid", "Deposit paid", "Paid in full", "Partly refunded", "Refunded"];
const RENAMED = { "Partially Paid": "Deposit paid", Paid: "Paid in full" };

function timestamps() {
  return [
    { name: "created", type: "autodate", onCreate: true, onUpdate: false },
    { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
  ];
}

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId("users");
    const commissions = app.findCollectionByNameOrId("commissions");

    // The status set before any money moved through the shop is read the same way by the new names.
    for (const [from, to] of Object.entries(RENAMED)) {
      app.db().newQuery("UPDATE commissions SET payment_status = {:to} WHERE payment_status = {:from}").bind({ from, to }).execute();
    }
    const status = commissions.fields.getByName("payment_status");
    status.values = STATUSES;
    // Set once the balance is paid; a partial refund afterwards does not take the files back.
    commissions.fields.add(new BoolField({ name: "finals_released" }));
    app.save(commissions);

    const quotes = new Collection({
      type: "base",
      name: "commission_quotes",
      listRule: ADMIN + " || " + OWNER,
      viewRule: ADMIN + " || " + OWNER,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "commission", type: "relation", required: true, collectionId: commissions.id, maxSelect: 1, cascadeDelete: true },
        // "quote" is the agreed price; "change" a later addition for the difference, paid at once.
        { name: "kind", type: "select", required: true, maxSelect: 1, values: ["quote", "change"] },
        { name: "status", type: "select", required: true, maxSelect: 1, values: ["open", "deposit_paid", "paid", "declined", "superseded"] },
        { name: "total_cents", type: "number", onlyInt: true, min: 0 },
        { name: "deposit_cents", type: "number", onlyInt: true, min: 0 },
        { name: "included", type: "text", max: 5000 },
        { name: "delivery_date", type: "text", max: 10, pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
        { name: "refund_terms", type: "text", max: 2000 },
        { name: "decline_reason", type: "text", max: 2000 },
        { name: "replaces", type: "text", max: 30 },
      ].concat(timestamps()),
      indexes: ["CREATE INDEX idx_commission_quotes_commission ON commission_quotes (commission, created)"],
    });
    app.save(quotes);

    app.save(
      new Collection({
        type: "base",
        name: "commission_payments",
        listRule: ADMIN + " || " + OWNER,
        viewRule: ADMIN + " || " + OWNER,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: "commission", type: "relation", required: true, collectionId: commissions.id, maxSelect: 1, cascadeDelete: false },
          { name: "quote", type: "relation", required: true, collectionId: quotes.id, maxSelect: 1, cascadeDelete: false },
          { name: "user", type: "relation", collectionId: users.id, maxSelect: 1 },
          { name: "kind", type: "select", required: true, maxSelect: 1, values: ["deposit", "balance", "change"] },
          { name: "amount_cents", type: "number", onlyInt: true, min: 0 },
          { name: "status", type: "select", required: true, maxSelect: 1, values: ["open", "paid", "canceled", "expired", "failed", "amount_mismatch"] },
          { name: "provider", type: "select", required: true, maxSelect: 1, values: ["demo", "stripe"] },
          { name: "provider_session_id", type: "text", required: true, max: 255 },
          { name: "url", type: "text", max: 2000 },
          { name: "expires_at", type: "date" },
          // Set once, in the transaction that moves the commission's money: the idempotency guard.
          { name: "paid_at", type: "date" },
          { name: "payment_intent", type: "text", max: 255, hidden: true },
          { name: "refunded_cents", type: "number", onlyInt: true, min: 0 },
          // [{ key, id, amount_cents, at }], one per refund the studio made.
          { name: "refunds", type: "json", maxSize: 50000 },
          // What a paid event said when it did not match this payment: for the studio to settle.
          { name: "mismatch", type: "json", maxSize: 20000 },
        ].concat(timestamps()),
        indexes: [
          "CREATE UNIQUE INDEX idx_commission_payments_session ON commission_payments (provider_session_id)",
          "CREATE INDEX idx_commission_payments_commission ON commission_payments (commission, created)",
          "CREATE INDEX idx_commission_payments_created ON commission_payments (created)",
        ],
      }),
    );

    // A thread card: { type: quote|receipt|refund|decline|mismatch, quote, payment, amount_cents }.
    const messages = app.findCollectionByNameOrId("commission_messages");
    messages.fields.add(new JSONField({ name: "card", maxSize: 5000 }));
    messages.updateRule = messages.updateRule + " && @request.body.card:isset = false";
    app.save(messages);

    // "file": exchanged in the thread; "proof": shown only as a watermarked rendition; "final":
    // downloadable once the commission is paid in full. Listing shows all three to the owner;
    // viewing (and so the protected download) follows the kind.
    const files = app.findCollectionByNameOrId("commission_files");
    files.fields.add(new SelectField({ name: "kind", maxSelect: 1, values: ["file", "proof", "final"] }));
    files.viewRule = ADMIN + " || (" + OWNER + " && (kind = '' || kind = 'file' || (kind = 'final' && commission.finals_released = true)))";
    app.save(files);
  },
  (app) => {
    const files = app.findCollectionByNameOrId("commission_files");
    files.fields.removeByName("kind");
    files.viewRule = ADMIN + " || " + OWNER;
    app.save(files);
    const messages = app.findCollectionByNameOrId("commission_messages");
    messages.fields.removeByName("card");
    messages.updateRule = messages.updateRule.replace(" && @request.body.card:isset = false", "");
    app.save(messages);
    app.delete(app.findCollectionByNameOrId("commission_payments"));
    app.delete(app.findCollectionByNameOrId("commission_quotes"));
    const commissions = app.findCollectionByNameOrId("commissions");
    commissions.fields.removeByName("finals_released");
    for (const [to, from] of Object.entries(RENAMED)) {
      app.db().newQuery("UPDATE commissions SET payment_status = {:to} WHERE payment_status = {:from}").bind({ from, to }).execute();
    }
    commissions.fields.getByName("payment_status").values = ["Unpaid", "Partially Paid", "Paid"];
    app.save(commissions);
  },
);
