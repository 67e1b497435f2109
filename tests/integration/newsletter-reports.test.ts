// Bounces and complaints the mail provider reports after a letter left: Postmark's webhook behind
// basic auth, Amazon SES through SNS at a secret address from the expected topic, signed by SNS (here by a key
// of the test's own, which the server is told to trust through STUDIO_SNS_TRUSTED_CERTS). A hard bounce or a
// complaint suppresses an address from every list, three soft bounces in 30 days pause it, each
// report counts once, and the campaign whose letter bounced shows it in its figures.
import { createSign, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type PocketBase from "pocketbase";
import { startServer, signedInUser, ADMIN_DOMAIN, type TestServer } from "../support/server";

const POSTMARK_SECRET = "pm-webhook-secret-for-tests";
const SES_SECRET = "ses-webhook-secret-for-tests";
const TOPIC = "arn:aws:sns:eu-west-1:123456789012:lanternwood-mail";
const CERT_URL = "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-tests.pem";
const snsKey = generateKeyPairSync("rsa", { modulusLength: 2048 });
const strangerKey = generateKeyPairSync("rsa", { modulusLength: 2048 });
const keyDir = mkdtempSync(join(tmpdir(), "studio-sns-"));
let server: TestServer;
let admin: PocketBase;
let campaign: string;

beforeAll(async () => {
  const trusted = join(keyDir, "sns-signing.pem");
  writeFileSync(trusted, snsKey.publicKey.export({ type: "spki", format: "pem" }));
  server = await startServer({ STUDIO_POSTMARK_WEBHOOK_SECRET: POSTMARK_SECRET, STUDIO_SES_WEBHOOK_SECRET: SES_SECRET, STUDIO_SES_TOPIC_ARN: TOPIC, STUDIO_SNS_TRUSTED_CERTS: trusted });
  await server.su.settings.update({ rateLimits: { enabled: false } });
  admin = await signedInUser(server, `studio@${ADMIN_DOMAIN}`, { is_admin: true });
  // A campaign as the sender leaves it once its letters went out (the sending has its own tests).
  const c = await server.su.collection("campaigns").create({ subject: "The autumn letter", lists: ["news"], state: "sent", recipients: 6 });
  campaign = c.id;
  for (const name of ["hard", "complaint", "soft", "seshard", "sescomplaint", "twice"]) {
    const email = `${name}@example.com`;
    const member = await server.su.collection("newsletter_subscribers").create({ email, first_name: "R", last_name: "Reader", state: "confirmed", lists: ["news", "pebblewick"] });
    await server.su.collection("campaign_sends").create({ campaign, subscriber: member.id, email, state: "sent", sent_at: new Date().toISOString() });
  }
}, 60000);

afterAll(async () => {
  await server?.stop();
  rmSync(keyDir, { recursive: true, force: true });
});

function postmark(body: unknown, password = POSTMARK_SECRET) {
  return fetch(server.url + "/api/letters/reports/postmark", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Basic " + Buffer.from("postmark:" + password).toString("base64") },
    body: JSON.stringify(body),
  });
}

/** A message as SNS signs it: "name\nvalue\n" for the fields of its type, SHA1withRSA (version 1) or SHA256withRSA (2). */
function signed(message: Record<string, unknown>, key = snsKey.privateKey, version = "2") {
  const names = message.Type === "Notification" ? ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"] : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
  const text = names
    .filter((n) => message[n] !== undefined)
    .map((n) => `${n}\n${message[n]}\n`)
    .join("");
  const signature = createSign(version === "1" ? "RSA-SHA1" : "RSA-SHA256").update(text).sign(key, "base64");
  return { ...message, SignatureVersion: version, Signature: signature, SigningCertURL: CERT_URL };
}

function post(body: unknown, secret = SES_SECRET) {
  return fetch(server.url + "/api/letters/reports/ses/" + secret, {
    method: "POST",
    headers: { "Content-Type": "text/plain; charset=UTF-8" },
    body: JSON.stringify(body),
  });
}

function sns(body: Record<string, unknown>, secret = SES_SECRET) {
  return post(signed({ TopicArn: TOPIC, Timestamp: new Date().toISOString(), ...body }), secret);
}

function sesNotification(id: string, message: unknown) {
  return sns({ Type: "Notification", MessageId: id, Message: JSON.stringify(message) });
}

const sesBounce = (email: string, bounceType: string) => ({
  notificationType: "Bounce",
  bounce: { bounceType, bounceSubType: bounceType === "Permanent" ? "General" : "MailboxFull", bouncedRecipients: [{ emailAddress: email, diagnosticCode: "smtp; 550 5.1.1 user unknown" }] },
  mail: { messageId: "0000-ses" },
});

async function member(email: string) {
  const m = await server.su.collection("newsletter_subscribers").getFirstListItem(`email = "${email}"`);
  const log = await server.su.collection("newsletter_consents").getFullList({ filter: `subscriber = "${m.id}"`, sort: "created" });
  return { state: m.state as string, lists: m.lists as string[], log: log.map((r) => [r.action, r.via]) };
}

async function figures() {
  const { campaigns } = await admin.send("/api/studio/letters", { method: "GET" });
  return campaigns.find((c: { id: string }) => c.id === campaign);
}

it("refuses Postmark reports without the right password, and a hard bounce suppresses from every list once", async () => {
  const bounce = { RecordType: "Bounce", ID: 4242, Type: "HardBounce", TypeCode: 1, Email: "Hard@Example.com", Description: "Unknown user", BouncedAt: new Date().toISOString() };
  expect((await fetch(server.url + "/api/letters/reports/postmark", { method: "POST", body: JSON.stringify(bounce) })).status).toBe(401);
  expect((await postmark(bounce, "guess")).status).toBe(401);
  expect((await member("hard@example.com")).state).toBe("confirmed");
  expect((await postmark({ nonsense: true })).status).toBe(400);

  // Postmark retries a webhook it thinks failed: the same report twice, at once, counts once.
  const answers = await Promise.all([postmark(bounce), postmark(bounce)]);
  expect(answers.map((r) => r.status)).toEqual([200, 200]);
  expect((await Promise.all(answers.map((r) => r.json()))).map((b) => b.recorded).sort()).toEqual([0, 1]);
  const hard = await member("hard@example.com");
  expect(hard.state).toBe("suppressed");
  expect(hard.log).toEqual([["suppressed", "mail provider report"]]);

  // A spam complaint is as final, and an auto-responder says nothing about the address.
  expect((await postmark({ RecordType: "SpamComplaint", ID: 77, Type: "SpamComplaint", Email: "complaint@example.com" })).status).toBe(200);
  expect((await postmark({ RecordType: "Bounce", ID: 78, Type: "AutoResponder", Email: "twice@example.com" })).status).toBe(200);
  expect((await member("complaint@example.com")).state).toBe("suppressed");
  expect((await member("twice@example.com")).state).toBe("confirmed");
  const f = await figures();
  expect([f.bounced, f.complaints]).toEqual([1, 1]);
});

it("takes SES reports only at the secret address from the expected topic, and never visits a subscription address outside SNS", async () => {
  expect((await sesNotification("m-1", sesBounce("seshard@example.com", "Permanent")).then((r) => r.status))).toBe(200);
  expect((await member("seshard@example.com")).state).toBe("suppressed");

  expect((await sns({ Type: "Notification", MessageId: "m-2", Message: JSON.stringify(sesBounce("twice@example.com", "Permanent")) }, "guess")).status).toBe(401);
  const otherTopic = await fetch(server.url + "/api/letters/reports/ses/" + SES_SECRET, {
    method: "POST",
    body: JSON.stringify({ Type: "Notification", MessageId: "m-3", TopicArn: "arn:aws:sns:eu-west-1:999999999999:someone-else", Message: JSON.stringify(sesBounce("twice@example.com", "Permanent")) }),
  });
  expect(otherTopic.status).toBe(403);
  expect((await member("twice@example.com")).state).toBe("confirmed");

  // Signed by another key, unsigned, or changed after signing: refused, and nothing changes.
  const bounce = { Type: "Notification", MessageId: "m-7", TopicArn: TOPIC, Timestamp: new Date().toISOString(), Message: JSON.stringify(sesBounce("twice@example.com", "Permanent")) };
  const forged = await post(signed(bounce, strangerKey.privateKey));
  expect(forged.status).toBe(403);
  expect((await forged.json()).message).toBe("Not signed by Amazon SNS: the signature does not match the message.");
  expect((await post(bounce)).status).toBe(403);
  expect((await post({ ...signed(bounce), Message: JSON.stringify(sesBounce("soft@example.com", "Permanent")) })).status).toBe(403);
  const elsewhere = await post({ ...signed(bounce), SigningCertURL: "https://attacker.example/SimpleNotificationService-x.pem" });
  expect((await elsewhere.json()).message).toBe("Not signed by Amazon SNS: the signing certificate is not at an HTTPS address of Amazon SNS.");
  expect((await member("twice@example.com")).state).toBe("confirmed");
  expect((await member("soft@example.com")).state).toBe("confirmed");
  // Version 1 (SHA1withRSA) is still what SNS topics sign with unless told otherwise.
  expect((await post(signed({ ...bounce, MessageId: "m-8", Subject: "Amazon SES Email Event Notification" }, snsKey.privateKey, "1"))).status).toBe(200);
  expect((await member("twice@example.com")).state).toBe("suppressed");

  const confirm = await sns({ Type: "SubscriptionConfirmation", MessageId: "m-4", Message: "You have chosen to subscribe", Token: "t", SubscribeURL: "https://attacker.example/?Action=ConfirmSubscription" });
  expect(confirm.status).toBe(400);
  expect((await sns({ Type: "Notification", MessageId: "m-5", Message: "not json" })).status).toBe(400);

  expect((await sesNotification("m-6", { notificationType: "Complaint", complaint: { complainedRecipients: [{ emailAddress: "sescomplaint@example.com" }], complaintFeedbackType: "abuse" } })).status).toBe(200);
  expect((await member("sescomplaint@example.com")).log).toEqual([["suppressed", "mail provider report"]]);
  const f = await figures();
  expect([f.bounced, f.complaints]).toEqual([3, 2]);
});

it("pauses an address after its third soft bounce in 30 days, and a new signup asks it to confirm again", async () => {
  await Promise.all([sesNotification("s-1", sesBounce("soft@example.com", "Transient")), postmark({ RecordType: "Bounce", ID: 901, Type: "SoftBounce", Email: "soft@example.com" })]);
  expect((await member("soft@example.com")).state).toBe("confirmed");
  // An undetermined bounce is not counted.
  await sesNotification("s-2", sesBounce("soft@example.com", "Undetermined"));
  expect((await member("soft@example.com")).state).toBe("confirmed");
  await sesNotification("s-3", sesBounce("soft@example.com", "Transient"));
  const soft = await member("soft@example.com");
  expect(soft.state).toBe("paused");
  expect(soft.log).toEqual([["paused", "mail provider report"]]);
  const { lists } = await admin.send("/api/studio/letters", { method: "GET" });
  expect(lists.find((l: { id: string }) => l.id === "pebblewick").paused).toBe(1);
  expect((await figures()).bounced).toBe(4);

  const again = await fetch(server.url + "/api/studio/newsletter", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "soft@example.com", first_name: "R", last_name: "Reader", lists: ["news"], wording_version: 1 }),
  });
  expect(again.status).toBe(200);
  expect((await member("soft@example.com")).state).toBe("pending");
});

it("keeps the sender domain's check to the studio, and takes only a DKIM selector that is a DNS name", async () => {
  expect((await fetch(server.url + "/api/studio/letters/sender-dns")).status).toBe(403);
  const customer = await signedInUser(server, "reader@example.com");
  await expect(customer.send("/api/studio/letters/sender-dns", { method: "GET" })).rejects.toMatchObject({ status: 403 });
  await expect(customer.send("/api/studio/letters/settings", { method: "POST", body: { dkim_selector: "pm" } })).rejects.toMatchObject({ status: 403 });

  await expect(admin.send("/api/studio/letters/settings", { method: "POST", body: { dkim_selector: "pm._domainkey.evil;" } })).rejects.toMatchObject({
    status: 400,
    message: expect.stringContaining("DKIM selector"),
  });
  const saved = await admin.send("/api/studio/letters/settings", { method: "POST", body: { dkim_selector: " 20261126pm " } });
  expect(saved.dkim_selector).toBe("20261126pm");
  expect((await admin.send("/api/studio/letters", { method: "GET" })).settings.dkim_selector).toBe("20261126pm");
  // The tests' DNS server is a closed port: the check says it could not look, never that all is well.
  const check = await admin.send("/api/studio/letters/sender-dns", { method: "GET" });
  expect(check.findings.map((f: { name: string; ok: boolean }) => [f.name, f.ok])).toEqual([["SPF", false], ["DKIM", false], ["DMARC", false]]);
  expect(check.missing).toEqual(["SPF", "DKIM", "DMARC"]);
});
