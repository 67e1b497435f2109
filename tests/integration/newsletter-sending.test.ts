// The campaign engine against an SMTP server of the tests' own that refuses chosen recipients with
// 550: a refusal suppresses the address from every list while a receipt still reaches it, and a
// server killed (SIGKILL) in the middle of a campaign resumes after a restart with no copy twice.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import PocketBase from "pocketbase";
import { startRefusingSmtp, type RefusingSmtp } from "../support/refusing-smtp";
import { form, pngFile } from "../support/files";
// @ts-expect-error plain ESM helpers shared with the scripts
import { freePort } from "../../scripts/lib/project.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { launchServer } from "../../scripts/lib/server.mjs";

type Launched = { url: string; superuser: { email: string; password: string }; process: import("node:child_process").ChildProcess; stop(): Promise<void> };

const MEMBERS = 120;
const dataDir = mkdtempSync(join(tmpdir(), "studio-letters-"));
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of cleanup.reverse()) await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(http: string, smtp: RefusingSmtp) {
  const server: Launched = await launchServer({ http, dataDir, env: { ...smtp.env, STUDIO_ADMIN_DOMAIN: "lanternwood.example", STUDIO_PAYMENTS: "demo", STRIPE_SECRET_KEY: "" } });
  cleanup.push(() => server.stop());
  const su = new PocketBase(server.url);
  su.autoCancellation(false);
  await su.collection("_superusers").authWithPassword(server.superuser.email, server.superuser.password);
  return { server, su };
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it("suppresses a refused address, still sends it a receipt, and resumes a killed campaign without a second copy", async () => {
  const smtp = await startRefusingSmtp();
  cleanup.push(smtp.stop);
  smtp.refuse("gone@example.com");
  const http = `127.0.0.1:${await freePort()}`;
  let { server, su } = await start(http, smtp);
  await su.settings.update({ rateLimits: { enabled: false } });
  const settings = await su.collection("newsletter_settings").getFirstListItem("");
  await su.collection("newsletter_settings").update(settings.id, { postal_address: "4 Harbour Lane, Pebble Cove", rate_per_second: 20 });
  // Members as the studio's list holds them once confirmed: arranged directly, the opt-in has its own tests.
  const addresses = Array.from({ length: MEMBERS }, (_, i) => `reader${i}@example.com`);
  await Promise.all(addresses.map((email) => su.collection("newsletter_subscribers").create({ email, first_name: "R", last_name: "Reader", state: "confirmed", lists: ["news"] })));
  await su.collection("newsletter_subscribers").create({ email: "gone@example.com", first_name: "G", last_name: "Gone", state: "confirmed", lists: ["news", "pebblewick"] });
  await su.collection("newsletter_subscribers").create({ email: "here@example.com", first_name: "H", last_name: "Here", state: "confirmed", lists: ["pebblewick"] });
  // Campaigns as the studio's routes leave them when it presses Send (those routes have their own tests).
  const startCampaign = (subject: string, lists: string[]) =>
    su.collection("campaigns").create({
      subject,
      lists,
      state: "scheduled",
      send_at: new Date().toISOString().replace("T", " "),
      html: '<p>Hello</p><a href="{{unsubscribe_url}}">Unsubscribe</a>',
      text: "Hello\nUnsubscribe: {{unsubscribe_url}}",
    });
  const finished = (id: string) =>
    until(`campaign ${id} to finish`, async () => {
      const c = await su.collection("campaigns").getOne(id);
      return c.state === "sent" ? c : undefined;
    });

  // The 550: refused once, the address suppressed from every list, the reason in its consent log.
  // The day's cap is exactly this campaign's two letters: reaching it with the last one still ends it.
  await su.collection("newsletter_settings").update(settings.id, { daily_cap: 2 });
  const refusedOne = await startCampaign("Pebblewick news", ["pebblewick"]);
  await finished(refusedOne.id);
  await su.collection("newsletter_settings").update(settings.id, { daily_cap: 2000 });
  expect(smtp.to("here@example.com")).toHaveLength(1);
  expect(smtp.to("gone@example.com")).toHaveLength(0);
  const refusedSends = await su.collection("campaign_sends").getFullList({ filter: `campaign = "${refusedOne.id}"` });
  expect(refusedSends.map((r) => [r.email, r.state]).sort()).toEqual([["gone@example.com", "refused"], ["here@example.com", "sent"]]);
  const gone = await su.collection("newsletter_subscribers").getFirstListItem('email = "gone@example.com"');
  expect(gone.state).toBe("suppressed");
  const log = await su.collection("newsletter_consents").getFullList({ filter: `subscriber = "${gone.id}"` });
  expect(log.map((l) => [l.action, l.via])).toEqual([["suppressed", "mail server refusal"]]);
  expect(log[0].detail).toContain("550");

  // From every list: the suppressed address is not among the next campaign's letters.
  const campaign = await startCampaign("Autumn at the studio", ["news"]);

  // Kill the server in the middle: some letters left, most not yet.
  await until("a third of the letters", async () => (smtp.accepted.length >= 1 + MEMBERS / 3 ? true : undefined));
  server.process.kill("SIGKILL");
  await new Promise((r) => server.process.once("exit", r));
  const beforeCrash = smtp.accepted.length;
  expect(beforeCrash).toBeLessThan(MEMBERS);
  ({ server, su } = await start(http, smtp));

  const done = await finished(campaign.id);
  expect(done.recipients).toBe(MEMBERS);
  const counts = new Map<string, number>();
  for (const a of smtp.accepted.filter((m) => m.subject === "Autumn at the studio")) for (const to of a.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  expect([...counts.values()].filter((n) => n > 1)).toEqual([]);
  // The one letter that may have been on the wire at the kill is never sent again.
  const sends = await su.collection("campaign_sends").getFullList({ filter: `campaign = "${campaign.id}"` });
  const interrupted = sends.filter((s) => s.state === "interrupted");
  expect(interrupted.length).toBeLessThanOrEqual(1);
  // Every letter that arrived is marked sent, or interrupted when the kill came after the mail
  // server took it; every other member got theirs.
  const stateOf = new Map(sends.map((s) => [s.email, s.state]));
  for (const email of counts.keys()) expect(["sent", "interrupted"], email).toContain(stateOf.get(email));
  for (const s of sends) if (s.state === "sent") expect(counts.get(s.email), s.email).toBe(1);
  expect(counts.size).toBeGreaterThanOrEqual(MEMBERS - interrupted.length);
  expect(sends.filter((s) => s.state !== "sent" && s.state !== "interrupted")).toEqual([]);
  expect(counts.has("gone@example.com")).toBe(false);

  // A receipt is not marketing: it still goes to the suppressed address once its mailbox takes mail.
  smtp.accept("gone@example.com");
  const painting = await su.collection("paintings").create(form({ title: "Owl Light", tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 35 } }, { image: pngFile() }));
  const checkout = await fetch(server.url + "/api/studio/checkout", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ items: [{ id: painting.id, type: "painting", variant: "print", quantity: 1 }] }) }).then((r) => r.json());
  const details = { customer: { name: "Gone Away", email: "gone@example.com" }, shipping: { address: { line1: "9 Pine Way", city: "Hollow Pines", postal_code: "04000", country: "US" } } };
  const paid = await fetch(`${server.url}/api/studio/checkout/${checkout.session_id}/pay`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(details) });
  expect(paid.status).toBe(200);
  await until("the receipt", async () => (smtp.to("gone@example.com").length ? true : undefined), 20000);
  expect(smtp.to("gone@example.com")[0].subject).toMatch(/order|receipt/i);
}, 120000);
