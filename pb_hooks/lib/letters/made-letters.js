// Letters the server writes itself from pieces of the catalogue: a wish's "it's back" and the day's
// announcement of new work to a list. Each is a campaign of its own kind, rendered as the studio's
// letters are (campaign-letter.js), so the sender, the unsubscribe headers and the figures are the same.

const letter = require(`${__hooks}/lib/letters/campaign-letter.js`);

/**
 * Writes into `campaign` (not saved) a letter of `kind` about `pieces` ([{ kind, id }]):
 * `lines` are its paragraphs (the first is its preview line), `because` its footer's reason when it
 * goes to no list.
 */
function writeLetter(app, campaign, { kind, subject, lines, pieces, lists, because }) {
  const settings = app.findFirstRecordByFilter("newsletter_settings", "id != ''");
  const draft = { subject: subject.slice(0, 200), preview: lines[0].slice(0, 200), body: lines.join("\n\n"), lists, because };
  const out = letter.renderLetter(draft, letter.readPieces(app, pieces), settings.getString("postal_address"));
  campaign.set("kind", kind);
  campaign.set("subject", draft.subject);
  campaign.set("preview", draft.preview);
  campaign.set("body", draft.body);
  campaign.set("pieces", pieces);
  campaign.set("lists", lists);
  campaign.set("html", out.html);
  campaign.set("text", out.text);
  campaign.set("links", out.links);
  return campaign;
}

module.exports = { writeLetter };
