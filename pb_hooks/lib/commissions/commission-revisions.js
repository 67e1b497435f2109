// Revisions a customer asks for on a proof, counted against what the commission's quotes include
// (decision 025). Past the allowance the studio may answer with an addition (a "change" quote).

const LIVE_QUOTES = ["open", "deposit_paid", "paid"];
// A declined or cancelled request has no work left to revise.
const ENDED = ["Declined", "Cancelled"];

/** The revisions the commission's live quotes include, an addition's with the quote's. */
function included(app, commissionId) {
  return app
    .findRecordsByFilter("commission_quotes", "commission = {:c}", "", 0, 0, { c: commissionId })
    .filter((q) => LIVE_QUOTES.indexOf(q.getString("status")) >= 0)
    .reduce((sum, q) => sum + q.getInt("revisions_included"), 0);
}

/** Delivered work takes no more revisions: the studio's status says so ("Complete"). */
function delivered(commission) {
  return commission.getString("status") === "Complete";
}

/** What the thread says of revision n when k are included. */
function describe(n, k, fileName, note) {
  const on = fileName ? ` on ${fileName}` : "";
  let line;
  if (n <= k) line = `Revision ${n} of ${k} requested${on}.`;
  else if (k > 0) line = `Revision ${n} requested${on}: past the ${k} included.`;
  else line = `Revision ${n} requested${on}: the quote includes no revisions.`;
  return note ? `${line}\nNote: ${note}` : line;
}

/**
 * The owner asks for a revision of a proof. Asking again for the same proof answers with the first
 * request (repeated: true), so a double press or a resend never counts twice.
 */
function requestRevision(app, proofId, user, body) {
  if (!user) throw new UnauthorizedError("Please sign in to ask for a revision.");
  let proof;
  try {
    proof = app.findRecordById("commission_files", String(proofId || ""));
  } catch (_) {
    throw new NotFoundError("This proof does not exist.");
  }
  const commission = app.findRecordById("commissions", proof.getString("commission"));
  if (commission.getString("user") !== user.id) throw new NotFoundError("This proof does not exist.");
  if (proof.getString("kind") !== "proof") throw new BadRequestError("A revision is asked for on a proof, and this file is not one.");
  const note = String(body.note == null ? "" : body.note).trim();
  if (note.length > 2000) throw new BadRequestError("The note can be at most 2,000 characters.");

  let revision = null;
  let repeated = false;
  app.runInTransaction((tx) => {
    const earlier = tx.findRecordsByFilter("commission_revisions", "proof = {:p}", "", 1, 0, { p: proof.id });
    if (earlier.length) {
      revision = earlier[0];
      repeated = true;
      return;
    }
    const c = tx.findRecordById("commissions", commission.id);
    if (delivered(c)) throw new BadRequestError("This commission has been delivered, so no more revisions can be asked for. You can still write to the studio in the thread.");
    if (ENDED.indexOf(c.getString("status")) >= 0) throw new BadRequestError("This commission has ended, so no revisions can be asked for.");
    const n = tx.findRecordsByFilter("commission_revisions", "commission = {:c}", "", 0, 0, { c: c.id }).length + 1;
    const k = included(tx, c.id);
    revision = new Record(tx.findCollectionByNameOrId("commission_revisions"));
    revision.set("commission", c.id);
    revision.set("proof", proof.id);
    revision.set("number", n);
    revision.set("included", k);
    revision.set("note", note);
    tx.save(revision);
    const { postCard } = require(`${__hooks}/lib/commissions/commission-ledger.js`);
    postCard(tx, c, "customer", { type: "revision", revision: revision.id, proof: proof.id, number: n, included: k, amount_cents: 0 }, describe(n, k, proof.getString("file_name"), note));
    require(`${__hooks}/lib/commissions/commission-mail.js`).revisionRequested(tx, c, n, k, note);
  });
  return { revision, repeated };
}

module.exports = { requestRevision, included, describe };
