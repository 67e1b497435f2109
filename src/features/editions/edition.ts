// A numbered edition as the shop shows it: how many are left, its cart line, its public address.
import { formatMonth } from "../../lib/dates";
import { fileUrl } from "../../lib/files";
import type { Edition, Painting } from "../../lib/catalog";
import type { CartItem } from "../cart";

/** Numbers not yet given; a refunded number was given and is never sold again. */
export function numbersLeft(e: Pick<Edition, "size" | "issued">): number {
  return Math.max(0, e.size - (e.issued ?? 0));
}

/** "Limited edition of 50: 12 left", or "sold out" once every number is given. */
export function editionSummary(e: Pick<Edition, "size" | "issued">): string {
  const left = numbersLeft(e);
  return `Limited edition of ${e.size}: ${left > 0 ? `${left} left` : "sold out"}`;
}

/** The facts a buyer weighs: paper, size, print date, artist's proofs. */
export function editionFacts(e: Edition): string[] {
  const printed = formatMonth(e.print_date);
  return [
    e.paper,
    e.dimensions,
    printed && `printed ${printed}`,
    e.artist_proofs ? `${e.artist_proofs} artist's proof${e.artist_proofs === 1 ? "" : "s"}` : "",
  ].filter(Boolean);
}

export function editionLine(e: Edition, p: Painting): Omit<CartItem, "quantity"> {
  return {
    id: e.id,
    type: "edition",
    title: `${p.title} (Limited edition print)`,
    description: editionFacts(e).join(", "),
    price: e.price > 0 ? e.price : null,
    image_url: fileUrl(p, p.image, "160x160"),
  };
}

/** A number's public ledger page. */
export function verifyPath(edition: string, n: number): string {
  return `/verify/${edition}/${n}`;
}
