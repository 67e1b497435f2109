// Cart lines for catalogue items: titles carry the variant, ids the autographed suffix (SPEC §3).
import { fileUrl } from "../../lib/files";
import { paintingPrice, type Book, type Merchandise, type Painting } from "../../lib/catalog";
import { AUTOGRAPHED_PRICE, AUTOGRAPHED_SUFFIX, type CartItem } from "../cart";

type NewLine = Omit<CartItem, "quantity">;

export function paintingLine(p: Painting, variant: "print" | "original"): NewLine {
  return {
    id: p.id,
    type: "painting",
    variant,
    title: `${p.title} (${variant === "print" ? "Print" : "Original"})`,
    description: p.description,
    price: paintingPrice(p, variant),
    image_url: fileUrl(p, p.image, "160x160"),
  };
}

export function autographedBookLine(b: Book): NewLine {
  return {
    id: `${b.id}${AUTOGRAPHED_SUFFIX}`,
    type: "book",
    title: `${b.title} (Autographed)`,
    description: b.description,
    price: AUTOGRAPHED_PRICE,
    image_url: fileUrl(b, b.image, "160x160"),
  };
}

export function merchandiseLine(m: Merchandise, size: string, color: string): NewLine {
  return {
    id: m.id,
    type: "merchandise",
    title: m.title,
    description: m.description,
    price: m.price > 0 ? m.price : null,
    size: size || undefined,
    color: color || undefined,
    image_url: m.primary_image ? fileUrl(m, m.primary_image, "160x160") : "",
  };
}
