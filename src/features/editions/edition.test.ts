import { afterEach, describe, expect, it, vi } from "vitest";
import { editionFacts } from "./edition";
import type { Edition } from "../../lib/catalog";

describe("edition", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes its facts without an Intl date format (a long task on a slow phone)", () => {
    const made = vi.spyOn(Intl, "DateTimeFormat");
    const toLocale = vi.spyOn(Date.prototype, "toLocaleDateString");
    const edition = { paper: "Hahnemühle cotton rag", dimensions: "12 × 16 in", print_date: "2026-03-01 00:00:00.000Z", artist_proofs: 2 } as Edition;
    expect(editionFacts(edition)).toEqual(["Hahnemühle cotton rag", "12 × 16 in", "printed March 2026", "2 artist's proofs"]);
    expect(made).not.toHaveBeenCalled();
    expect(toLocale).not.toHaveBeenCalled();
  });
});
