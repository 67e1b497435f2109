import { describe, expect, it } from "vitest";
import { fileProblem, formatBytes } from "./files";

describe("file checks", () => {
  it("accepts the four types up to 10 MB, with the spec's texts otherwise", () => {
    expect(fileProblem(new File(["x"], "a.png", { type: "image/png" }))).toBeNull();
    expect(fileProblem(new File(["x"], "a.exe", { type: "application/x-msdownload" }))).toEqual({
      title: "Invalid file type",
      description: "a.exe is not supported. Only JPEG, PNG, GIF, and PDF are allowed.",
    });
    const big = new File([new Uint8Array(10485761)], "big.pdf", { type: "application/pdf" });
    expect(fileProblem(big)).toEqual({ title: "File too large", description: "big.pdf exceeds the 10MB limit." });
  });
  it("formats sizes in B, KB and MB", () => {
    expect([formatBytes(512), formatBytes(2048), formatBytes(3 * 1024 * 1024)]).toEqual(["512 B", "2.0 KB", "3.0 MB"]);
  });
});
