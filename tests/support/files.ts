// Small real files for upload tests.
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

export function pngFile(name = "picture.png"): File {
  return new File([Buffer.from(PNG_1PX, "base64")], name, { type: "image/png" });
}

export function pdfFile(name = "brief.pdf"): File {
  const body = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";
  return new File([body], name, { type: "application/pdf" });
}

/** A Windows executable header under an image name: the server must sniff, not trust the name. */
export function exeAsPng(name = "totally-a-picture.png"): File {
  const bytes = new Uint8Array(2048);
  bytes.set([0x4d, 0x5a, 0x90, 0x00, 0x03]);
  return new File([bytes], name, { type: "image/png" });
}

/** A valid PNG padded past the limit by `extra` bytes over 10 MB. */
export function oversizedPng(extra = 1, name = "huge.png"): File {
  const head = Buffer.from(PNG_1PX, "base64");
  const bytes = new Uint8Array(10485760 + extra);
  bytes.set(head);
  return new File([bytes], name, { type: "image/png" });
}

export function form(fields: Record<string, unknown>, files: Record<string, File | File[]> = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, typeof v === "object" ? JSON.stringify(v) : String(v));
  for (const [k, list] of Object.entries(files)) for (const f of ([] as File[]).concat(list)) fd.append(k, f);
  return fd;
}
