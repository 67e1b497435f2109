import { describe, expect, it } from "vitest";
import { formatCents, formatCount, formatPrice, isSellable } from "./money";
import { backendUrl } from "./pocketbase";

describe("money", () => {
  it("formats dollars with exactly two decimals, N/A when missing", () => {
    expect(formatPrice(35)).toBe("$35.00");
    expect(formatPrice(1234.5)).toBe("$1,234.50");
    expect(formatPrice(null)).toBe("N/A");
    expect(formatPrice(undefined)).toBe("N/A");
    expect(formatCents(495)).toBe("$4.95");
    // The same text as Intl's en-US currency format, for every kind of amount the shop meets.
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const n of [0, 0.005, 0.01, 0.1, 0.994, 0.995, 1, 9.99, 12.345, 999.995, 1000, 1234567.891, -4.95, -1234.5, -0.001, 1e9 + 0.5]) expect(formatPrice(n), String(n)).toBe(intl.format(n));
  });
  it("writes counts as Intl's en-US format does", () => {
    for (const n of [0, 7, 999, 1000, 2000, 12345, 999999, 1234567]) expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
  });
  it("sells only positive prices", () => {
    expect([isSellable(0), isSellable(-1), isSellable(null), isSellable(NaN), isSellable(0.01)]).toEqual([false, false, false, false, true]);
  });
});

describe("backend URL", () => {
  it("needs http or https", () => {
    expect(backendUrl("", "https://shop.example")).toBe("https://shop.example");
    expect(backendUrl("http://127.0.0.1:8090/", "https://x")).toBe("http://127.0.0.1:8090");
    expect(() => backendUrl("ftp://files", "https://x")).toThrow(/http or https/);
    expect(() => backendUrl("not a url", "https://x")).toThrow(/not a valid URL/);
  });
});
