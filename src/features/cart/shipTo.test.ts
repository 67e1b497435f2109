import { describe, expect, it } from "vitest";
import { countryName, regionOf } from "./shipTo";

describe("the cart's first guess of the country", () => {
  it("is the region of the browser's language, or its likely one", () => {
    expect(regionOf("de-DE")).toBe("DE");
    expect(regionOf("fr-CA")).toBe("CA");
    expect(regionOf("de")).toBe("DE");
    expect(regionOf("en")).toBe("US");
  });

  it("is nothing for no language or a broken one, so the buyer picks", () => {
    expect(regionOf(undefined)).toBe("");
    expect(regionOf("")).toBe("");
    expect(regionOf("not a tag!")).toBe("");
  });
});

describe("country names", () => {
  it("come from the browser, by code", () => {
    expect(countryName("DE")).toBe("Germany");
    expect(countryName("CI")).toMatch(/Côte d.Ivoire/);
  });
});
