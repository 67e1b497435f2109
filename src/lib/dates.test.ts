import { describe, expect, it } from "vitest";
import { formatDay, formatMonth } from "./dates";

describe("dates", () => {
  it("writes a stored day as Intl's en-US formats do, read in UTC", () => {
    const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
    const month = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
    for (let m = 0; m < 12; m++)
      for (const stored of [`2026-${String(m + 1).padStart(2, "0")}-01 00:00:00.000Z`, `1999-${String(m + 1).padStart(2, "0")}-28 23:59:59.999Z`]) {
        const at = new Date(stored.replace(" ", "T"));
        expect(formatDay(stored), stored).toBe(day.format(at));
        expect(formatMonth(stored), stored).toBe(month.format(at));
      }
  });

  it("says nothing for a missing or unreadable date", () => {
    for (const stored of [null, undefined, "", "not a date"]) expect([formatDay(stored), formatMonth(stored)]).toEqual(["", ""]);
  });
});
