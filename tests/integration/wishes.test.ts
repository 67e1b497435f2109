// "Tell me when it's back", through the SMTP catcher: a wish from any address answers alike, an
// unconfirmed address is asked to confirm first, and a restock sends one letter (with both
// unsubscribe headers, the item's picture, price and address) to each waiting confirmed address,
// once, however many restocks race. A sold original's wish waits for the next original of its world.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type PocketBase from "pocketbase";
import { startServer, signedInUser, ADMIN_DOMAIN, type TestServer } from "../support/server";
import { startMailServer, linkIn, type MailServer, type CaughtMail } from "../support/maildev";
import { form as formData, pngFile } from "../support/files";
import { WISH_WORDING, WISH_WORDING_VERSION } from "../../src/features/wishes/wording";

let server: TestServer;
let mail: MailServer;
let admin: PocketBase;

beforeAll(async () => {
  mail = await startMailServer();
  server = await startServer({ ...mail.env });
  await server.su.settings.update({ rateLimits: { enabled: false } });
  admin = await signedInUser(server, `studio@${ADMIN_DOMAIN}`, { is_admin: true });
  await admin.send("/api/studio/letters/settings", { method: "POST", body: { rate_per_second: 50, postal_address: "4 Harbour Lane, Pebble Cove" } });
}, 60000);

afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

async function wish(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + "/api/studio/wishes", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ wording_version: 1, ...body }),
  });
  return { status: res.status, body: await res.json() };
}

const press = (link: string) => fetch(link, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" });
const lettersTo = async (email: string, subject: RegExp) => (await mail.all()).filter((m) => subject.test(m.subject) && m.to.some((t) => t.address === email));
const header = (m: CaughtMail, name: string) => String((m as unknown as { headers: Record<string, string> }).headers[name] ?? "");

async function settled(subject: RegExp, expected: number) {
  // Letters leave one by one at the set rate: wait until the count stops short of none and holds.
  const end = Date.now() + 20000;
  for (;;) {
    const found = (await mail.all()).filter((m) => subject.test(m.subject));
    if (found.length >= expected) return found;
    if (Date.now() > end) throw new Error(`only ${found.length} letters matching ${subject}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function confirmedMember(email: string) {
  await fetch(server.url + "/api/studio/newsletter", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, first_name: "Bea", last_name: "Reader", lists: ["news"], wording_version: 1 }),
  });
  const letter = await mail.waitFor(email, /confirm/);
  expect((await press(linkIn(letter, `${server.url}/letters/confirm/`))).status).toBe(200);
}

describe("notify me when a merchandise item is back", () => {
  it("shows in the form the words the server logs a wish against", async () => {
    expect(await fetch(server.url + "/api/studio/wishes/form").then((r) => r.json())).toEqual({ wording: WISH_WORDING, wording_version: WISH_WORDING_VERSION });
  });

  it("asks the unconfirmed to confirm, keeps one wish per item and size, and sends two letters once when three wait", async () => {
    const tote = await admin.collection("merchandise").create(
      formData({ title: "Fox tote", price: 24, in_stock: true, inventory_count: 0, available_sizes: ["S", "L"] }, { primary_image: pngFile("fox.png") }),
    );
    await confirmedMember("bea@example.com");
    // Suppressed as a refusal by its mail server leaves it (that has its own tests).
    await server.su.collection("newsletter_subscribers").create({ email: "gone@example.com", state: "suppressed", lists: ["news"] });

    // The same answer whatever the address's state: new, confirmed, suppressed, and new again.
    const answers = await Promise.all(
      ["ann@example.com", "bea@example.com", "gone@example.com", "cy@example.com"].map((email) => wish({ kind: "merchandise", id: tote.id, size: "L", email })),
    );
    for (const a of answers) expect(a).toEqual({ status: 200, body: { waiting: true } });
    // The same wish twice is one wish, and sends no second confirmation.
    expect(await wish({ kind: "merchandise", id: tote.id, size: "L", email: "ANN@example.com " })).toEqual(answers[0]);
    await wish({ kind: "merchandise", id: tote.id, size: "S", email: "bea@example.com" });

    const confirmation = await mail.waitFor("ann@example.com", /confirm/);
    expect(confirmation.text).toContain("Fox tote, L");
    expect(await lettersTo("ann@example.com", /confirm/)).toHaveLength(1);
    expect(await lettersTo("bea@example.com", /confirm|already/)).toHaveLength(1); // the signup's own
    expect(await lettersTo("gone@example.com", /./)).toHaveLength(0);
    await mail.waitFor("cy@example.com", /confirm/); // cy never presses it
    expect((await press(linkIn(confirmation, `${server.url}/letters/confirm/`))).status).toBe(200);

    // The studio sees who waits for what in the item's editor.
    const waiting = await admin.send(`/api/studio/wishes/merchandise/${tote.id}`, {});
    expect(waiting).toEqual({
      waiting: [
        { label: "Fox tote, L", confirmed: 2, pending: 1 },
        { label: "Fox tote, S", confirmed: 1, pending: 0 },
      ],
    });
    // Nobody else sees it.
    expect((await fetch(`${server.url}/api/studio/wishes/merchandise/${tote.id}`)).status).toBeGreaterThanOrEqual(401);

    // Restocked three times at once: one letter to each confirmed address, bea's two sizes in one.
    await Promise.all([5, 6, 7].map((n) => admin.collection("merchandise").update(tote.id, { inventory_count: n })));
    const letters = await settled(/^Back in the shop: Fox tote$/, 2);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await mail.all()).filter((m) => /^Back in the shop/.test(m.subject)).map((m) => m.to[0].address).sort()).toEqual(["ann@example.com", "bea@example.com"]);
    const letter = letters[0];
    expect(header(letter, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(header(letter, "list-unsubscribe")).toMatch(/^<http.*\/letters\/unsubscribe\/.*>, <mailto:/);
    expect(letter.html).toContain(`/api/files/`);
    expect(letter.html).toContain("fox");
    expect(letter.html).toContain("$24.00");
    expect(letter.html).toContain(`/shop/${tote.id}`);
    expect(letter.html).toContain("4 Harbour Lane");

    // The wishes ended: out and back again sends nothing more to them; cy still waits, unsent to.
    await admin.collection("merchandise").update(tote.id, { inventory_count: 0 });
    await admin.collection("merchandise").update(tote.id, { inventory_count: 3 });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await mail.all()).filter((m) => /^Back in the shop/.test(m.subject))).toHaveLength(2);
    expect(await admin.send(`/api/studio/wishes/merchandise/${tote.id}`, {})).toEqual({ waiting: [{ label: "Fox tote, L", confirmed: 0, pending: 1 }] });

    // What is kept about an address holds its wishes, and its erasure takes them.
    const kept = await admin.send("/api/studio/newsletter/records?email=ann@example.com", {});
    expect(kept.wishes).toEqual([{ for: "Fox tote, L", state: "sent", at: expect.any(String), campaign: expect.stringMatching(/^[a-z0-9]{15}$/) }]);
    expect(kept.consents.map((c: { via: string; detail: string }) => [c.via, c.detail])).toEqual([
      ["notify-me form", "wish: Fox tote, L"],
      ["confirmation link", ""],
    ]);
    await admin.send("/api/studio/newsletter/erase", { method: "POST", body: { email: "cy@example.com" } });
    expect(await admin.send(`/api/studio/wishes/merchandise/${tote.id}`, {})).toEqual({ waiting: [] });
  });

  it("refuses a wish for what can be bought, for a size the item lacks, and a bad address, with a message", async () => {
    const mug = await admin.collection("merchandise").create(formData({ title: "Owl mug", price: 12, in_stock: true, inventory_count: 4 }, { primary_image: pngFile() }));
    const buyable = await wish({ kind: "merchandise", id: mug.id, email: "dee@example.com" });
    expect(buyable.status).toBe(400);
    expect(buyable.body.message).toBe('"Owl mug" is in stock: you can add it to your cart now.');
    await admin.collection("merchandise").update(mug.id, { in_stock: false });
    expect((await wish({ kind: "merchandise", id: mug.id, size: "XXL", email: "dee@example.com" })).body.message).toBe('"Owl mug" has no size "XXL".');
    expect((await wish({ kind: "merchandise", id: mug.id, email: "not an address" })).body.message).toBe("Please provide a valid email address.");
    expect((await wish({ kind: "merchandise", id: "nosuchitem12345", email: "dee@example.com" })).body.message).toBe("This item is no longer in the shop.");
    expect((await wish({ kind: "painting", id: mug.id, email: "dee@example.com" })).status).toBe(400);
  });
});

describe("notify me about new originals of a world", () => {
  it("waits on a sold original's world and writes when the next original of that world is published", async () => {
    const sold = await admin.collection("paintings").create(
      formData({ title: "Lantern Keeper", world: "pebblewick", tags: ["Print - For Sale", "Original - Sold Out"], tag_prices: { "Print - For Sale": 40 } }, { image: pngFile() }),
    );
    const forSale = await admin.collection("paintings").create(
      formData({ title: "Tide Clock", world: "pebblewick", tags: ["Original - For Sale"], tag_prices: { "Original - For Sale": 900 } }, { image: pngFile() }),
    );
    const refused = await wish({ kind: "original", id: forSale.id, email: "bea@example.com" });
    expect(refused.body.message).toBe('The original of "Tide Clock" is for sale: you can add it to your cart now.');
    expect(await wish({ kind: "original", id: sold.id, email: "bea@example.com" })).toEqual({ status: 200, body: { waiting: true } });
    expect(await admin.send(`/api/studio/wishes/painting/${sold.id}`, {})).toEqual({ waiting: [{ label: "New originals from Pebblewick", confirmed: 1, pending: 0 }] });
    // A cryptid original is not what bea waits for.
    await admin.collection("paintings").create(
      formData({ title: "Moss Giant", world: "cryptids", tags: ["Original - For Sale"], tag_prices: { "Original - For Sale": 700 } }, { image: pngFile() }),
    );
    const next = await admin.collection("paintings").create(
      formData({ title: "Harbour Owl", world: "pebblewick", tags: ["Original - For Sale"], tag_prices: { "Original - For Sale": 850 } }, { image: pngFile() }),
    );
    const [letter] = await settled(/^A new original from Pebblewick: Harbour Owl$/, 1);
    expect(letter.to[0].address).toBe("bea@example.com");
    expect(letter.html).toContain(`/gallery/${next.id}`);
    expect(letter.html).toContain("Original $850.00");
    expect(await lettersTo("bea@example.com", /Moss Giant/)).toHaveLength(0);
  });
});

describe("new work announced", () => {
  it("gathers a day's announcements to a list into one letter the studio can cancel, sent to that list's confirmed members", async () => {
    for (const [email, state, lists] of [
      ["pia@example.com", "confirmed", ["pebblewick"]],
      ["ned@example.com", "confirmed", ["news"]],
      ["pat@example.com", "pending", ["pebblewick"]],
    ] as const) {
      await server.su.collection("newsletter_subscribers").create({ email, state, lists });
    }
    const painting = await admin.collection("paintings").create(formData({ title: "Fog Bell", world: "pebblewick", tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 30 } }, { image: pngFile() }));
    const character = await admin.collection("characters").create(formData({ name: "Captain Kelp", character_type: "pebblewick", status: "current" }, { image: pngFile() }));
    const book = await admin.collection("books").create(formData({ title: "Moth Songs", price: 18 }, { image: pngFile() }));
    const announce = (kind: string, id: string) => admin.send("/api/studio/announcements", { method: "POST", body: { kind, id } });

    expect(await admin.send(`/api/studio/announcements/painting/${painting.id}`, {})).toMatchObject({ list: "pebblewick", list_name: "Pebblewick", announced: false, campaign: null });
    const [a, b] = await Promise.all([announce("painting", painting.id), announce("character", character.id)]);
    expect(a.campaign).toBe(b.campaign);
    expect(a.send_at).toMatch(/ 17:00:00\.000Z$/);
    expect(await admin.send(`/api/studio/announcements/character/${character.id}`, {})).toMatchObject({ announced: true, campaign: a.campaign });
    await expect(announce("painting", painting.id)).rejects.toMatchObject({ status: 400, response: { message: '"Fog Bell" is in today\'s letter to Pebblewick already.' } });
    const news = await announce("book", book.id);
    expect(news).toMatchObject({ list: "news", announced: true });
    expect(news.campaign).not.toBe(a.campaign);
    await expect(announce("merchandise", book.id)).rejects.toMatchObject({ status: 400 });
    expect((await fetch(`${server.url}/api/studio/announcements`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ kind: "book", id: book.id }) })).status).toBeGreaterThanOrEqual(401);

    // The Letters area shows both waiting; the studio cancels the one to Studio news.
    const { campaigns } = await admin.send("/api/studio/letters", {});
    const waiting = campaigns.filter((c: { kind: string }) => c.kind === "announcement");
    expect(waiting.map((c: { subject: string; state: string; lists: string[] }) => [c.subject, c.state, c.lists]).sort()).toEqual([
      // The two were announced at once: the letter names them in the order they landed.
      [expect.stringMatching(/^New from Pebblewick: (Fog Bell, Captain Kelp|Captain Kelp, Fog Bell)$/), "scheduled", ["pebblewick"]],
      ["New from the studio: Moth Songs", "scheduled", ["news"]],
    ]);
    await admin.send(`/api/studio/announcements/${news.campaign}`, { method: "DELETE" });
    expect(await admin.send(`/api/studio/announcements/book/${book.id}`, {})).toMatchObject({ announced: false, campaign: null });

    // The day's hour comes (moved to now): one letter to Pebblewick's confirmed member, with both pieces.
    await server.su.collection("campaigns").update(a.campaign, { send_at: new Date().toISOString().replace("T", " ") });
    const [letter] = await settled(/^New from Pebblewick: (Fog Bell, Captain Kelp|Captain Kelp, Fog Bell)$/, 1);
    expect(letter.to[0].address).toBe("pia@example.com");
    expect(letter.html).toContain(`/gallery/${painting.id}`);
    expect(letter.html).toContain(`/pebblewick/${character.id}`);
    expect(header(letter, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    await new Promise((r) => setTimeout(r, 1000));
    expect((await mail.all()).filter((m) => /^New from/.test(m.subject)).map((m) => m.to[0].address)).toEqual(["pia@example.com"]);
    await expect(admin.send(`/api/studio/announcements/${a.campaign}`, { method: "DELETE" })).rejects.toMatchObject({ status: 400 });
  });
});

describe("wishes are a sign-up form", () => {
  it("limits one network's wishes and one address's, answering alike", async () => {
    await server.su.settings.update({ rateLimits: { enabled: true } });
    try {
      const sock = await admin.collection("merchandise").create(formData({ title: "Bat socks", price: 9, in_stock: false }, { primary_image: pngFile() }));
      const answers = await Promise.all(Array.from({ length: 12 }, () => wish({ kind: "merchandise", id: sock.id, email: "flood@example.com" })));
      const refused = answers.filter((a) => a.status === 429);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
      expect(refused[0].body.message).toBe("Too many requests to be told about items came from here in the last hour. Please try again later.");
      // The network asked 12 times of its 30: new addresses do not make more.
      const many = await Promise.all(Array.from({ length: 25 }, (_, i) => wish({ kind: "merchandise", id: sock.id, email: `bot${i}@example.com` })));
      expect(many.filter((a) => a.status === 200)).toHaveLength(18);
    } finally {
      await server.su.settings.update({ rateLimits: { enabled: false } });
    }
  });
});
