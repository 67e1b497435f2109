// Mail that arrives: the account letters and the notifications, caught by a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, signedInUser, ADMIN_DOMAIN, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";
import { startMailServer, linkIn, type MailServer } from "../support/maildev";
// @ts-expect-error plain ESM helper shared with the scripts
import { freePort } from "../../scripts/lib/project.mjs";

const STUDIO = `studio@${ADMIN_DOMAIN}`;

async function post(server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function outbox(server: TestServer) {
  return server.su.collection("mail_outbox").getFullList({ sort: "created" });
}

describe("with no SMTP server configured", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it("says at start that no mail is sent, and queues no notifications", async () => {
    expect(server.log()).toMatch(/Mail: no SMTP server configured, so no mail is sent/);
    const res = await post(server, "/api/collections/commissions/records", { type: "indoor-mural", description: "A whale on the nursery wall", contact_email: "june@example.com" });
    expect(res.status).toBe(200);
    expect(await outbox(server)).toHaveLength(0);
  });
});

describe("with SMTP from the environment", () => {
  let server: TestServer;
  let mail: MailServer;

  beforeAll(async () => {
    mail = await startMailServer();
    server = await startServer({ ...mail.env, STUDIO_MAIL_BATCH_SECONDS: "5", STUDIO_PAYMENTS: "demo" });
    // Floods and bursts are what batching is for; the rate limiter has its own tests.
    await server.su.settings.update({ rateLimits: { enabled: false } });
    await signedInUser(server, STUDIO, { is_admin: true });
    await signedInUser(server, "ada@example.com", { first_name: "Ada" });
  });
  afterAll(async () => {
    await server?.stop();
    await mail?.stop();
  });

  it("names the SMTP server at start", () => {
    expect(server.log()).toContain(`Mail: sending through 127.0.0.1:${mail.smtpPort} as Lanternwood Studio <hello@lanternwood.example>`);
  });

  it("sends a password reset in the studio's voice linking to the shop's own page, and the token sets the new password", async () => {
    await server.client().collection("users").requestPasswordReset("ada@example.com");
    const letter = await mail.waitFor("ada@example.com", /new password/);
    expect(letter.subject).toBe("Choose a new password for Lanternwood Studio");
    expect(letter.from[0]).toEqual({ address: "hello@lanternwood.example", name: "Lanternwood Studio" });
    expect(letter.html).toContain("Hello Ada,");
    const link = linkIn(letter, `${server.url}/reset-password?token=`);
    const token = new URL(link).searchParams.get("token")!;
    await server.client().collection("users").confirmPasswordReset(token, "a-brand-new-secret", "a-brand-new-secret");
    const again = server.client();
    await expect(again.collection("users").authWithPassword("ada@example.com", "correct-horse-42")).rejects.toThrow();
    await again.collection("users").authWithPassword("ada@example.com", "a-brand-new-secret");
    expect(again.authStore.isValid).toBe(true);
  });

  it("sends the address confirmation and the email-change letter to the shop's own pages", async () => {
    const pb = server.client();
    await pb.collection("users").create({ email: "new@example.com", password: "a-long-secret", passwordConfirm: "a-long-secret", first_name: "Nia" });
    await pb.collection("users").requestVerification("new@example.com");
    const verify = await mail.waitFor("new@example.com", /confirm your address/);
    const token = new URL(linkIn(verify, `${server.url}/confirm-verification?token=`)).searchParams.get("token")!;
    await pb.collection("users").confirmVerification(token);
    expect((await server.su.collection("users").getFirstListItem('email="new@example.com"')).verified).toBe(true);

    await pb.collection("users").authWithPassword("new@example.com", "a-long-secret");
    await pb.collection("users").requestEmailChange("nia@example.com");
    const change = await mail.waitFor("nia@example.com", /new address/);
    const changeToken = new URL(linkIn(change, `${server.url}/confirm-email-change?token=`)).searchParams.get("token")!;
    await pb.collection("users").confirmEmailChange(changeToken, "a-long-secret");
    await server.client().collection("users").authWithPassword("nia@example.com", "a-long-secret");
  });

  it("tells the studio about a new commission request, with a link to the commissions", async () => {
    const res = await post(server, "/api/collections/commissions/records", {
      type: "watercolor-portrait",
      description: "Our <b>dog</b> Biscuit as a sea captain",
      contact_email: "june@example.com",
      contact_name: "June",
      budget: "$300",
    });
    expect(res.status).toBe(200);
    const letter = await mail.waitFor(STUDIO, /New commission request/);
    expect(letter.subject).toBe("New commission request: Watercolor portrait from June");
    expect(letter.text).toContain("Our <b>dog</b> Biscuit as a sea captain");
    expect(letter.html).toContain("Our &lt;b&gt;dog&lt;/b&gt; Biscuit");
    expect(letter.text).toContain("Budget: $300");
    expect(linkIn(letter, server.url)).toBe(`${server.url}/admin/commissions`);
  });

  it("keeps a name with line breaks out of the mail headers", async () => {
    await mail.clear();
    const res = await post(server, "/api/collections/commissions/records", {
      type: "indoor-mural",
      description: "Nothing to see",
      contact_email: "mallory@example.com",
      contact_name: "Mallory\r\nBcc: victim@example.com\r\nSubject: Free money",
    });
    expect(res.status).toBe(200);
    const letter = await mail.waitFor(STUDIO, /New commission request/);
    expect(letter.subject).toBe("New commission request: Indoor mural from Mallory Bcc: victim@example.com Subject: Free money");
    await new Promise((r) => setTimeout(r, 1000));
    expect((await mail.all()).flatMap((m) => m.to.map((t) => t.address))).toEqual([STUDIO]);
  });

  it("gathers a flood of requests into one letter", async () => {
    await mail.clear();
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(server, "/api/collections/commissions/records", { type: "outdoor-mural", description: `Request number ${i}`, contact_email: `flood${i}@example.com` })),
    );
    expect(sent.every((r) => r.status === 200)).toBe(true);
    await mail.waitFor(STUDIO, /new commission requests?/);
    await new Promise((r) => setTimeout(r, 6000));
    // However slow the machine, the requests share letters, and each is in exactly one.
    const letters = await mail.all();
    expect(letters.length).toBeLessThanOrEqual(2);
    for (let i = 0; i < 12; i++) expect(letters.filter((l) => l.text.includes(`Request number ${i}\n`)), `request ${i}`).toHaveLength(1);
    if (letters.length === 1) expect(letters[0].subject).toBe("12 new commission requests");
  });

  it("shortens padded requests to fit their letter, and never drops one", async () => {
    await mail.clear();
    // Every character of this is six once escaped for HTML: eight of them overflowed the letter.
    const padding = `"'<>&"`.repeat(1600);
    for (let i = 0; i < 8; i++) {
      const res = await post(server, "/api/collections/commissions/records", { type: "outdoor-mural", description: `Padded ${i} ${padding}`, contact_email: `padded${i}@example.com`, contact_name: `Padded Person ${i}` });
      expect(res.status).toBe(200);
    }
    await mail.waitFor(STUDIO, /new commission requests?/);
    await new Promise((r) => setTimeout(r, 6000));
    const letters = await mail.all();
    for (let i = 0; i < 8; i++) expect(letters.filter((l) => l.text.includes(`Outdoor mural from Padded Person ${i}:`)), `request ${i}`).toHaveLength(1);
    for (const letter of letters) expect(letter.html.length).toBeLessThan(100000);
    expect(server.log()).not.toContain("NOTIFICATION NOT QUEUED");
  });

  it("still tells the studio about a real request after a dozen padded ones, each an excerpt", async () => {
    await mail.clear();
    // Every field at its longest, each character six once escaped: ten of these filled the batch.
    const pad = (n: number) => "<".repeat(n);
    for (let i = 0; i < 12; i++) {
      const res = await post(server, "/api/collections/commissions/records", {
        type: "outdoor-mural",
        description: `Stuffed ${i} ${pad(9900)}`,
        contact_email: `stuffed${i}@example.com`,
        contact_name: `Stuffed ${i} ${pad(180)}`,
        size: pad(200),
        budget: pad(200),
      });
      expect(res.status).toBe(200);
    }
    const real = await post(server, "/api/collections/commissions/records", { type: "watercolor-portrait", description: "Our hen Marigold in a teacup", contact_email: "iris@example.com", contact_name: "Iris" });
    expect(real.status).toBe(200);
    const end = Date.now() + 30000;
    let letters = await mail.all();
    while (!letters.some((l) => l.text.includes("Watercolor portrait from Iris:\n")) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 300));
      letters = await mail.all();
    }
    const told = letters.filter((l) => l.text.includes("Our hen Marigold in a teacup"));
    expect(told, JSON.stringify(letters.map((l) => l.subject))).toHaveLength(1);
    expect(server.log()).not.toContain("NOTIFICATION NOT QUEUED");
    for (const letter of letters) {
      expect(letter.html.length).toBeLessThan(100000);
      // An excerpt, never the whole padded request.
      expect(letter.text).not.toContain(pad(2001));
    }
    // Nobody is left out.
    for (let i = 0; i < 12; i++) expect(letters.filter((l) => l.text.includes(`Outdoor mural from Stuffed ${i} <`)), `request ${i}`).toHaveLength(1);
  });

  it("starts a new letter after twenty requests rather than dropping the first", async () => {
    await mail.clear();
    for (let i = 0; i < 25; i++) {
      const res = await post(server, "/api/collections/commissions/records", { type: "indoor-mural", description: `Wall number ${i}`, contact_email: `wall${i}@example.com` });
      expect(res.status).toBe(200);
    }
    const end = Date.now() + 30000;
    let letters = await mail.all();
    const told = (i: number) => letters.filter((l) => l.text.includes(`Wall number ${i}\n`)).length;
    while (Array.from({ length: 25 }, (_, i) => told(i)).some((n) => n === 0) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 300));
      letters = await mail.all();
    }
    for (let i = 0; i < 25; i++) expect(told(i), `request ${i}`).toBe(1);
    const counted = letters.reduce((sum, l) => sum + (/^(\d+) new commission requests$/.exec(l.subject)?.[1] ? Number(/^(\d+)/.exec(l.subject)![1]) : 1), 0);
    expect(counted).toBe(25);
  });

  it("tells the buyer and the studio when a payment for a piece sold meanwhile is refunded", async () => {
    const piece = await server.su.collection("paintings").create(form({ title: "Owl Light", tags: ["Original - For Sale"], tag_prices: { "Original - For Sale": 300 } }, { image: pngFile() }));
    const { body } = await post(server, "/api/studio/checkout", { items: [{ id: piece.id, type: "painting", variant: "original", quantity: 1 }] });
    await server.su.collection("paintings").update(piece.id, { tags: ["Original - Sold Out"] });
    const details = { customer: { name: "Cleo Marsh", email: "cleo@example.com" }, shipping: { address: { line1: "9 Pine Way", city: "Hollow Pines", postal_code: "04000", country: "US" } } };
    expect((await post(server, `/api/studio/checkout/${body.session_id}/pay`, details)).status).toBe(200);
    const toBuyer = await mail.waitFor("cleo@example.com", /refund/);
    expect(toBuyer.subject).toBe("Your refund for Owl Light (Original)");
    expect(toBuyer.text).toContain("Owl Light (Original) went to another buyer moments before your payment arrived");
    const toStudio = await mail.waitFor(STUDIO, /^Refunded/);
    expect(toStudio.subject).toBe("Refunded $304.95 for Owl Light (Original)");
    expect(toStudio.text).toContain("The original was already sold when this payment arrived.");
  });

  it("tells each side about messages, one letter for a burst", async () => {
    const customer = await signedInUser(server, "bo@example.com", { first_name: "Bo" });
    const commission = await customer.collection("commissions").create({ type: "indoor-mural", description: "Lighthouse mural", contact_email: "bo@example.com" });
    await mail.clear();
    await customer.collection("commission_messages").create({ commission: commission.id, content: "Could the lighthouse be red?" });
    const toStudio = await mail.waitFor(STUDIO, /New message from/);
    expect(toStudio.text).toContain("Could the lighthouse be red?");
    expect(linkIn(toStudio, server.url)).toBe(`${server.url}/admin/commissions`);

    const admin = server.client();
    await admin.collection("users").authWithPassword(STUDIO, "correct-horse-42");
    for (const content of ["Red it is.", "With a white stripe?", "And gulls!"]) {
      await admin.collection("commission_messages").create({ commission: commission.id, content });
    }
    const toCustomer = await mail.waitFor("bo@example.com", /new messages from Lanternwood Studio/);
    expect(toCustomer.subject).toBe("3 new messages from Lanternwood Studio");
    for (const content of ["Red it is.", "With a white stripe?", "And gulls!"]) expect(toCustomer.text).toContain(content);
    expect(linkIn(toCustomer, server.url)).toBe(`${server.url}/customer/dashboard`);
    await new Promise((r) => setTimeout(r, 6000));
    expect((await mail.all()).filter((m) => m.to.some((t) => t.address === "bo@example.com"))).toHaveLength(1);
  });

  it("tells the studio once about a paid order", async () => {
    const book = await server.su.collection("books").create(form({ title: "Tales of the Cove", price: 24.99, website_cart_available: true }, { image: pngFile() }));
    const { body } = await post(server, "/api/studio/checkout", { items: [{ id: book.id, type: "book", quantity: 2 }] });
    const details = { customer: { name: "Ada Lovelace", email: "ada@example.com" }, shipping: { address: { line1: "1 Harbor Rd", city: "Pebble Cove", postal_code: "04101", country: "US" } } };
    await Promise.all([post(server, `/api/studio/checkout/${body.session_id}/pay`, details), post(server, `/api/studio/checkout/${body.session_id}/pay`, details)]);
    const letter = await mail.waitFor(STUDIO, /New order/);
    expect(letter.subject).toBe("New order: $80.93 from Ada Lovelace, ada@example.com");
    expect(letter.text).toContain("2 × Tales of the Cove (Autographed): $75.98");
    expect(letter.text).toContain("Ship to: Ada Lovelace, 1 Harbor Rd, 04101 Pebble Cove, US");
    expect(linkIn(letter, server.url)).toBe(`${server.url}/admin/orders`);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await mail.all()).filter((m) => /New order/.test(m.subject))).toHaveLength(1);
  });
});

describe("when the mail server is away", () => {
  it("answers the request at once and delivers the letter when the server comes back", async () => {
    const smtpPort: number = await freePort();
    const env = {
      STUDIO_SMTP_HOST: "127.0.0.1",
      STUDIO_SMTP_PORT: String(smtpPort),
      STUDIO_SMTP_USER: "studio-mailer",
      STUDIO_SMTP_PASSWORD: "mailer-secret",
      STUDIO_MAIL_SENDER_ADDRESS: "hello@lanternwood.example",
      STUDIO_NOTIFY_EMAIL: STUDIO,
      STUDIO_MAIL_BATCH_SECONDS: "0",
    };
    const server = await startServer(env);
    let mail: MailServer | undefined;
    try {
      const res = await post(server, "/api/collections/commissions/records", { type: "indoor-mural", description: "Foxes under the stairs", contact_email: "june@example.com" });
      expect(res.status).toBe(200);
      await expect.poll(async () => (await outbox(server))[0]?.attempts, { timeout: 10000 }).toBeGreaterThan(0);
      const [failed] = await outbox(server);
      expect(failed.sent_at).toBe("");
      expect(failed.last_error).not.toBe("");
      expect(server.log()).toMatch(/mail not sent: id=\w+ to=studio@lanternwood.example subject="New commission request: Indoor mural from june@example.com" attempt=1\/12/);

      mail = await startMailServer(smtpPort);
      const letter = await mail.waitFor(STUDIO, /New commission request/, 25000);
      expect(letter.text).toContain("Foxes under the stairs");
      expect((await outbox(server))[0].sent_at).not.toBe("");
    } finally {
      await server.stop();
      await mail?.stop();
    }
  }, 45000);
});
