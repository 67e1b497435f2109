// SPEC §5 upload rules with the spec's own server texts. The file fields enforce the same limits;
// this runs first so a person sees these words rather than a generic validation error.
const ALLOWED = ["image/jpeg", "image/png", "image/gif", "application/pdf"];
const MAX_BYTES = 10485760;

function sniff(file) {
  // Read the first bytes, as the server's own check does: a renamed .exe is not a picture.
  const head = toBytes(file.reader.open(), 16);
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

module.exports = { checkUploads };
