// Terms in versions, revisions counted on proofs, and the reminder of a request left unanswered:
// what a customer, the studio and a stray client meet over HTTP (decision 025).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type PocketBase from "pocketbase";
import { createHash } from "node:crypto";
import { startServer, signedInUser, ADMIN_DOMAIN, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";
import { startMailServer, type MailServer } from "../support/maildev";

const STUDIO = `owner@${ADMIN_DOMAIN}`;
const DAY = 86_400_000;

let server: TestServer;
let mail: MailServer;
let ada: PocketBase;
let bea: PocketBase;
let admin: PocketBase;

async function call(pb: PocketBase | null, path: string, body?: unknown, method = "POST") {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (pb?.authStore.token) headers.Authorization = pb.authStore.token;
  const res = await fetch(server.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function request(pb: PocketBase, terms: { version: number; digest: string } | null) {
  return pb.collection("commissions").create({
    type: "watercolor-portrait",
    description: "Our hedgehog, Pip, reading by lantern light",
    contact_email: "ignored@example.com",
    ...(terms ? { terms_version: terms.version, terms_digest: terms.digest } : {}),
  });
}

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    return err as { status: number; response: { message: string } };
  }
  throw new Error("expected a refusal");
}

async function writeTerms(text: string) {
  const res = await call(admin, "/api/studio/commission-terms", { text });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.terms as { version: number; text: string; digest: string };
}

beforeAll(async () => {
  mail = await startMailServer();
  server = await startServer({ ...mail.env, STUDIO_PAYMENTS: "demo", STUDIO_MAIL_BATCH_SECONDS: "0", STUDIO_NOTIFY_EMAIL: STUDIO });
  ada = await signedInUser(server, "ada@example.com", { first_name: "Ada" });
  bea = await signedInUser(server, "bea@example.com", { first_name: "Bea" });
  admin = await signedInUser(server, STUDIO);
  // Every request here comes from one address: the per-address limits are another test's.
  await server.su.settings.update({ rateLimits: { enabled: false } });
});

afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

describe("terms", () => {
  it("asks nothing before the studio writes terms, then stores the version and digest a request accepted", async () => {
    expect((await call(null, "/api/studio/commission-terms", undefined, "GET")).body).toMatchObject({ version: 0, text: "" });
    const before = await request(ada, null);
    expect(before).toMatchObject({ terms_version: 0, terms_digest: "" });

    const text = "Refunds: the deposit is kept once sketching starts.\nRevisions: as the quote says.\nUsage: personal use only.";
    const v1 = await writeTerms(text);
    expect(v1).toMatchObject({ version: 1, text, digest: createHash("sha256").update(text).digest("hex") });
    // The public reads the current version, and no more: the list of versions is the studio's.
    expect((await call(null, "/api/studio/commission-terms", undefined, "GET")).body).toEqual({ version: 1, text, digest: v1.digest, created: expect.any(String) });
    expect((await server.client().collection("commission_terms").getList()).items).toEqual([]);
    expect((await ada.collection("commission_terms").getList()).items).toEqual([]);
    // The same text again is no new version.
    expect((await call(admin, "/api/studio/commission-terms", { text })).body).toMatchObject({ repeated: true, terms: { version: 1 } });
    expect((await call(ada, "/api/studio/commission-terms", { text: "Mine now" })).status).toBe(403);
    expect((await call(admin, "/api/studio/commission-terms", { text: "   " })).body.message).toBe("Please write the terms before saving them.");

    const missing = await refusal(request(ada, null));
    expect(missing.status).toBe(400);
    expect(missing.response.message).toBe("Please read the studio's commission terms and accept them to send your request.");

    const sent = await request(ada, { version: 1, digest: v1.digest });
    expect(sent).toMatchObject({ terms_version: 1, terms_digest: v1.digest });
    expect(await admin.collection("commissions").getOne(sent.id)).toMatchObject({ terms_version: 1, terms_digest: v1.digest });
    // Both sides read the accepted text; nobody else does.
    expect((await call(ada, `/api/studio/commissions/${sent.id}/terms`, undefined, "GET")).body).toMatchObject({ version: 1, text });
    expect((await call(admin, `/api/studio/commissions/${sent.id}/terms`, undefined, "GET")).body).toMatchObject({ version: 1, text });
    expect((await call(bea, `/api/studio/commissions/${sent.id}/terms`, undefined, "GET")).status).toBe(404);
    // Nobody rewrites what was accepted, the studio included.
    expect((await refusal(admin.collection("commissions").update(sent.id, { terms_version: 2 }))).status).toBe(400);
  });

  it("refuses an old version or a digest of other text with a message naming the current version", async () => {
    const v1 = (await call(null, "/api/studio/commission-terms", undefined, "GET")).body;
    const v2 = await writeTerms(v1.text + "\nCommercial use: ask first.");
    expect(v2.version).toBe(v1.version + 1);
    const old = await refusal(request(ada, { version: v1.version, digest: v1.digest }));
    expect(old.status).toBe(400);
    expect(old.response.message).toBe(`The studio's commission terms changed after you accepted them: version ${v2.version} is current. Please read version ${v2.version} and accept it, then send your request again.`);
    const forged = await refusal(request(ada, { version: v2.version, digest: v1.digest }));
    expect(forged.status).toBe(400);
    expect((await request(ada, { version: v2.version, digest: v2.digest })).terms_version).toBe(v2.version);
  });
});

describe("revisions", () => {
  async function commissionWithProofs(included: number, proofs: number) {
    const terms = (await call(null, "/api/studio/commission-terms", undefined, "GET")).body;
    const c = await request(ada, terms);
    const q = await call(admin, `/api/studio/commissions/${c.id}/quotes`, { total_cents: 20000, revisions_included: included });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    const files = [];
    for (let i = 1; i <= proofs; i++) files.push(await admin.collection("commission_files").create(form({ commission: c.id, kind: "proof" }, { file: pngFile(`sketch-${i}.png`) })));
    return { id: c.id, proofs: files };
  }

  it("counts each request against the quote's revisions, once per proof, and says when one is past them", async () => {
    const { id, proofs } = await commissionWithProofs(2, 3);
    const first = await call(ada, `/api/studio/commission-files/${proofs[0].id}/revision`, { note: "A warmer sky, please" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ repeated: false, revision: { number: 1, included: 2, note: "A warmer sky, please" } });
    // A second press on the same proof, even at once, is the same request.
    const again = await Promise.all([1, 2, 3].map(() => call(ada, `/api/studio/commission-files/${proofs[0].id}/revision`, { note: "again" })));
    for (const r of again) expect(r.body).toMatchObject({ repeated: true, revision: { id: first.body.revision.id, number: 1 } });
    expect((await call(ada, `/api/studio/commission-files/${proofs[1].id}/revision`, {})).body.revision.number).toBe(2);
    expect((await call(ada, `/api/studio/commission-files/${proofs[2].id}/revision`, {})).body.revision).toMatchObject({ number: 3, included: 2 });

    const cards = (await ada.collection("commission_messages").getFullList({ filter: `commission = "${id}" && card.type = "revision"`, sort: "created" })).map((m) => m.content);
    expect(cards).toEqual([
      "Revision 1 of 2 requested on sketch-1.png.\nNote: A warmer sky, please",
      "Revision 2 of 2 requested on sketch-2.png.",
      "Revision 3 requested on sketch-3.png: past the 2 included.",
    ]);
    await mail.waitFor(STUDIO, /asked for a revision/);
    // Past the allowance the studio answers with an addition that may include more revisions.
    const addition = await call(admin, `/api/studio/commissions/${id}/quotes`, { total_cents: 4000, revisions_included: 1 });
    expect(addition.status, JSON.stringify(addition.body)).toBe(200);
    expect(addition.body).toMatchObject({ kind: "quote", revisions_included: 1 });
  });

  it("lets only the owner ask, only on a proof, and not once the work is delivered", async () => {
    const { id, proofs } = await commissionWithProofs(3, 2);
    const stranger = await call(bea, `/api/studio/commission-files/${proofs[0].id}/revision`, {});
    expect(stranger).toEqual({ status: 404, body: expect.objectContaining({ message: "This proof does not exist." }) });
    expect((await call(null, `/api/studio/commission-files/${proofs[0].id}/revision`, {})).body.message).toBe("Please sign in to ask for a revision.");
    const plain = await ada.collection("commission_files").create(form({ commission: id }, { file: pngFile("mine.png") }));
    expect((await call(ada, `/api/studio/commission-files/${plain.id}/revision`, {})).body.message).toBe("A revision is asked for on a proof, and this file is not one.");
    expect((await call(ada, `/api/studio/commission-files/${proofs[0].id}/revision`, { note: "x".repeat(2001) })).body.message).toBe("The note can be at most 2,000 characters.");

    await admin.collection("commissions").update(id, { status: "Complete" });
    const late = await call(ada, `/api/studio/commission-files/${proofs[1].id}/revision`, {});
    expect(late.status).toBe(400);
    expect(late.body.message).toBe("This commission has been delivered, so no more revisions can be asked for. You can still write to the studio in the thread.");
    expect(await ada.collection("commission_revisions").getFullList({ filter: `commission = "${id}"` })).toEqual([]);

    const ended = await commissionWithProofs(3, 1);
    await admin.collection("commissions").update(ended.id, { status: "Cancelled" });
    expect((await call(ada, `/api/studio/commission-files/${ended.proofs[0].id}/revision`, {})).body.message).toBe("This commission has ended, so no revisions can be asked for.");
  });

  it("refuses a count of revisions that is not a whole number from 0 to 100", async () => {
    const c = await request(ada, (await call(null, "/api/studio/commission-terms", undefined, "GET")).body);
    for (const bad of [-1, 2.5, "3", 101]) {
      const res = await call(admin, `/api/studio/commissions/${c.id}/quotes`, { total_cents: 20000, revisions_included: bad });
      expect(res.body.message).toBe("The revisions included must be a whole number from 0 to 100.");
    }
  });
});

describe("reminders", () => {
  const waitingSince = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().replace("T", " ");

  it("reminds the studio once of a request unanswered past the settings' days, and never of an answered one", async () => {
    await server.su.collection("commission_settings").update("commissionsetup", { reminder_days: 3 });
    const terms = (await call(null, "/api/studio/commission-terms", undefined, "GET")).body;
    // Requests already waiting are reminded too: clear them so only this test's count.
    expect((await call(admin, "/api/studio/commission-reminders/run")).status).toBe(200);
    const late = await request(bea, terms);
    const recent = await request(bea, terms);
    const answered = await request(bea, terms);
    const moved = await request(bea, terms);
    expect(late).toMatchObject({ answered_at: "", reminded_at: "" });
    // The clock is moved, not waited for: the superuser rewrites when each began waiting.
    await server.su.collection("commissions").update(late.id, { waiting_since: waitingSince(4) });
    await server.su.collection("commissions").update(recent.id, { waiting_since: waitingSince(2) });
    await server.su.collection("commissions").update(answered.id, { waiting_since: waitingSince(9) });
    await server.su.collection("commissions").update(moved.id, { waiting_since: waitingSince(9) });
    await admin.collection("commission_messages").create({ commission: answered.id, content: "Thank you, Bea! A question first…" });
    await admin.collection("commissions").update(moved.id, { status: "In Progress" });
    expect((await admin.collection("commissions").getOne(answered.id)).answered_at).not.toBe("");
    expect((await admin.collection("commissions").getOne(moved.id)).answered_at).not.toBe("");
    // Only the server keeps the clock.
    expect((await refusal(admin.collection("commissions").update(late.id, { answered_at: waitingSince(0) }))).status).toBe(400);
    expect((await refusal(bea.collection("commissions").update(late.id, { waiting_since: waitingSince(0) }))).status).toBeGreaterThanOrEqual(400);

    expect((await call(bea, "/api/studio/commission-reminders/run")).status).toBe(403);
    expect((await call(admin, "/api/studio/commission-reminders/run")).body).toEqual({ reminded: 1 });
    const letter = await mail.waitFor(STUDIO, /waiting for your answer/);
    expect(letter.text).toContain("waiting 4 days");
    expect(letter.text).toContain("Our hedgehog, Pip");
    expect((await admin.collection("commissions").getOne(late.id)).reminded_at).not.toBe("");
    // Once: the next run, and the next, find nothing more to say.
    expect((await call(admin, "/api/studio/commission-reminders/run")).body).toEqual({ reminded: 0 });
    expect((await call(admin, "/api/studio/commission-reminders/run")).body).toEqual({ reminded: 0 });
    const letters = await server.su.collection("mail_outbox").getFullList({ filter: `batch_key = "commission-reminders"` });
    expect(letters.filter((l) => String(l.text).includes("waiting 4 days"))).toHaveLength(1);
    expect(letters.some((l) => String(l.text).includes("waiting 2 days") || String(l.text).includes("waiting 9 days"))).toBe(false);
  });
});

describe("what a client cannot do around them", () => {
  it("writes no revision, terms or clock of its own, and reads no one else's", async () => {
    const terms = (await call(null, "/api/studio/commission-terms", undefined, "GET")).body;
    // Whatever the form sends for the clock, the server starts it.
    const c = await ada.collection("commissions").create({
      type: "watercolor-portrait",
      description: "Lanterns on the pier",
      contact_email: "x@example.com",
      terms_version: terms.version,
      terms_digest: terms.digest,
      answered_at: "2026-01-01 00:00:00.000Z",
      reminded_at: "2026-01-01 00:00:00.000Z",
      waiting_since: "2020-01-01 00:00:00.000Z",
    });
    expect(c).toMatchObject({ answered_at: "", reminded_at: "" });
    expect(Date.now() - Date.parse(c.waiting_since.replace(" ", "T"))).toBeLessThan(DAY);
    const proof = await admin.collection("commission_files").create(form({ commission: c.id, kind: "proof" }, { file: pngFile("pier.png") }));
    for (const pb of [ada, admin]) {
      const direct = await refusal(pb.collection("commission_revisions").create({ commission: c.id, proof: proof.id, number: 1, included: 99 }));
      expect(direct.status).toBeGreaterThanOrEqual(400);
      expect((await refusal(pb.collection("commission_terms").create({ version: 99, text: "Mine", digest: "x" }))).status).toBeGreaterThanOrEqual(400);
    }
    // A card in a message is the server's: a client's is dropped.
    const m = await ada.collection("commission_messages").create({ commission: c.id, content: "Hello", card: { type: "revision", number: 1, included: 9 } });
    expect(m.card).toBeNull();
    await call(ada, `/api/studio/commission-files/${proof.id}/revision`, { note: "Less fog" });
    expect(await bea.collection("commission_revisions").getFullList({ filter: `commission = "${c.id}"` })).toEqual([]);
    expect((await ada.collection("commission_revisions").getFullList({ filter: `commission = "${c.id}"` })).length).toBe(1);
    // The live lists' feed keeps the versions the studio's, like the list.
    const feed = await fetch(`${server.url}/api/studio/changes/commission_terms?since=`, { headers: { Authorization: ada.authStore.token } });
    const body = await feed.json();
    expect(JSON.stringify(body)).not.toContain("Refunds");
  });
});
