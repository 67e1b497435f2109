import { describe, expect, it } from "vitest";
import { pageWindow } from "./ArtworkPager";

describe("artwork page links", () => {
  it("offers the first and last pages and two either side of the current one, with gaps marked", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, "gap", 5]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(42, 84)).toEqual([1, "gap", 40, 41, 42, 43, 44, "gap", 84]);
    expect(pageWindow(84, 84)).toEqual([1, "gap", 82, 83, 84]);
  });
});
