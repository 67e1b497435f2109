// The list that sends, through the SMTP catcher: double opt-in on chosen lists, the same answer for
// every address, a campaign that reaches confirmed members once each with both unsubscribe headers,
// one-click unsubscribe by POST (a GET changes nothing), "your letters", the consent log, export
// and erasure, and the studio's bad input refused with a message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type PocketBase from "pocketbase";
import { startServer, signedInUser, ADMIN_DOMAIN, type TestServer } from "../support/server";
import { startMailServer, linkIn, type MailServer, type CaughtMail } from "../support/maildev";
import { LISTS, WORDING, WORDING_VERSION } from "../../src/features/newsletter/lists";

const STUDIO = `studio@${ADMIN_DOMAIN}`;
let server: TestServer;
let mail: MailServer;
let admin: PocketBase;

beforeAll(async () => {
  mail = await startMailServer();
  server = await startServer({ ...mail.env });
  await server.su.settings.update({ rateLimits: { enabled: false } });
  admin = await signedInUser(server, STUDIO, { is_admin: true });
  await studio("/api/studio/letters/settings", { rate_per_second: 50 });
}, 60000);

afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

async function signup(email: string, lists: string[] = ["news"]) {
  const res = await fetch(server.url + "/api/studio/newsletter", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, first_name: "Ada", last_name: "Lovelace", lists, wording_version: 1 }),
  });
  return { status: res.status, body: await res.json() };
}

async function studio(path: string, body?: unknown, method = "POST") {
  return admin.send(path, { method, body: body as Record<string, unknown> | undefined });
}

async function studioError(path: string, body: unknown) {
  try {
    await studio(path, body);
  } catch (err) {
    return (err as { response: { message: string }; status: number }).response.message;
  }
  throw new Error(`${path} was accepted`);
}

async function member(email: string) {
  return server.su.collection("newsletter_subscribers").getFirstListItem(`email = "${email}"`);
}

const form = (body: string) => ({ method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body, redirect: "manual" as const });

async function confirmed(email: string, lists: string[] = ["news"]) {
  await signup(email, lists);
  const letter = await mail.waitFor(email, /confirm/);
  const res = await fetch(linkIn(letter, `${server.url}/letters/confirm/`), form(""));
  expect(res.status).toBe(200);
}

async function campaign(subject: string, lists: string[], extra: Record<string, unknown> = {}) {
  const saved = await studio("/api/studio/letters/campaigns", { subject, preview: "A new book", body: "## Hello\n\nA new [book](https://example.com/book) is out.", lists, ...extra });
  return saved.campaign.id as string;
}

async function sent(id: string) {
  const end = Date.now() + 30000;
  for (;;) {
    const { campaigns } = await studio("/api/studio/letters", undefined, "GET");
    const c = campaigns.find((x: { id: string }) => x.id === id);
    if (c.state === "sent") return c;
    if (Date.now() > end) throw new Error(`campaign still ${c.state}: ${JSON.stringify(c.progress)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The n-th letter to `email` whose subject matches, once it has come. */
async function nth(email: string, subject: RegExp, n: number) {
  const end = Date.now() + 20000;
  for (;;) {
    const found = (await mail.all()).filter((m) => subject.test(m.subject) && m.to.some((t) => t.address === email));
    if (found.length >= n) return found[n - 1];
    if (Date.now() > end) throw new Error(`only ${found.length} letters to ${email} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const lettersTo = async (email: string, subject: string) => (await mail.all()).filter((m) => m.subject === subject && m.to.some((t) => t.address === email));
const header = (m: CaughtMail, name: string) => String((m as unknown as { headers: Record<string, string> }).headers[name] ?? "");

describe("double opt-in", () => {
  it("shows in the form the lists and words the server logs a signup against", async () => {
    const served = await fetch(server.url + "/api/studio/newsletter/form").then((r) => r.json());
    expect(served).toEqual({ lists: LISTS, wording: WORDING, wording_version: WORDING_VERSION });
  });

  it("sends one confirmation whose page asks for a press, works once, and answers every address alike", async () => {
    const fresh = await signup("wren@example.com", ["news", "pebblewick"]);
    const letter = await mail.waitFor("wren@example.com", /confirm/);
    const pending = await signup("wren@example.com", ["news", "pebblewick"]);
    expect(pending).toEqual(fresh);
    const link = linkIn(letter, `${server.url}/letters/confirm/`);
    // A mail scanner's fetch shows the button and changes nothing.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    // A page naming one person's address is never kept by a shared cache, nor its token sent on.
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await page.text()).toContain("Confirm my letters");
    expect((await member("wren@example.com")).state).toBe("pending");
    const press = await fetch(link, form(""));
    expect(press.status).toBe(200);
    expect(await press.text()).toContain("You are on the list");
    expect((await member("wren@example.com")).state).toBe("confirmed");
    expect((await fetch(link, form(""))).status).toBe(404);
    expect(await signup("wren@example.com")).toEqual(fresh);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await mail.all()).filter((m) => m.to.some((t) => t.address === "wren@example.com") && /confirm/.test(m.subject))).toHaveLength(1);
  });

  it("makes one member and sends one confirmation for the same signup sent five times at once", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => signup("twice@example.com", ["cryptids"])));
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify({ status: 200, body: { subscribed: true } })]));
    await mail.waitFor("twice@example.com", /confirm/);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await mail.all()).filter((m) => m.to.some((t) => t.address === "twice@example.com"))).toHaveLength(1);
    expect(await server.su.collection("newsletter_subscribers").getFullList({ filter: 'email = "twice@example.com"' })).toHaveLength(1);
  });

  it("refuses a signup with no list, and a forged confirmation shows a clear page", async () => {
    for (const lists of [{ 0: "news" }, "nonsense", [["news"]]]) {
      const res = await fetch(server.url + "/api/studio/newsletter", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "odd@example.com", first_name: "O", last_name: "D", lists, wording_version: 1 }) });
      expect(res.status).toBe(400);
    }
    expect((await signup("odd@example.com", ["news"]).then(() => fetch(server.url + "/api/studio/newsletter", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "odd2@example.com", first_name: "O", last_name: "D", lists: ["news"], wording_version: 99 }) }))).status).toBe(400);
    expect((await signup("nolist@example.com", [])).body.message).toBe("Please choose at least one list.");
    const forged = await fetch(`${server.url}/letters/confirm/${"a".repeat(43)}`, form(""));
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain("This link does not work");
  });
});

describe("campaigns", () => {
  it("keeps the list's records from browsers, and the signing key even from the studio", async () => {
    const customer = await signedInUser(server, "reader@example.com");
    for (const name of ["newsletter_subscribers", "newsletter_consents", "newsletter_erasures", "newsletter_settings", "campaigns", "campaign_sends"]) {
      expect((await customer.collection(name).getList(1, 1)).items, name).toEqual([]);
      await expect(customer.collection(name).create({ subject: "x", state: "sending" }), name).rejects.toMatchObject({ status: 403 });
      await expect(admin.collection(name).create({ subject: "x", state: "sending", lists: ["news"] }), name).rejects.toMatchObject({ status: 403 });
    }
    const [settings] = await admin.collection("newsletter_settings").getFullList();
    expect(settings.signing_key).toBeUndefined();
    const [someone] = await admin.collection("newsletter_subscribers").getFullList();
    expect(someone.confirm_digest).toBeUndefined();
  });

  it("refuses bad input with a message and sends nothing", async () => {
    expect(await studioError("/api/studio/letters/campaigns", { subject: " ", body: "x", lists: ["news"] })).toBe("Please write a subject.");
    expect(await studioError("/api/studio/letters/campaigns", { subject: "Big", body: "word ".repeat(45000), lists: ["news"] })).toMatch(/over 200 KB/);
    const saved = await studio("/api/studio/letters/campaigns", { subject: "Tags", body: "Hi <script>alert(1)</script><b>there</b>", lists: ["news"] });
    expect(saved.removed).toBe(true);
    const preview = await fetch(server.url + saved.preview_url);
    const html = await preview.text();
    expect(html).not.toContain("<script");
    expect(html).toContain("Hi there");
    const nobody = await campaign("To nobody", ["originals"]);
    await studio("/api/studio/letters/settings", { postal_address: "" });
    expect(await studioError(`/api/studio/letters/campaigns/${nobody}/send`, {})).toMatch(/postal address/);
    await studio("/api/studio/letters/settings", { postal_address: "Lanternwood Studio, 4 Harbour Lane, Pebble Cove, ME 04101, USA" });
    expect(await studioError(`/api/studio/letters/campaigns/${nobody}/send`, {})).toBe("Nobody on these lists has confirmed yet: nothing was sent.");
    expect(await fetch(`${server.url}/api/studio/letters`).then((r) => r.status)).toBe(403);
  });

  it("reaches confirmed members once each with both headers; a POST to the header stops the next, a GET does not", async () => {
    await confirmed("fern@example.com", ["pebblewick"]);
    await confirmed("moss@example.com", ["news", "pebblewick"]);
    await signup("pending@example.com", ["pebblewick"]);
    await mail.waitFor("pending@example.com", /confirm/);
    const first = await campaign("The Pebblewick book is out", ["pebblewick"]);
    await studio(`/api/studio/letters/campaigns/${first}/send`, {});
    const done = await sent(first);
    expect(done.progress.sent).toBe(3); // fern, moss and wren from the first test
    for (const who of ["fern@example.com", "moss@example.com", "wren@example.com"]) expect(await lettersTo(who, "The Pebblewick book is out"), who).toHaveLength(1);
    expect(await lettersTo("pending@example.com", "The Pebblewick book is out")).toHaveLength(0);

    const [toFern] = await lettersTo("fern@example.com", "The Pebblewick book is out");
    expect(header(toFern, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const https = /<(http[^>]+)>/.exec(header(toFern, "list-unsubscribe"))![1];
    expect(https).toMatch(new RegExp(`^${server.url}/letters/unsubscribe/[a-z0-9]{15}\\.[0-9a-f]{32}\\?c=${first}$`));
    expect(header(toFern, "list-unsubscribe")).toMatch(/<mailto:hello@lanternwood\.example\?subject=unsubscribe/);
    expect(toFern.text).toContain("4 Harbour Lane");
    expect(toFern.html).toContain(https);
    expect(toFern.html).toContain(">Unsubscribe</a>");

    const [toMoss] = await lettersTo("moss@example.com", "The Pebblewick book is out");
    const mossLink = /<(http[^>]+)>/.exec(header(toMoss, "list-unsubscribe"))![1];
    const get = await fetch(mossLink);
    expect(get.status).toBe(200);
    expect(await get.text()).toContain("Unsubscribe from all letters");
    const post = await fetch(https, form("List-Unsubscribe=One-Click"));
    expect(post.status).toBe(200);
    expect((await member("fern@example.com")).state).toBe("unsubscribed");
    expect((await member("moss@example.com")).state).toBe("confirmed");

    const second = await campaign("A second letter", ["pebblewick"]);
    await studio(`/api/studio/letters/campaigns/${second}/send`, {});
    await sent(second);
    expect(await lettersTo("fern@example.com", "A second letter")).toHaveLength(0);
    expect(await lettersTo("moss@example.com", "A second letter")).toHaveLength(1);

    // A forged token changes nothing.
    const forged = await fetch(https.replace(/[0-9a-f]{4}\?/, "0000?"), form("List-Unsubscribe=One-Click"));
    expect(forged.status).toBe(404);

    // Clicks go through the shop's own address, to the address the campaign keeps, counted once per member.
    const click = linkIn(toMoss, `${server.url}/letters/click/`);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(click, { redirect: "manual" });
      expect([res.status, res.headers.get("location")]).toEqual([302, "https://example.com/book"]);
    }
    const uncounted = await fetch(click.replace(/\/[^/]+$/, "/forged.0000"), { redirect: "manual" });
    expect(uncounted.headers.get("location")).toBe("https://example.com/book");
    expect((await fetch(click.replace(/\/0\//, "/7/"), { redirect: "manual" })).status).toBe(404);
    const figures = (await studio("/api/studio/letters", undefined, "GET")).campaigns.find((c: { id: string }) => c.id === first);
    expect([figures.clicked, figures.clicks, figures.unsubscribed]).toEqual([1, 1, 1]);
  });

  it("lets a member choose lists from any letter; coming back after unsubscribing needs a new confirmation", async () => {
    const [toFern] = await lettersTo("fern@example.com", "The Pebblewick book is out");
    const manage = linkIn(toFern, `${server.url}/letters/manage/`);
    const managePage = await fetch(manage);
    expect(managePage.headers.get("cache-control")).toContain("no-store");
    expect(await managePage.text()).toContain("gets no letters from us now");
    const back = await fetch(manage, form("lists=news&lists=cryptids"));
    expect(await back.text()).toContain("we sent a letter to confirm");
    expect((await member("fern@example.com")).state).toBe("pending");
    const again = await nth("fern@example.com", /confirm/, 2);
    await fetch(linkIn(again, `${server.url}/letters/confirm/`), form(""));
    const now = await member("fern@example.com");
    expect([now.state, now.lists]).toEqual(["confirmed", ["news", "cryptids"]]);
  });

  it("exports everything kept about an address and erases it for good", async () => {
    const kept = await admin.send("/api/studio/newsletter/records?email=fern@example.com", {});
    expect(kept.subscriber.state).toBe("confirmed");
    expect(kept.consents.map((c: { action: string }) => c.action)).toEqual(["signed_up", "confirmed", "unsubscribed", "signed_up", "confirmed"]);
    expect(kept.consents[2].via).toBe("one-click header");
    expect(kept.consents[0]).toMatchObject({ via: "signup form", wording_version: 1 });
    expect(kept.consents[0].network_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(kept.letters.map((l: { subject: string; state: string }) => [l.subject, l.state])).toEqual([["The Pebblewick book is out", "sent"]]);
    const [toFern] = await lettersTo("fern@example.com", "The Pebblewick book is out");
    await studio("/api/studio/newsletter/erase", { email: "fern@example.com" });
    const after = await admin.send("/api/studio/newsletter/records?email=fern@example.com", {});
    expect(after.subscriber).toBeNull();
    expect(after.consents).toEqual([]);
    expect(after.letters).toEqual([]);
    expect(after.erased_at).toBeTruthy();
    expect((await fetch(linkIn(toFern, `${server.url}/letters/manage/`))).status).toBe(404);

    // An old list imported again cannot bring the address back; the others are asked to confirm.
    const imported = await studio("/api/studio/newsletter/import", { lists: ["news"], addresses: [{ email: "FERN@example.com" }, { email: "moss@example.com" }, { email: "new@example.com", first_name: "Nell" }, { email: "nope" }] });
    expect(imported).toEqual({ asked_to_confirm: 1, known: 1, erased: 1, invalid: 1 });
    expect((await admin.send("/api/studio/newsletter/records?email=fern@example.com", {})).subscriber).toBeNull();
    expect((await mail.waitFor("new@example.com", /confirm/)).text).toContain("Hello Nell");
    expect((await member("new@example.com")).state).toBe("pending");
  });
});
