// SPEC §5 upload rules with the spec's own server texts. The file fields enforce the same limits;
// this runs first so a person sees these words rather than a generic validation error.
const ALLOWED = ["image/jpeg", "image/png", "image/gif", "application/pdf"];
const MAX_BYTES = 10485760;

// What one customer may upload in a day, across commission files and message attachments. An
// account that has not confirmed its address is free to make by the dozen, so until it does it gets
// a small allowance; all such accounts on one network (pb_hooks/lib/base/callers.js) together a little
// more, so one bot's sign-ups cannot spend everyone's; and all of them a shop-wide one, so many
// networks together cannot fill the disk (decision 006 follows a bot through these).
const MB = 1024 * 1024;
const DAILY_ALLOWANCE_BYTES = 100 * MB;
const UNVERIFIED_ALLOWANCE_BYTES = 5 * MB;
const UNVERIFIED_NETWORK_ALLOWANCE_BYTES = 10 * MB;
const UNVERIFIED_SHOP_ALLOWANCE_BYTES = 50 * MB;

function sniff(file) {
  // Read the first bytes, as the server's own check does: a renamed .exe is not a picture.
  const reader = file.reader.open();
  let head;
  try {
    head = toBytes(reader, 16);
  } finally {
    reader.close();
  }
  const b = (i) => head[i] & 0xff;
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return "image/jpeg";
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return "image/png";
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46) return "image/gif";
  if (b(0) === 0x25 && b(1) === 0x50 && b(2) === 0x44 && b(3) === 0x46) return "application/pdf";
  return "";
}

/**
 * Checks every file uploaded under `field`; returns [{ name, type, size }] in upload order, which is
 * the order of the stored file names (the stored names are only decided when the record is saved).
 */
function checkUploads(e, field) {
  let files = [];
  try {
    files = e.findUploadedFiles(field) || [];
  } catch (_) {
    // A JSON request carries no files.
  }
  return files.map((file) => {
    if (file.size > MAX_BYTES) throw new BadRequestError("File too large. Maximum size is 10MB.");
    const type = sniff(file);
    if (ALLOWED.indexOf(type) < 0) throw new BadRequestError("Invalid file type. Only JPEG, PNG, GIF, and PDF are allowed.");
    return { name: file.originalName, type, size: file.size };
  });
}

// Bytes uploaded in the last day by accounts not confirmed yet from one network.
function networkUploadedToday(app, network) {
  const since = new Date(Date.now() - 86400000).toISOString().replace("T", " ");
  const row = new DynamicModel({ total: 0 });
  app
    .db()
    .newQuery(
      "SELECT (SELECT COALESCE(SUM(file_size), 0) FROM commission_files WHERE upload_network = {:network} AND created > {:since})" +
        " + (SELECT COALESCE(SUM(json_extract(j.value, '$.size')), 0) FROM commission_messages m," +
        " json_each(CASE WHEN json_valid(m.attachment_meta) THEN m.attachment_meta ELSE '[]' END) j" +
        " WHERE m.upload_network = {:network} AND m.created > {:since}) AS total",
    )
    .bind({ network, since })
    .one(row);
  return row.total;
}

// Bytes uploaded in the last day by the users a condition picks ("u" is the users table).
function uploadedToday(app, userCondition, params) {
  const since = new Date(Date.now() - 86400000).toISOString().replace("T", " ");
  const row = new DynamicModel({ total: 0 });
  app
    .db()
    .newQuery(
      "SELECT (SELECT COALESCE(SUM(f.file_size), 0) FROM commission_files f JOIN users u ON u.id = f.uploaded_by WHERE " + userCondition + " AND f.created > {:since})" +
        " + (SELECT COALESCE(SUM(json_extract(j.value, '$.size')), 0) FROM commission_messages m JOIN users u ON u.id = m.sender," +
        " json_each(CASE WHEN json_valid(m.attachment_meta) THEN m.attachment_meta ELSE '[]' END) j" +
        " WHERE " + userCondition + " AND m.created > {:since}) AS total",
    )
    .bind(Object.assign({ since }, params))
    .one(row);
  return row.total;
}

/**
 * Refuses an upload that would take a customer past the daily allowance, or new accounts past
 * theirs, and marks a new account's upload with its network. The studio is not limited. `metas`
 * are this request's [{ size }], for the record the request creates.
 */
function checkUploadAllowance(e, metas) {
  e.record.set("upload_network", "");
  const user = require(`${__hooks}/lib/base/callers.js`).signedInCustomer(e);
  if (!user || user.getBool("is_admin")) return;
  const adding = metas.reduce((n, m) => n + (m ? m.size : 0), 0);
  if (adding === 0) return;
  const mine = uploadedToday(e.app, "u.id = {:user}", { user: user.id });
  if (!user.verified()) {
    if (mine + adding > UNVERIFIED_ALLOWANCE_BYTES) {
      throw new ApiError(429, "Please confirm your email address to upload more than 5 MB a day: the link is in the letter we sent when you signed up.", null);
    }
    const network = require(`${__hooks}/lib/base/callers.js`).networkKey(e);
    if (networkUploadedToday(e.app, network) + adding > UNVERIFIED_NETWORK_ALLOWANCE_BYTES) {
      throw new ApiError(429, "Uploads from accounts with an unconfirmed email address on your network are paused until tomorrow. Please confirm your email address to upload now.", null);
    }
    if (uploadedToday(e.app, "u.verified = FALSE", {}) + adding > UNVERIFIED_SHOP_ALLOWANCE_BYTES) {
      throw new ApiError(429, "Uploads from accounts with an unconfirmed email address are paused until tomorrow. Please confirm your email address to upload now.", null);
    }
    e.record.set("upload_network", network);
  }
  if (mine + adding > DAILY_ALLOWANCE_BYTES) {
    throw new ApiError(
      429,
      "You have uploaded " + Math.round(mine / MB) + " MB today, the daily limit is 100 MB. Please try again tomorrow, or send a link instead.",
      null,
    );
  }
}

module.exports = { checkUploads, checkUploadAllowance };
