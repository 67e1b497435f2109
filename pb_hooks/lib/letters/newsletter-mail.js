// The letters a signup itself causes: the confirmation, and "you are already on our letters". They
// answer the person's own request, so they leave through the notification outbox (lib/mail.js), not
// the campaign engine, and reach any address that is not suppressed.

const { CONFIRM_DAYS } = require(`${__hooks}/lib/letters/newsletter-tokens.js`);

function hello(member) {
  const name = member.getString("first_name");
  return name ? `Hello ${name},` : "Hello,";
}

function queueConfirmation(app, member, token) {
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  const asked = require(`${__hooks}/lib/letters/wishes.js`).lettersOf(app, member);
  require(`${__hooks}/lib/base/mail.js`).queueSafely(app, {
    to: [member.email()],
    subject: "Please confirm your letters from Lanternwood Studio",
    compose: () => ({
      heading: hello(member),
      lines: [
        `Please confirm that you would like letters from Lanternwood Studio on: ${asked}.`,
        `The button works once, for ${CONFIRM_DAYS} days. If you did not sign up, ignore this letter: nothing more will be sent.`,
      ],
      link: `${siteUrl()}/letters/confirm/${token}`,
      label: "Confirm my letters",
    }),
  });
}

function queueAlreadyMember(app, member, memberToken) {
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  const asked = require(`${__hooks}/lib/letters/wishes.js`).lettersOf(app, member);
  require(`${__hooks}/lib/base/mail.js`).queueSafely(app, {
    to: [member.email()],
    subject: "You already get letters from Lanternwood Studio",
    compose: () => ({
      heading: hello(member),
      lines: [
        `Someone, perhaps you, signed up with this address, which already gets our letters on: ${asked}.`,
        "To change your lists or stop them, open your letters below. If it was not you, there is nothing to do.",
      ],
      link: `${siteUrl()}/letters/manage/${memberToken}`,
      label: "Your letters",
    }),
  });
}

module.exports = { queueConfirmation, queueAlreadyMember };
