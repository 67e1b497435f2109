import { describe, expect, it } from "vitest";
import { addLine, isDownload, itemCount, lineKey, parseStoredCart, removeLine, setLineQuantity, totals, type CartItem } from "./cartRules";

const print = { id: "p1", type: "painting", title: "Cove (Print)", price: 35, image_url: "", variant: "print" } as const;
const original = { ...print, title: "Cove (Original)", price: 480, variant: "original" } as const;
const teeM = { id: "m1", type: "merchandise", title: "Tee", price: 28, image_url: "", size: "M", color: "Navy" } as const;

describe("cart rules", () => {
  it("adds a new line with quantity 1 and raises the quantity of the same id and variant", () => {
    let r = addLine([], print);
    expect(r.outcome).toBe("added");
    r = addLine(r.items, print);
    expect(r.outcome).toBe("increased");
    expect(r.items).toHaveLength(1);
    expect(r.items[0].quantity).toBe(2);
    r = addLine(r.items, original);
    expect(r.items).toHaveLength(2);
  });

  it("keeps an original at quantity 1, however it is added, set or stored", () => {
    const once = addLine([], original);
    const twice = addLine(once.items, original);
    expect(twice.outcome).toBe("unchanged");
    expect(twice.items).toEqual([{ ...original, quantity: 1 }]);
    expect(setLineQuantity(twice.items, lineKey(original), 3)[0].quantity).toBe(1);
    expect(parseStoredCart([{ ...original, quantity: 4 }, { ...original, quantity: 1 }])).toEqual([{ ...original, quantity: 1 }]);
  });

  it("keeps a download at quantity 1, one licence to its buyer, and knows it ships nothing", () => {
    const ebook = { id: "d1", type: "digital", title: "The Lantern of Pebblewick (Download)", price: 9, image_url: "" } as const;
    const twice = addLine(addLine([], ebook).items, ebook);
    expect(twice.outcome).toBe("unchanged");
    expect(setLineQuantity(twice.items, lineKey(ebook), 2)[0].quantity).toBe(1);
    expect(parseStoredCart([{ ...ebook, quantity: 3 }])).toEqual([{ ...ebook, quantity: 1 }]);
    expect([ebook, print].map(isDownload)).toEqual([true, false]);
  });

  it("keeps different sizes of one item apart", () => {
    const r = addLine(addLine([], teeM).items, { ...teeM, size: "L" });
    expect(r.items.map((i) => i.size)).toEqual(["M", "L"]);
  });

  it("removes a line whose quantity drops to 0 or less", () => {
    const items = addLine([], print).items;
    expect(setLineQuantity(items, lineKey(print), 0)).toEqual([]);
    expect(setLineQuantity(items, lineKey(print), -2)).toEqual([]);
    expect(setLineQuantity(items, lineKey(print), 3)[0].quantity).toBe(3);
    expect(removeLine(items, lineKey(print))).toEqual([]);
  });

  it("totals the goods only, unpriced lines counting 0: shipping is the server's", () => {
    const items: CartItem[] = [
      { ...print, quantity: 2 },
      { ...teeM, quantity: 1 },
      { id: "x", type: "book", title: "Odd", price: null, image_url: "", quantity: 3 },
    ];
    expect(totals(items)).toEqual({ subtotal: 98 });
    expect(totals([])).toEqual({ subtotal: 0 });
    expect(itemCount(items)).toBe(6);
  });

  it("discards a corrupt stored cart", () => {
    expect(parseStoredCart("nope")).toBeNull();
    expect(parseStoredCart([{ id: 1 }])).toBeNull();
    expect(parseStoredCart([{ ...print, quantity: 1 }])).toHaveLength(1);
  });
});
