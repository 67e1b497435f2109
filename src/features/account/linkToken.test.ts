import { describe, expect, it } from "vitest";
import { readLinkToken } from "./linkToken";

const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}.s`;

describe("readLinkToken", () => {
  it("reads whose link it is and whether it still works", () => {
    const later = Math.floor(Date.now() / 1000) + 600;
    expect(readLinkToken(`?token=${jwt({ email: "ada@example.com", exp: later })}`)).toMatchObject({ email: "ada@example.com", expired: false });
    expect(readLinkToken(`?token=${jwt({ email: "a@b.c", newEmail: "n@b.c", exp: 1 })}`)).toMatchObject({ newEmail: "n@b.c", expired: true });
  });

  it("turns a missing or mangled token into null", () => {
    expect(readLinkToken("")).toBeNull();
    expect(readLinkToken("?token=abc")).toBeNull();
    expect(readLinkToken("?token=a.%%%.c")).toBeNull();
  });
});
