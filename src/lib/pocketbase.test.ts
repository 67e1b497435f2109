import { describe, expect, it } from "vitest";
import { ClientResponseError } from "pocketbase";
import { pb, TOO_MANY_ATTEMPTS } from "./pocketbase";

/** A fetch that answers what PocketBase's rate limiter (or a studio hook) answers with 429. */
const answer429 = (message: string) => async () => new Response(JSON.stringify({ status: 429, message, data: {} }), { status: 429, headers: { "Content-Type": "application/json" } });

describe("the PocketBase client", () => {
  it("words the rate limiter's 429 for people, whichever request it was", async () => {
    const err = await pb.collection("users").authWithPassword("a@b.co", "x", { fetch: answer429("Too Many Requests.") }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClientResponseError);
    expect((err as ClientResponseError).message).toBe("Too many attempts. Please wait a minute and try again.");
    expect(TOO_MANY_ATTEMPTS).toBe((err as ClientResponseError).message);
  });

  it("keeps a 429 the studio worded itself", async () => {
    const err = (await pb.send("/api/collections/commission_files/records", { method: "POST", fetch: answer429("You have uploaded 100 MB today, the daily limit is 100 MB.") }).catch((e: unknown) => e)) as ClientResponseError;
    expect(err.message).toMatch(/daily limit is 100 MB/);
  });
});
