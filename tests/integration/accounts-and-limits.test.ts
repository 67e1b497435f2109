// Accounts and threads an attacker cannot bend: messages keep their sender, limits stop scripts,
// picture bombs are refused, the admin is never a published password.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PocketBase, { ClientResponseError } from "pocketbase";
import { startServer, signedInUser, type TestServer } from "../support/server";
import { form } from "../support/files";
import { startMailServer, type MailServer } from "../support/maildev";
// @ts-expect-error plain ESM helpers shared with the scripts
import { freePort } from "../../scripts/lib/project.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { launchServer } from "../../scripts/lib/server.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { seedDemoData } from "../../scripts/lib/seed.mjs";

/** A PNG of a few hundred bytes whose header claims width × height pixels. */
function pngClaiming(width: number, height: number, name = "bomb.png"): File {
  const bytes = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return new File([bytes], name, { type: "image/png" });
}

/** A JPEG header (with an EXIF-sized APP1 segment first) whose frame claims width × height. */
function jpegClaiming(width: number, height: number): File {
  const app1 = Buffer.alloc(4 + 2000);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(2000 + 2, 2);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return new File([Buffer.concat([Buffer.from([0xff, 0xd8]), app1, sof, Buffer.from([0xff, 0xd9])])], "bomb.jpg", { type: "image/jpeg" });
}

describe("threads and uploads", () => {
  let server: TestServer;
  let ada: PocketBase;
  let admin: PocketBase;
  let commission = "";
  beforeAll(async () => {
    // Behind a proxy, so that a request can say which address it comes from.
    server = await startServer({ STUDIO_TRUSTED_PROXY_HEADERS: "X-Forwarded-For" });
    ada = await signedInUser(server, "ada@example.com", { first_name: "Ada" });
    admin = await signedInUser(server, "owner@lanternwood.example");
    commission = (await ada.collection("commissions").create({ type: "watercolor-portrait", description: "Biscuit", contact_email: "x@y.z" })).id;
  });
  afterAll(() => server?.stop());

  it("never lets a customer relabel a message as the studio's, nor mark their own messages read", async () => {
    const mine = await ada.collection("commission_messages").create({ commission, content: "Hello" });
    // Refused by the API rule (404) or the hook (400): either way, nothing changes.
    await expect(ada.collection("commission_messages").update(mine.id, { sender_role: "admin", sender_name: "Elowen (Studio)" })).rejects.toMatchObject({ status: 400 });
    await expect(ada.collection("commission_messages").update(mine.id, { content: "Changed" })).rejects.toBeInstanceOf(ClientResponseError);
    await expect(ada.collection("commission_messages").update(mine.id, { is_read: true })).rejects.toMatchObject({ status: 403 });
    const stored = await admin.collection("commission_messages").getOne(mine.id);
    expect(stored).toMatchObject({ sender_role: "customer", sender_name: "Ada", content: "Hello", is_read: false });
    // The studio reads it; the customer reads the studio's reply.
    expect((await admin.collection("commission_messages").update(mine.id, { is_read: true })).is_read).toBe(true);
    const reply = await admin.collection("commission_messages").create({ commission, content: "Hi Ada" });
    await expect(admin.collection("commission_messages").update(reply.id, { is_read: true })).rejects.toMatchObject({ status: 403 });
    expect((await ada.collection("commission_messages").update(reply.id, { is_read: true })).is_read).toBe(true);
  });

  it("refuses pictures over 40 megapixels from their header alone, in protected and public fields", async () => {
    const refused = { status: 400, response: { message: expect.stringMatching(/30000 × 30000 pixels; pictures can be at most 40 megapixels/) } };
    await expect(ada.collection("commission_messages").create(form({ commission, content: "look" }, { attachments: [pngClaiming(30000, 30000)] }))).rejects.toMatchObject(refused);
    await expect(ada.collection("commission_files").create(form({ commission }, { file: jpegClaiming(30000, 30000) }))).rejects.toMatchObject(refused);
    await expect(
      server.su.collection("paintings").create(form({ title: "Bomb", tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 5 } }, { image: pngClaiming(30000, 30000) })),
    ).rejects.toMatchObject(refused);
    // A large but reasonable picture header (6000 × 6000, 36 MP) is fine.
    expect((await ada.collection("commission_files").create(form({ commission }, { file: jpegClaiming(6000, 6000) }))).file_type).toBe("image/jpeg");
  });

  it("caps what one customer uploads in a day", async () => {
    const tenMb = () => new File([Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(10485760 - 9)])], "scan.pdf", { type: "application/pdf" });
    const files = Array.from({ length: 10 }, tenMb);
    await ada.collection("commission_messages").create(form({ commission, content: "scans" }, { attachments: files.slice(0, 9) }));
    const err = await ada.collection("commission_messages").create(form({ commission, content: "more" }, { attachments: files.slice(0, 2) })).catch((e) => e);
    expect(err).toBeInstanceOf(ClientResponseError);
    expect(err.status).toBe(429);
    expect(err.response.message).toMatch(/the daily limit is 100 MB/);
    // The studio is not limited.
    expect((await admin.collection("commission_messages").create(form({ commission, content: "proofs" }, { attachments: files.slice(0, 2) }))).attachments).toHaveLength(2);
  });

  it("gives accounts that have not confirmed their address a few MB a day, those of one network 10 MB together, and all of them a cap", async () => {
    // Many accounts and requests: the per-address request limits have their own tests.
    await server.su.settings.update({ rateLimits: { enabled: false } });
    const pdf = (mb: number) => new File([Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(mb * 1048576 - 9)])], "ref.pdf", { type: "application/pdf" });
    const fresh = async (email: string, from: string) => {
      const pb = await signedInUser(server, email, { verified: false });
      pb.beforeSend = (url, options) => ({ url, options: { ...options, headers: { ...options.headers, "X-Forwarded-For": from } } });
      const mine = (await pb.collection("commissions").create({ type: "watercolor-portrait", description: "A cat", contact_email: email })).id;
      return { pb, commission: mine };
    };
    const upload = (bot: Awaited<ReturnType<typeof fresh>>, mb: number) =>
      bot.pb.collection("commission_files").create(form({ commission: bot.commission }, { file: pdf(mb) })).then(() => null, (e: ClientResponseError) => e);
    const one = await fresh("new-0@example.com", "198.51.100.1");
    expect(await upload(one, 3)).toBeNull();
    const over = await upload(one, 3);
    expect(over?.status).toBe(429);
    expect(over?.response.message).toBe("Please confirm your email address to upload more than 5 MB a day: the link is in the letter we sent when you signed up.");

    // A sign-up flood from one network: its new accounts share 10 MB, and the rest of the shop's allowance is left.
    const flood: Array<ClientResponseError | null> = [];
    for (let i = 1; i <= 6; i++) flood.push(await upload(await fresh(`bot-${i}@example.com`, `2001:db8:66:1::${i}`), 5));
    expect(flood.map((e) => e?.status ?? 200)).toEqual([200, 200, 429, 429, 429, 429]);
    expect(flood[2]?.response.message).toBe(
      "Uploads from accounts with an unconfirmed email address on your network are paused until tomorrow. Please confirm your email address to upload now.",
    );
    expect(await upload(await fresh("new-customer@example.com", "203.0.113.7"), 5)).toBeNull();

    // Many networks together still meet the shop-wide cap that protects the disk.
    let refused: ClientResponseError | null = null;
    for (let i = 1; i <= 12 && !refused; i++) refused = await upload(await fresh(`new-${i}@example.com`, `192.0.2.${i}`), 5);
    expect(refused?.status).toBe(429);
    expect(refused?.response.message).toBe("Uploads from accounts with an unconfirmed email address are paused until tomorrow. Please confirm your email address to upload now.");
    // Confirmed customers are not held up by them.
    expect((await ada.collection("commission_files").create(form({ commission }, { file: pdf(1) }))).file).toBeTruthy();
  });
});

describe("rate limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ STUDIO_PAYMENTS: "demo" });
    await signedInUser(server, "owner@lanternwood.example");
  });
  afterAll(() => server?.stop());

  it("answers a burst of wrong passwords for the admin's address with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${server.url}/api/collections/users/auth-with-password`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ identity: "owner@lanternwood.example", password: `guess-${i}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses).toContain(429);
  });

  it.each([
    ["sign-up", "/api/collections/users/records", () => ({ email: `s${Math.random()}@example.com`, password: "x", passwordConfirm: "y" })],
    ["password reset", "/api/collections/users/request-password-reset", () => ({ email: "owner@lanternwood.example" })],
    ["commission requests", "/api/collections/commissions/records", () => ({ type: "indoor-mural", description: "x", contact_email: "v@example.com" })],
    ["newsletter", "/api/studio/newsletter", () => ({ email: "n@example.com", first_name: "N", last_name: "L" })],
    ["cart saves", "/api/studio/cart", () => ({ session_id: "burst-cart-1", items: [] })],
    ["cart previews", "/api/studio/cart/price", () => ({ items: [] })],
    ["checkouts", "/api/studio/checkout", () => ({ items: [] })],
  ])("stops a script hammering %s", async (_name, path, body) => {
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const res = await fetch(server.url + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body()) });
      statuses.push(res.status);
      if (res.status === 429) break;
    }
    expect(statuses[0]).not.toBe(429);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("wrong passwords", () => {
  let lockServer: TestServer;
  beforeAll(async () => {
    // Behind a proxy, so each request can say which address it comes from.
    lockServer = await startServer({ STUDIO_TRUSTED_PROXY_HEADERS: "X-Forwarded-For" });
    await signedInUser(lockServer, "owner@lanternwood.example");
    await signedInUser(lockServer, "cleo@example.com");
  });
  afterAll(() => lockServer?.stop());

  const attempt = (identity: string, password: string, from: string) =>
    fetch(`${lockServer.url}/api/collections/users/auth-with-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": from },
      body: JSON.stringify({ identity, password }),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));

  it("never lock the studio out: ten guesses from ten addresses leave the right password working from a new one", async () => {
    for (let i = 0; i < 10; i++) expect((await attempt("owner@lanternwood.example", `guess-${i}`, `198.51.100.${i}`)).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await attempt("owner@lanternwood.example", `again-${i}`, `198.51.100.${i}`)).status).toBe(400);
    expect((await attempt("owner@lanternwood.example", "correct-horse-42", "203.0.113.50")).status).toBe(200);
  });

  it("slow the guesser's network only, a whole IPv6 /64 as one", async () => {
    for (let i = 0; i < 10; i++) expect((await attempt("cleo@example.com", `guess-${i}`, `2001:db8:5:5::${i + 1}`)).status).toBe(400);
    const refused = await attempt("cleo@example.com", "correct-horse-42", "2001:db8:5:5:ffff::1");
    expect(refused).toEqual({ status: 429, body: { status: 429, message: "Too many failed sign-ins from your network. Please wait 5 minutes, or reset your password.", data: {} } });
    expect((await attempt("cleo@example.com", "correct-horse-42", "2001:db8:5:6::1")).status).toBe(200);
  });

  it("count sixty wrong passwords sent at once as sixty: ten are checked, the rest and then the right one refused", async () => {
    await signedInUser(lockServer, "dora@example.com");
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => attempt("dora@example.com", `rush-${i}`, `2001:db8:7:7::${i + 1}`)));
    expect(burst.filter((a) => a.status === 400)).toHaveLength(10);
    expect(burst.filter((a) => a.status === 429)).toHaveLength(50);
    expect((await attempt("dora@example.com", "correct-horse-42", "2001:db8:7:7::99")).status).toBe(429);
    expect((await attempt("dora@example.com", "correct-horse-42", "2001:db8:7:8::1")).status).toBe(200);
  });

  it("answer an unknown address exactly as a known one, at every count", async () => {
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 13; i++) {
      known.push(await attempt("cleo@example.com", `guess-${i}`, "192.0.2.10"));
      unknown.push(await attempt("nobody-here@example.com", `guess-${i}`, "192.0.2.11"));
    }
    expect(unknown).toEqual(known);
    expect(known.map((a) => (a as { status: number }).status)).toEqual([...Array(10).fill(400), 429, 429, 429]);
  });
});

describe("strangers on one network", () => {
  let server: TestServer;
  let mail: MailServer;
  beforeAll(async () => {
    mail = await startMailServer();
    server = await startServer({ ...mail.env, STUDIO_TRUSTED_PROXY_HEADERS: "X-Forwarded-For" });
    await signedInUser(server, "kit@example.com", { first_name: "Kit" });
  });
  afterAll(async () => {
    await server?.stop();
    await mail?.stop();
  });

  const send = (path: string, body: unknown, from: string) =>
    fetch(server.url + path, { method: "POST", headers: { "Content-Type": "application/json", "X-Forwarded-For": from }, body: JSON.stringify(body) }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
  const signUp = (email: string, from: string, password = "a-long-enough-password") =>
    send("/api/collections/users/records", { email, password, passwordConfirm: password, first_name: "Mallory", last_name: "Mask", emailVisibility: true }, from);
  // What differs between any two new accounts: their ids, times and addresses.
  const shape = (b: Record<string, unknown>) => ({ ...b, id: typeof b.id, created: typeof b.created, updated: typeof b.updated, email: typeof b.email });

  it("answers a sign-up for a known address exactly like a new one, and tells the owner instead", async () => {
    const known = await signUp("kit@example.com", "192.0.2.30");
    const fresh = await signUp("kit-new@example.com", "192.0.2.31");
    expect(known.status).toBe(200);
    expect(shape(known.body)).toEqual(shape(fresh.body));
    expect(known.body.email).toBe("kit@example.com");
    expect(known.body.id).toMatch(/^[a-z0-9]{15}$/);
    // The same mistakes get the same refusals.
    const shortKnown = await signUp("kit@example.com", "192.0.2.30", "short");
    const shortNew = await signUp("kit-other@example.com", "192.0.2.31", "short");
    expect(shortKnown).toEqual(shortNew);
    expect(shortKnown.status).toBe(400);

    const letter = await mail.waitFor("kit@example.com", /You already have an account/);
    expect(letter.text).toContain("Hello Kit,");
    expect(letter.text).not.toContain("Mallory");
    // Nothing of the account changed, and no second account was made.
    await server.client().collection("users").authWithPassword("kit@example.com", "correct-horse-42");
    expect((await server.su.collection("users").getFullList({ filter: 'email = "kit@example.com"' })).length).toBe(1);
    expect((await server.su.collection("users").getFullList({ filter: 'email = "kit-new@example.com"' })).length).toBe(1);
  });

  it("counts sign-ups and commission requests per network, a whole IPv6 /64 as one", async () => {
    const signUps = await Promise.all(Array.from({ length: 22 }, (_, i) => signUp(`many-${i}@example.com`, `2001:db8:9:9::${i + 1}`)));
    expect(signUps.filter((r) => r.status === 200)).toHaveLength(20);
    expect(signUps.filter((r) => r.status === 429).map((r) => r.body.message)).toEqual(Array(2).fill("Too many accounts were made from your network in the last hour. Please try again later."));
    expect((await signUp("elsewhere@example.com", "2001:db8:9:a::1")).status).toBe(200);

    const request = (i: number) => send("/api/collections/commissions/records", { type: "watercolor-portrait", description: `Portrait ${i}`, contact_email: `p${i}@example.com` }, `2001:db8:9:b::${i + 1}`);
    const requests = await Promise.all(Array.from({ length: 22 }, (_, i) => request(i)));
    expect(requests.filter((r) => r.status === 200)).toHaveLength(20);
    expect(requests.filter((r) => r.status === 429)).toHaveLength(2);
  });

  it("lets one network's accounts join the waitlist only a few times a day", async () => {
    await server.su.send("/api/studio/admin/commission-slots", { method: "POST", body: { types: [{ type: "indoor-mural", state: "waitlist", slots: 0 }] } });
    const accounts = await Promise.all(Array.from({ length: 6 }, (_, i) => signedInUser(server, `queuer-${i}@example.com`)));
    const joins = await Promise.all(
      accounts.map((pb) =>
        fetch(`${server.url}/api/collections/commissions/records`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: pb.authStore.token, "X-Forwarded-For": "203.0.113.90" },
          body: JSON.stringify({ type: "indoor-mural", description: "A hall of lanterns", contact_email: "x@example.com" }),
        }).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
    );
    expect(joins.filter((r) => r.status === 200).map((r) => r.body.waitlist)).toEqual(Array(5).fill("waiting"));
    expect(joins.filter((r) => r.status === 429).map((r) => r.body.message)).toEqual([
      "Requests from your network are already waiting for this studio's next slots. Please try again tomorrow, or write to the studio.",
    ]);
  });
});

describe("the newsletter", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it("answers the same for a new and a known address and never overwrites a name", async () => {
    const join = (first: string) =>
      fetch(`${server.url}/api/studio/newsletter`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "Wren@Example.com", first_name: first, last_name: "Hale", lists: ["news"], wording_version: 1 }) }).then(async (r) => [r.status, await r.json()]);
    const first = await join("Wren");
    const again = await join("Mallory");
    expect(again).toEqual(first);
    const [row] = await server.su.collection("newsletter_subscribers").getFullList();
    expect(row).toMatchObject({ email: "wren@example.com", first_name: "Wren" });
  });
});

describe("the admin account and the seed", () => {
  let dataDir = "";
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "studio-seed-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function launch(env: Record<string, string> = {}) {
    return launchServer({ http: `127.0.0.1:${await freePort()}`, dataDir, env: { STUDIO_ADMIN_DOMAIN: "lanternwood.example", ...env } });
  }

  // Seeds the whole demo studio (its pictures are painted on the fly): slower than the default 30 s on a busy machine.
  it("generates a strong admin password once, retires the seed superuser, and never recreates an admin", { timeout: 120000 }, async () => {
    const server = await launch();
    try {
      expect(readFileSync(`/proc/${server.process.pid}/cmdline`, "utf8")).not.toContain(server.superuser.password);
      const admin = { email: "admin@lanternwood.example", password: "" };
      const seeded = await seedDemoData({ url: server.url, superuserEmail: server.superuser.email, superuserPassword: server.superuser.password, admin, removeSuperuser: true });
      expect(seeded.adminCreated).toBe(true);
      expect(seeded.adminPassword).toMatch(/^[A-Za-z2-9]{20}$/);
      expect(seeded.adminPassword).not.toBe("lanternwood-admin");
      const pb = new PocketBase(server.url);
      await pb.collection("users").authWithPassword(admin.email, seeded.adminPassword);
      expect(pb.authStore.record?.is_admin).toBe(true);
      await expect(new PocketBase(server.url).collection("_superusers").authWithPassword(server.superuser.email, server.superuser.password)).rejects.toMatchObject({ status: 400 });
    } finally {
      await server.stop();
    }

    // A second start: the shop has an admin, so none is created, even under another address.
    const again = await launch();
    try {
      const seeded = await seedDemoData({ url: again.url, superuserEmail: again.superuser.email, superuserPassword: again.superuser.password, admin: { email: "other@lanternwood.example", password: "" }, removeSuperuser: true });
      expect(seeded).toMatchObject({ adminCreated: false, adminPassword: "", catalogSeeded: false });
    } finally {
      await again.stop();
    }
  });

  it("recomputes who is admin for every user at start, so a changed admin domain takes effect at once", async () => {
    const server = await launch({ STUDIO_ADMIN_DOMAIN: "new-studio.example" });
    try {
      const su = new PocketBase(server.url);
      await su.collection("_superusers").authWithPassword(server.superuser.email, server.superuser.password);
      const old = await su.collection("users").getFirstListItem('email = "admin@lanternwood.example"');
      expect(old.is_admin).toBe(false);
    } finally {
      await server.stop();
    }
  });

  it("refuses to seed an admin without a password for a shop reachable beyond this machine", async () => {
    const fresh = mkdtempSync(join(tmpdir(), "studio-seed-"));
    const server = await launchServer({ http: `127.0.0.1:${await freePort()}`, dataDir: fresh });
    try {
      await expect(
        seedDemoData({ url: server.url, superuserEmail: server.superuser.email, superuserPassword: server.superuser.password, admin: { email: "a@lanternwood.example", password: "" }, requirePassword: true }),
      ).rejects.toThrow(/set STUDIO_ADMIN_PASSWORD/);
    } finally {
      await server.stop();
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
