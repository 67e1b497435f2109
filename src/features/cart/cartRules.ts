// The cart's rules (SPEC §3 Cart item, §4 Cart), as pure functions over a list of lines. Shipping and
// tax are the server's: the cart asks its preview (shipTo.ts).

export type CartItemType = "painting" | "book" | "merchandise" | "edition" | "digital";
export type PaintingVariant = "print" | "original";

export interface CartItem {
  /** The catalogue record id; an autographed book carries the AUTOGRAPHED_SUFFIX. */
  id: string;
  type: CartItemType;
  title: string;
  description?: string;
  /** Dollars as shown when added; the server re-prices every line at checkout. */
  price: number | null;
  image_url: string;
  quantity: number;
  variant?: PaintingVariant;
  size?: string;
  color?: string;
}

export const AUTOGRAPHED_PRICE = 37.99;
export const AUTOGRAPHED_SUFFIX = "-autographed";

/** Line identity: id plus variant, and for merchandise the chosen size and colour too. */
export function lineKey(item: Pick<CartItem, "id" | "variant" | "size" | "color">): string {
  return [item.id, item.variant ?? "", item.size ?? "", item.color ?? ""].join("|");
}

export function isPriced(item: Pick<CartItem, "price">): boolean {
  return typeof item.price === "number" && Number.isFinite(item.price) && item.price > 0;
}

/** An original painting exists once, and a download is one licence to its buyer: their line is always quantity 1. */
export function isOneOfAKind(item: Pick<CartItem, "type" | "variant">): boolean {
  return (item.type === "painting" && item.variant === "original") || item.type === "digital";
}

/** A download leaves in no parcel: no shipping, no address. */
export function isDownload(item: Pick<CartItem, "type">): boolean {
  return item.type === "digital";
}

export type AddResult = { items: CartItem[]; outcome: "added" | "increased" | "unchanged" };

export function addLine(items: CartItem[], item: Omit<CartItem, "quantity">): AddResult {
  const key = lineKey(item);
  const existing = items.find((i) => lineKey(i) === key);
  if (existing && isOneOfAKind(existing)) return { items, outcome: "unchanged" };
  if (existing) {
    return { items: items.map((i) => (i === existing ? { ...i, quantity: i.quantity + 1 } : i)), outcome: "increased" };
  }
  return { items: [...items, { ...item, quantity: 1 }], outcome: "added" };
}

export function setLineQuantity(items: CartItem[], key: string, quantity: number): CartItem[] {
  if (quantity <= 0) return items.filter((i) => lineKey(i) !== key);
  return items.map((i) => (lineKey(i) === key ? { ...i, quantity: isOneOfAKind(i) ? 1 : Math.floor(quantity) } : i));
}

export function removeLine(items: CartItem[], key: string): CartItem[] {
  return items.filter((i) => lineKey(i) !== key);
}

export function itemCount(items: CartItem[]): number {
  return items.reduce((n, i) => n + i.quantity, 0);
}

/** Items without a price count as 0 (SPEC §9). */
export function totals(items: CartItem[]) {
  return { subtotal: Math.round(items.reduce((sum, i) => sum + (isPriced(i) ? i.price! : 0) * i.quantity, 0) * 100) / 100 };
}

/** Reads a stored cart, discarding anything that is not a well-formed list of lines. */
export function parseStoredCart(value: unknown): CartItem[] | null {
  if (!Array.isArray(value)) return null;
  const ok = value.every(
    (i) =>
      i &&
      typeof i === "object" &&
      typeof i.id === "string" &&
      ["painting", "book", "merchandise", "edition", "digital"].includes(i.type) &&
      typeof i.title === "string" &&
      Number.isInteger(i.quantity) &&
      i.quantity > 0,
  );
  if (!ok) return null;
  // One line per original or download, quantity 1, whatever an older version stored.
  const seen = new Set<string>();
  return (value as CartItem[])
    .filter((i) => !isOneOfAKind(i) || (!seen.has(lineKey(i)) && seen.add(lineKey(i))))
    .map((i) => (isOneOfAKind(i) ? { ...i, quantity: 1 } : i));
}

/** Letters and digits, 3 to 32: the only shape a discount code has (the server checks the rest). */
export function isCodeShaped(code: string): boolean {
  return /^[A-Za-z0-9]{3,32}$/.test(code);
}
