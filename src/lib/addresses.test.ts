import { describe, expect, it } from "vitest";
import { idInSlug, pieceAddress, slugWords } from "./addresses";

describe("piece addresses", () => {
  it("makes readable words of a title, accents and punctuation dropped", () => {
    expect(slugWords("Moonlit Fox")).toBe("moonlit-fox");
    expect(slugWords("  Crème brûlée: the Fox's  Tale! ")).toBe("creme-brulee-the-fox-s-tale");
    expect(slugWords("\"><script>alert(1)</script>")).toBe("script-alert-1-script");
    expect(slugWords("狐")).toBe("");
  });

  it("cuts long titles at a word, within 60 characters", () => {
    const slug = slugWords("The Lantern Keeper and the Very Long Night of the Wandering Sea Foxes");
    expect(slug).toBe("the-lantern-keeper-and-the-very-long-night-of-the-wandering");
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slugWords("a".repeat(80))).toHaveLength(60);
  });

  it("ends with the id, alone when the title has no words", () => {
    expect(pieceAddress("gallery", { id: "k3j9x2m4p7q1w8e", title: "Moonlit Fox" })).toBe("/gallery/moonlit-fox-k3j9x2m4p7q1w8e");
    expect(pieceAddress("pebblewick", { id: "k3j9x2m4p7q1w8e", name: "狐" })).toBe("/pebblewick/k3j9x2m4p7q1w8e");
  });

  it("reads the id back from an address, old words or none", () => {
    expect(idInSlug("moonlit-fox-k3j9x2m4p7q1w8e")).toBe("k3j9x2m4p7q1w8e");
    expect(idInSlug("old-name-k3j9x2m4p7q1w8e")).toBe("k3j9x2m4p7q1w8e");
    expect(idInSlug("k3j9x2m4p7q1w8e")).toBe("k3j9x2m4p7q1w8e");
    expect(idInSlug("moonlit-fox")).toBe("");
    expect(idInSlug("moonlit-fox-K3J9X2M4P7Q1W8E")).toBe("");
  });
});
