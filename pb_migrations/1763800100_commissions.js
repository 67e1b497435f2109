/// <reference path="../pb_data/types.d.ts" />
// Commissions and their threads: a customer sees only their own, the admin sees all (SPEC §6).
// Files here are protected: downloads need a file token of the owner or the admin.

const ADMIN = "@request.auth.is_admin = true";
const OWNER_OR_ADMIN = ADMIN + " || (@request.auth.id != '' && commission.user = @request.auth.id)";
const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/gif", "application/pdf"];
const MAX_FILE_BYTES = 10485760;

function timestamps() {
  return [
    { name: "created", type: "autodate", onCreate: true, onUpdate: false },
    { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
  ];
}

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId("users");

    const commissions = new Collection({
      type: "base",
      name: "commissions",
      listRule: ADMIN + " || (@request.auth.id != '' && user = @request.auth.id)",
      viewRule: ADMIN + " || (@request.auth.id != '' && user = @request.auth.id)",
      // Anyone may ask for a commission; the hook links it to the signed-in user and sets its starting state.
      createRule: "",
      updateRule: ADMIN,
      deleteRule: ADMIN,
      fields: [
        { name: "user", type: "relation", collectionId: users.id, maxSelect: 1, cascadeDelete: false },
        { name: "title", type: "text", max: 200 },
        { name: "description", type: "text", required: true, max: 10000 },
        {
          name: "type",
          type: "select",
          required: true,
          maxSelect: 1,
          values: ["illustrated-book", "indoor-mural", "outdoor-mural", "watercolor-portrait", "watercolor-illustration"],
        },
        { name: "size", type: "text", max: 200 },
        { name: "budget", type: "text", max: 200 },
        { name: "deadline", type: "text", max: 10, pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
        { name: "contact_email", type: "email", required: true },
        { name: "contact_name", type: "text", max: 200 },
        { name: "contact_phone", type: "text", max: 60 },
        { name: "status", type: "select", maxSelect: 1, values: ["Not Started", "In Progress", "Complete"] },
        { name: "payment_status", type: "select", maxSelect: 1, values: ["Unpaid", "Partially Paid", "Paid"] },
        { name: "total_price", type: "number", min: 0 },
        { name: "amount_paid", type: "number", min: 0 },
      ].concat(timestamps()),
      indexes: [
        "CREATE INDEX idx_commissions_user ON commissions (user)",
        "CREATE INDEX idx_commissions_status ON commissions (status)",
        "CREATE INDEX idx_commissions_created ON commissions (created)",
      ],
    });
    app.save(commissions);

    app.save(
      new Collection({
        type: "base",
        name: "commission_files",
        listRule: OWNER_OR_ADMIN,
        viewRule: OWNER_OR_ADMIN,
        createRule: OWNER_OR_ADMIN,
        updateRule: ADMIN,
        deleteRule: ADMIN,
        fields: [
          { name: "commission", type: "relation", required: true, collectionId: commissions.id, maxSelect: 1, cascadeDelete: true },
          {
            name: "file",
            type: "file",
            required: true,
            maxSelect: 1,
            maxSize: MAX_FILE_BYTES,
            mimeTypes: UPLOAD_TYPES,
            thumbs: ["160x160"],
            protected: true,
          },
          // Filled by the hook from the upload itself.
          { name: "file_name", type: "text", max: 255 },
          { name: "file_type", type: "text", max: 100 },
          { name: "file_size", type: "number", onlyInt: true, min: 0 },
          { name: "uploaded_by", type: "relation", collectionId: users.id, maxSelect: 1 },
        ].concat(timestamps()),
        indexes: ["CREATE INDEX idx_commission_files_commission ON commission_files (commission, created)"],
      }),
    );

    app.save(
      new Collection({
        type: "base",
        name: "commission_messages",
        listRule: OWNER_OR_ADMIN,
        viewRule: OWNER_OR_ADMIN,
        createRule: OWNER_OR_ADMIN,
        // The other side may only mark a message read.
        updateRule:
          "(" +
          OWNER_OR_ADMIN +
          ") && @request.body.content:isset = false && @request.body.commission:isset = false" +
          " && @request.body.sender:isset = false && @request.body.attachments:isset = false" +
          " && @request.body.attachment_meta:isset = false",
        deleteRule: ADMIN,
        fields: [
          { name: "commission", type: "relation", required: true, collectionId: commissions.id, maxSelect: 1, cascadeDelete: true },
          { name: "sender", type: "relation", collectionId: users.id, maxSelect: 1 },
          // "admin" for the studio, "customer" otherwise (SPEC's literal sender_id admin).
          { name: "sender_role", type: "select", maxSelect: 1, values: ["admin", "customer"] },
          { name: "sender_name", type: "text", max: 200 },
          { name: "content", type: "text", max: 10000 },
          { name: "is_read", type: "bool" },
          {
            name: "attachments",
            type: "file",
            maxSelect: 10,
            maxSize: MAX_FILE_BYTES,
            mimeTypes: UPLOAD_TYPES,
            thumbs: ["160x160"],
            protected: true,
          },
          // [{ name, type, size }] for attachments[i], filled by the hook from the uploads.
          { name: "attachment_meta", type: "json", maxSize: 20000 },
        ].concat(timestamps()),
        indexes: ["CREATE INDEX idx_commission_messages_commission ON commission_messages (commission, created)"],
      }),
    );
  },
  (app) => {
    for (const name of ["commission_messages", "commission_files", "commissions"]) {
      app.delete(app.findCollectionByNameOrId(name));
    }
  },
);
