// What the mail provider reports after a letter has left: a hard bounce or a complaint suppresses the
// address from every list; three soft bounces within 30 days pause it (off every campaign until the
// person signs up again). Each report is kept once (mail_reports), with the campaign whose letter last
// reached the address, for that campaign's figures. Postmark posts its webhooks with HTTP basic auth;
// Amazon SES reaches us through an SNS topic, at an address holding a secret, from the topic we expect,
// signed by SNS.

const { logConsent } = require(`${__hooks}/lib/letters/newsletter.js`);

const SOFT_LIMIT = 3;
const SOFT_DAYS = 30;

const POSTMARK_KINDS = { HardBounce: "hard_bounce", BadEmailAddress: "hard_bounce", SoftBounce: "soft_bounce", Transient: "soft_bounce", DnsError: "soft_bounce", SpamComplaint: "complaint" };

function configured(name) {
  return String($os.getenv(name) || "");
}

/** Postmark's bounce or spam complaint webhook, after its basic-auth password is checked. */
function fromPostmark(authorization, body) {
  const secret = configured("STUDIO_POSTMARK_WEBHOOK_SECRET");
  if (!secret) return { status: 404, body: { message: "Postmark reports are not set up on this server." } };
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(String(authorization || ""));
  let password = "";
  if (m) {
    const decoded = String.fromCharCode(...base64Bytes(m[1]));
    password = decoded.slice(decoded.indexOf(":") + 1);
  }
  if (!m || !$security.equal(password, secret)) return { status: 401, body: { message: "Wrong or missing credentials." } };
  const kind = body && (body.RecordType === "SpamComplaint" ? "complaint" : POSTMARK_KINDS[body.Type]);
  if (!body || body.ID == null || !body.Email) return { status: 400, body: { message: "Not a Postmark bounce or complaint." } };
  // Other record types (an auto-responder, a change of address) say nothing about the address's future.
  if (!kind) return { status: 200, body: { recorded: 0 } };
  return { status: 200, body: { reports: [{ id: String(body.ID), email: body.Email, kind, detail: String(body.Type || body.RecordType) + ": " + String(body.Description || body.Details || "") }] } };
}

const SES_BOUNCE = { Permanent: "hard_bounce", Transient: "soft_bounce" };

/**
 * An SNS message for the SES topic: a bounce or complaint notification, or the subscription's
 * confirmation, taken only with SNS's signature over it (checked by the server, $sns.verify, with
 * the certificate SNS serves) besides the secret address and the topic.
 */
function fromSes(secretInPath, body, raw) {
  const secret = configured("STUDIO_SES_WEBHOOK_SECRET");
  const topic = configured("STUDIO_SES_TOPIC_ARN");
  if (!secret || !topic) return { status: 404, body: { message: "Amazon SES reports are not set up on this server." } };
  if (!$security.equal(String(secretInPath || ""), secret)) return { status: 401, body: { message: "Wrong address." } };
  if (!body || body.TopicArn !== topic) return { status: 403, body: { message: "Not from the expected SNS topic." } };
  const unsigned = $sns.verify(raw);
  if (unsigned) return { status: 403, body: { message: "Not signed by Amazon SNS: " + unsigned + "." } };
  if (body.Type === "SubscriptionConfirmation") {
    // Visiting the address confirms the subscription; only an address of SNS itself is visited.
    const url = String(body.SubscribeURL || "");
    if (!/^https:\/\/sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\/\?/.test(url)) return { status: 400, body: { message: "The subscription address is not Amazon SNS's." } };
    const res = $http.send({ url, method: "GET", timeout: 15 });
    if (res.statusCode !== 200) return { status: 502, body: { message: "Amazon SNS did not accept the confirmation." } };
    return { status: 200, body: { confirmed: true } };
  }
  if (body.Type !== "Notification") return { status: 200, body: { recorded: 0 } };
  let message;
  try {
    message = JSON.parse(String(body.Message || ""));
  } catch (_) {
    return { status: 400, body: { message: "The notification's Message is not JSON." } };
  }
  const type = message.notificationType || message.eventType;
  const reports = [];
  if (type === "Bounce" && message.bounce) {
    const kind = SES_BOUNCE[message.bounce.bounceType];
    // An "Undetermined" bounce tells nothing about the address.
    if (kind) for (const r of message.bounce.bouncedRecipients || []) reports.push({ email: r.emailAddress, kind, detail: "SES " + message.bounce.bounceType + " " + String(message.bounce.bounceSubType || "") + ": " + String(r.diagnosticCode || "") });
  } else if (type === "Complaint" && message.complaint) {
    for (const r of message.complaint.complainedRecipients || []) reports.push({ email: r.emailAddress, kind: "complaint", detail: "SES complaint: " + String(message.complaint.complaintFeedbackType || "") });
  }
  const id = String(body.MessageId || "");
  if (!id) return { status: 400, body: { message: "The notification has no MessageId." } };
  return { status: 200, body: { reports: reports.filter((r) => r.email).map((r) => Object.assign({ id }, r)) } };
}

function base64Bytes(s) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const out = [];
  let bits = 0;
  let value = 0;
  for (const ch of s.replace(/=+$/, "")) {
    value = (value << 6) | alphabet.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >> bits) & 0xff);
    }
  }
  return out;
}

/** Keeps each report once and acts on the address. Returns how many reports were new. */
function record(app, provider, reports) {
  let recorded = 0;
  for (const report of reports) {
    const email = String(report.email || "").trim().toLowerCase().slice(0, 254);
    if (!email) continue;
    app.runInTransaction((tx) => {
      if (tx.findRecordsByFilter("mail_reports", "provider = {:p} && report_id = {:id} && email = {:email}", "", 1, 0, { p: provider, id: report.id, email }).length) return;
      const row = new Record(tx.findCollectionByNameOrId("mail_reports"));
      row.set("provider", provider);
      row.set("report_id", String(report.id).slice(0, 200));
      row.set("email", email);
      row.set("kind", report.kind);
      row.set("detail", String(report.detail || "").slice(0, 500));
      const sends = tx.findRecordsByFilter("campaign_sends", "email = {:email} && state = 'sent'", "-sent_at", 1, 0, { email });
      if (sends.length) row.set("campaign", sends[0].getString("campaign"));
      tx.save(row);
      recorded++;
      act(tx, email, report.kind, provider, row.getString("detail"));
    });
  }
  return recorded;
}

function act(tx, email, kind, provider, detail) {
  const found = tx.findRecordsByFilter("newsletter_subscribers", "email = {:email}", "", 1, 0, { email });
  if (!found.length) return;
  const member = found[0];
  const state = member.getString("state");
  if (state === "suppressed") return;
  const via = "mail provider report";
  if (kind !== "soft_bounce") {
    member.set("state", "suppressed");
    tx.save(member);
    logConsent(tx, member, "suppressed", { via, detail: provider + " " + detail });
    return;
  }
  if (state !== "confirmed") return;
  const since = new Date(Date.now() - SOFT_DAYS * 86400000).toISOString().replace("T", " ");
  const soft = tx.findRecordsByFilter("mail_reports", "email = {:email} && kind = 'soft_bounce' && created >= {:since}", "", SOFT_LIMIT, 0, { email, since });
  if (soft.length < SOFT_LIMIT) return;
  member.set("state", "paused");
  tx.save(member);
  logConsent(tx, member, "paused", { via, detail: `${SOFT_LIMIT} soft bounces within ${SOFT_DAYS} days; last: ${provider} ${detail}` });
}

/** A campaign's bounced addresses and complaints, as its provider reported them. */
function figures(app, campaignId) {
  const rows = arrayOf(new DynamicModel({ bounced: 0, complaints: 0 }));
  app
    .db()
    .newQuery(
      "SELECT COUNT(DISTINCT CASE WHEN kind != 'complaint' THEN email END) AS bounced, COUNT(DISTINCT CASE WHEN kind = 'complaint' THEN email END) AS complaints FROM mail_reports WHERE campaign = {:id}",
    )
    .bind({ id: campaignId })
    .all(rows);
  return { bounced: rows[0].bounced, complaints: rows[0].complaints };
}

/** A provider's webhook request: checked, parsed, and its reports recorded. Returns the answer. */
function receive(e, provider) {
  const raw = toString(e.request.body);
  let body = null;
  try {
    body = JSON.parse(raw);
  } catch (_) {
    // answered below as not the provider's
  }
  const parsed = provider === "postmark" ? fromPostmark(e.request.header.get("Authorization"), body) : fromSes(e.request.pathValue("secret"), body, raw);
  if (parsed.status !== 200 || !parsed.body.reports) return parsed;
  return { status: 200, body: { recorded: record(e.app, provider, parsed.body.reports) } };
}

module.exports = { receive, figures };
