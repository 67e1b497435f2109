import { fileSize, fileUrl } from "../../lib/files";
import type { DigitalFileSummary, DigitalItem } from "../../lib/catalog";

// What a digital item is and what its files are, in the words its page and cards use; the server
// writes the same words into the page it sends (pocketbase/internal/heads/download.go).
export const KIND: Record<DigitalItem["kind"], string> = { "colouring page": "Colouring page to print", printable: "Printable", "e-book": "E-book (PDF), with your name in it" };

/** "PDF · 12 pages · 3.4 MB". */
export function describeFile(f: DigitalFileSummary): string {
  return [f.type, f.pages === 1 ? "1 page" : f.pages > 1 ? `${f.pages} pages` : "", f.bytes > 0 ? fileSize(f.bytes) : ""].filter(Boolean).join(" · ");
}

/** The address a digital item is shared by. */
export function downloadPath(d: DigitalItem): string {
  return `/downloads/${d.slug}`;
}

/** The cart's line for a digital item. */
export function downloadLine(d: DigitalItem) {
  return { id: d.id, type: "digital" as const, title: `${d.title} (Download)`, description: KIND[d.kind], price: d.price > 0 ? d.price : null, image_url: fileUrl(d, d.image, "160x160") };
}
