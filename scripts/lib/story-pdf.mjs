// A real multi-page PDF written from scratch: a title page and story pages of text, each page
// optionally carrying a picture of `pictureBytes` (so a book of a given weight can be made for the
// bench). The demo shop's e-book, the tests' books and the stamping bench all come from here.
import { randomBytes } from "node:crypto";

const escape = (s) => String(s).replace(/[\\()]/g, (c) => "\\" + c);

/** Wraps text into lines of at most `width` characters. */
function wrap(text, width) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? line + " " + word : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * pages: [{ heading, text }]. Returns the PDF as a Buffer (A5, Helvetica, Latin-1 text).
 * pictureBytes: about how many bytes of picture each page holds (0: none).
 */
export function storyPdf({ title, author = "", pages, pictureBytes = 0 }) {
  const objects = []; // index i is object i + 1
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add(null);
  const tree = add(null);
  const font = add(Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"));
  const bold = add(Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>"));
  const kids = [];
  const all = [{ heading: title, text: author ? "By " + author : "" }, ...pages];
  all.forEach((p, n) => {
    const ops = ["BT", `/F2 ${n === 0 ? 22 : 15} Tf`, `50 ${n === 0 ? 420 : 540} Td`, `(${escape(p.heading)}) Tj`, "/F1 11 Tf", "15 TL", "0 -28 Td"];
    for (const l of wrap(p.text, 62)) ops.push(`(${escape(l)}) '`);
    ops.push("ET");
    let resources = `/Font << /F1 ${font} 0 R /F2 ${bold} 0 R >>`;
    if (pictureBytes > 0) {
      const side = Math.max(1, Math.floor(Math.sqrt(pictureBytes / 3)));
      const pixels = randomBytes(side * side * 3);
      const picture = add(Buffer.concat([Buffer.from(`<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${pixels.length} >>\nstream\n`), pixels, Buffer.from("\nendstream")]));
      resources += ` /XObject << /Im1 ${picture} 0 R >>`;
      ops.unshift("q 320 0 0 180 50 80 cm /Im1 Do Q");
    }
    const content = Buffer.from(ops.join("\n"), "latin1");
    const stream = add(Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from("\nendstream")]));
    kids.push(add(Buffer.from(`<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 420 595] /Resources << ${resources} >> /Contents ${stream} 0 R >>`)));
  });
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${tree} 0 R >>`);
  objects[tree - 1] = Buffer.from(`<< /Type /Pages /Kids [${kids.map((k) => k + " 0 R").join(" ")}] /Count ${kids.length} >>`);
  const info = add(Buffer.from(`<< /Title (${escape(title)}) /Author (${escape(author)}) /Producer (Lanternwood Studio) >>`, "latin1"));

  const parts = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = parts[0].length;
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = ["xref", `0 ${objects.length + 1}`, "0000000000 65535 f ", ...offsets.map((o) => String(o).padStart(10, "0") + " 00000 n ")].join("\n");
  parts.push(Buffer.from(`${xref}\ntrailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** A story of `count` pages about Pebblewick's lighthouse, for the demo shop and the tests. */
export function lanternStory(count = 6, pictureBytes = 0) {
  const pages = Array.from({ length: count }, (_, i) => ({
    heading: `Chapter ${i + 1}`,
    text:
      `On the ${["first", "second", "third", "fourth", "fifth", "sixth"][i % 6]} night of the storm, the lamp of Pebblewick's lighthouse flickered, and Mossy the hedgehog climbed the hundred steps with a jar of fireflies. ` +
      "The sea was loud and the wind was louder, but the fireflies glowed steady and warm, and far out on the water a little boat turned toward the light. " +
      "By morning the harbour was calm, the boat was home, and the villagers said the lighthouse had never shone so kindly.",
  }));
  return storyPdf({ title: "The Lantern of Pebblewick", author: "Lanternwood Studio", pages, pictureBytes });
}
