// Reads an image's pixel size from its header, without decoding it. A small file can claim a
// huge canvas; the thumbnailer would then decode gigabytes. Returns { width, height } or null.

// How far into a JPEG to look for its frame header: EXIF and colour profiles come first.
const JPEG_SCAN_BYTES = 1024 * 1024;

function u16be(b, i) {
  return ((b[i] & 0xff) << 8) | (b[i + 1] & 0xff);
}

function u32be(b, i) {
  return (u16be(b, i) * 65536) + u16be(b, i + 2);
}

function u16le(b, i) {
  return (b[i] & 0xff) | ((b[i + 1] & 0xff) << 8);
}

function jpegSize(b) {
  let i = 2;
  while (i + 9 < b.length) {
    if ((b[i] & 0xff) !== 0xff) return null;
    const marker = b[i + 1] & 0xff;
    if (marker === 0xff) {
      i++;
      continue;
    }
    // Standalone markers carry no length.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

function webpSize(b) {
  const chunk = String.fromCharCode(b[12] & 0xff, b[13] & 0xff, b[14] & 0xff, b[15] & 0xff);
  if (chunk === "VP8X") return { width: 1 + ((b[24] & 0xff) | ((b[25] & 0xff) << 8) | ((b[26] & 0xff) << 16)), height: 1 + ((b[27] & 0xff) | ((b[28] & 0xff) << 8) | ((b[29] & 0xff) << 16)) };
  if (chunk === "VP8 ") return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = (b[21] & 0xff) | ((b[22] & 0xff) << 8) | ((b[23] & 0xff) << 16) | ((b[24] & 0xff) << 24);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
}

/** `bytes` are the file's first bytes (up to JPEG_SCAN_BYTES). null: not an image we can measure. */
function imageSize(bytes) {
  const b = bytes;
  if (b.length < 30) return null;
  if ((b[0] & 0xff) === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return { width: u32be(b, 16), height: u32be(b, 20) };
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return { width: u16le(b, 6), height: u16le(b, 8) };
  if ((b[0] & 0xff) === 0xff && (b[1] & 0xff) === 0xd8) return jpegSize(b);
  if (b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) return webpSize(b);
  return null;
}

const MAX_MEGAPIXELS = 40;

/** Refuses any uploaded picture, in any file field of the request's record, over MAX_MEGAPIXELS. */
function refuseHugeImages(e) {
  for (const field of e.collection.fields) {
    if (field.type() !== "file") continue;
    const name = field.getName();
    for (const key of [name, name + "+", "+" + name]) {
      let files = [];
      try {
        files = e.findUploadedFiles(key) || [];
      } catch (_) {
        // a JSON request carries no files
      }
      for (const file of files) {
        const reader = file.reader.open();
        let head;
        try {
          head = toBytes(reader, JPEG_SCAN_BYTES);
        } finally {
          reader.close();
        }
        const b = (i) => head[i] & 0xff;
        const looksLikeImage = (b(0) === 0x89 && b(1) === 0x50) || (b(0) === 0x47 && b(1) === 0x49) || (b(0) === 0xff && b(1) === 0xd8) || (b(0) === 0x52 && b(8) === 0x57);
        if (!looksLikeImage) continue;
        const size = imageSize(head);
        if (!size || !size.width || !size.height) {
          throw new BadRequestError('"' + file.originalName + '" could not be read as a picture. Please save it again as JPEG or PNG.');
        }
        if (size.width * size.height > MAX_MEGAPIXELS * 1000000) {
          throw new BadRequestError(
            '"' + file.originalName + '" is ' + size.width + " × " + size.height + " pixels; pictures can be at most " + MAX_MEGAPIXELS + " megapixels. Please resize it and try again.",
          );
        }
      }
    }
  }
}

module.exports = { imageSize, refuseHugeImages };
