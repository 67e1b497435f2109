// The studio's commission terms, one version per change: a request names the version it accepted
// and the digest of its text, and is refused unless both are the current ones (decision 025).

const MAX_CHARS = 20000;

function current(app) {
  const rows = app.findRecordsByFilter("commission_terms", "version > 0", "-version", 1, 0);
  return rows.length ? rows[0] : null;
}

/** What anyone may read of a version: its number, text, digest and date; nothing when none is written. */
function view(terms) {
  if (!terms) return { version: 0, text: "", digest: "", created: "" };
  return { version: terms.getInt("version"), text: terms.getString("text"), digest: terms.getString("digest"), created: terms.getString("created") };
}

/** A new version from the studio's text; the same text again is the current version, unchanged. */
function saveTerms(app, body) {
  const text = String(body.text == null ? "" : body.text).replace(/\r\n/g, "\n").trim();
  if (!text) throw new BadRequestError("Please write the terms before saving them.");
  if (text.length > MAX_CHARS) throw new BadRequestError("The terms can be at most 20,000 characters.");
  const digest = $security.sha256(text);
  let saved = null;
  let repeated = false;
  app.runInTransaction((tx) => {
    const now = current(tx);
    if (now && now.getString("digest") === digest) {
      saved = now;
      repeated = true;
      return;
    }
    saved = new Record(tx.findCollectionByNameOrId("commission_terms"));
    saved.set("version", now ? now.getInt("version") + 1 : 1);
    saved.set("text", text);
    saved.set("digest", digest);
    tx.save(saved);
  });
  return { terms: view(saved), repeated };
}

/**
 * A new request's acceptance, from what the form sent: with terms written, it must name the
 * current version and digest; the server then stores its own copy of both. With none written,
 * nothing is asked and 0 is stored. The studio filing a request for someone accepts nothing for them.
 */
function checkAcceptance(app, record, byStudio) {
  const now = byStudio ? null : current(app);
  const version = record.getInt("terms_version");
  const digest = record.getString("terms_digest");
  record.set("terms_version", 0);
  record.set("terms_digest", "");
  if (!now) return;
  const v = now.getInt("version");
  if (!version) throw new BadRequestError("Please read the studio's commission terms and accept them to send your request.");
  if (version !== v || digest !== now.getString("digest")) {
    throw new BadRequestError(`The studio's commission terms changed after you accepted them: version ${v} is current. Please read version ${v} and accept it, then send your request again.`);
  }
  record.set("terms_version", v);
  record.set("terms_digest", now.getString("digest"));
}

/** The version a commission accepted, for its owner or the studio. */
function acceptedBy(app, commission) {
  const version = commission.getInt("terms_version");
  if (!version) throw new NotFoundError("This request was sent before the studio wrote any terms.");
  const rows = app.findRecordsByFilter("commission_terms", "version = {:v}", "", 1, 0, { v: version });
  if (!rows.length) throw new NotFoundError("These terms are no longer kept.");
  return view(rows[0]);
}

module.exports = { current, view, saveTerms, checkAcceptance, acceptedBy };
