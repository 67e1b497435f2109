import { describe, expect, it } from "vitest";
import { byNewest, laterFirst } from "./catalog";

describe("byNewest", () => {
  it("puts the latest PocketBase timestamp first, to the millisecond", () => {
    const rows = [
      { id: "a", created: "2026-01-05 09:00:00.000Z" },
      { id: "b", created: "2026-11-23 10:00:00.120Z" },
      { id: "c", created: "2025-12-31 23:59:59.999Z" },
      { id: "d", created: "2026-11-23 10:00:00.121Z" },
    ];
    expect([...rows].sort(byNewest).map((r) => r.id)).toEqual(["d", "b", "a", "c"]);
  });

  it("keeps equal timestamps equal", () => {
    expect(laterFirst("2026-11-23 10:00:00.000Z", "2026-11-23 10:00:00.000Z")).toBe(0);
  });
});
