import { describe, expect, it } from "vitest";
import { formatCents, formatPrice, isSellable } from "./money";
import { backendUrl } from "./pocketbase";

describe("money", () => {
  it("formats dollars with exactly two decimals, N/A when missing", () => {
    expect(formatPrice(35)).toBe("$35.00");
    expect(formatPrice(1234.5)).toBe("$1,234.50");
    expect(formatPrice(null)).toBe("N/A");
    expect(formatPrice(undefined)).toBe("N/A");
    expect(formatCents(495)).toBe("$4.95");
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
