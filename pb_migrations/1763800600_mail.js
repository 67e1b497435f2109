/// <reference path="../pb_data/types.d.ts" />
// Mail: the account letters in the studio's voice, linking to the shop's own pages instead of the
// PocketBase dashboard, and the outbox that notifications wait in until the server delivers them.

const SIGNATURE = `<p>Warmly,<br/>Lanternwood Studio</p>`;

function letter(greeting, paragraphs, link, label, footnote) {
  return [
    `<p>${greeting}</p>`,
    ...paragraphs.map((p) => `<p>${p}</p>`),
    `<p><a class="btn" href="${link}" target="_blank" rel="noopener">${label}</a></p>`,
    `<p>Or copy this address into your browser:<br/>${link}</p>`,
    `<p><i>${footnote}</i></p>`,
    SIGNATURE,
  ].join("\n");
}

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId("users");
    users.resetPasswordTemplate = {
      subject: "Choose a new password for Lanternwood Studio",
      body: letter(
        "Hello {RECORD:first_name},",
        ["Someone, we hope you, asked to set a new password for your account at Lanternwood Studio. Follow the link to choose one; it works for the next 30 minutes."],
        "{APP_URL}/reset-password?token={TOKEN}",
        "Choose a new password",
        "If you did not ask for this, you can let this letter drift away: your password stays as it is.",
      ),
    };
    users.verificationTemplate = {
      subject: "Please confirm your address for Lanternwood Studio",
      body: letter(
        "Hello {RECORD:first_name},",
        ["Thank you for joining us at Lanternwood Studio. Please confirm that this address is yours, so our letters about your orders and commissions find you."],
        "{APP_URL}/confirm-verification?token={TOKEN}",
        "Confirm my address",
        "If you did not make an account with us, no need to do anything.",
      ),
    };
    users.confirmEmailChangeTemplate = {
      subject: "Confirm your new address for Lanternwood Studio",
      body: letter(
        "Hello {RECORD:first_name},",
        ["You asked to move your Lanternwood Studio account to this address. Follow the link and enter your password to make the move; it works for the next 30 minutes."],
        "{APP_URL}/confirm-email-change?token={TOKEN}",
        "Confirm my new address",
        "If you did not ask for this, ignore this letter: your account keeps its current address.",
      ),
    };
    users.authAlert.emailTemplate = {
      subject: "A new sign-in to your Lanternwood Studio account",
      body: [
        "<p>Hello {RECORD:first_name},</p>",
        "<p>Your Lanternwood Studio account was just signed in to from a new place: {ALERT_INFO}.</p>",
        "<p>If this was you, all is well. If not, please choose a new password from the sign-in window's <b>Forgot password?</b> link straight away.</p>",
        SIGNATURE,
      ].join("\n"),
    };
    app.save(users);

    app.save(
      new Collection({
        type: "base",
        name: "mail_outbox",
        // Only the server reads and writes it; the dashboard shows what left and what is retrying.
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: "recipient", type: "email", required: true },
          { name: "subject", type: "text", required: true, max: 300 },
          { name: "html", type: "text", max: 100000 },
          { name: "text", type: "text", max: 100000 },
          // Mails with the same key that are still waiting are merged into one (bursts of messages).
          { name: "batch_key", type: "text", max: 200 },
          { name: "batch_items", type: "json", maxSize: 200000 },
          { name: "send_after", type: "date", required: true },
          { name: "attempts", type: "number", onlyInt: true, min: 0 },
          { name: "last_error", type: "text", max: 2000 },
          { name: "sent_at", type: "date" },
          { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        ],
        indexes: [
          "CREATE INDEX idx_mail_outbox_due ON mail_outbox (sent_at, send_after)",
          "CREATE INDEX idx_mail_outbox_batch ON mail_outbox (batch_key, sent_at)",
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("mail_outbox"));
  },
);
