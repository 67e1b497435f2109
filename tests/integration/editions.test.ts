// Numbered editions, as buyers, the studio and anyone holding a certificate see them: numbers given
// in order at payment and never twice, however many race for the last ones; a certificate whose QR
// code opens the number's public ledger page; a refund that marks its number; and a ledger edited
// by hand that says so.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import jsQR from "jsqr";
import type PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_DOMAIN, signedInUser, startServer, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";
import { startMailServer, type MailServer } from "../support/maildev";

let server: TestServer;
let mail: MailServer;
let studio: PocketBase;
let editionId = "";
const TITLE = "The Lantern Keeper";
const LINE = `${TITLE} (Limited edition print)`;

async function post(path: string, body: unknown, from = "203.0.113.1") {
  const res = await fetch(server.url + path, { method: "POST", headers: { "Content-Type": "application/json", "X-Forwarded-For": from }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function get(path: string) {
  const res = await fetch(server.url + path);
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
}

const details = (name: string) => ({ customer: { name, email: `${name.toLowerCase()}@example.com` }, shipping: { address: { line1: "1 Harbor Rd", city: "Pebble Cove", postal_code: "04101", country: "US" } } });
const checkout = (quantity: number, from: string) => post("/api/studio/checkout", { items: [{ id: editionId, type: "edition", quantity }] }, from);
const pay = (sessionId: string, name: string) => post(`/api/studio/checkout/${sessionId}/pay`, details(name));

async function orderOf(sessionId: string) {
  const session = await server.su.collection("checkout_sessions").getFirstListItem(server.su.filter("provider_session_id = {:id}", { id: sessionId }));
  const page = await fetch(`${server.url}/api/studio/orders/${session.id}?key=${encodeURIComponent(session.order_key)}`);
  expect(page.status).toBe(200);
  return page.json() as Promise<{ lines: { title: string; numbers: { number: number; size: number; refunded: boolean; verify: string; certificate: string }[] }[] }>;
}

async function edition() {
  return server.su.collection("editions").getOne(editionId);
}

beforeAll(async () => {
  mail = await startMailServer();
  server = await startServer({ ...mail.env, STUDIO_PAYMENTS: "demo", STUDIO_TRUSTED_PROXY_HEADERS: "X-Forwarded-For" });
  await server.su.settings.update({ rateLimits: { enabled: false } });
  studio = await signedInUser(server, `studio@${ADMIN_DOMAIN}`, { is_admin: true });
  const painting = await server.su.collection("paintings").create(form({ title: TITLE, tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 35 } }, { image: pngFile() }));
  const made = await studio.collection("editions").create({ painting: painting.id, size: 5, artist_proofs: 1, paper: "300 g cotton rag", dimensions: "30 × 40 cm", price: 240, print_date: "2026-03-01 12:00:00.000Z", issued: 4 });
  editionId = made.id;
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

describe("numbers", () => {
  let first = "";
  const raceWinners: string[] = [];

  it("starts with every number left, whatever the studio sends as issued", async () => {
    expect((await edition()).issued).toBe(0);
  });

  it("gives a paid order the next numbers in order", async () => {
    const { status, body } = await checkout(2, "203.0.113.1");
    expect(status).toBe(200);
    first = body.session_id;
    expect((await pay(first, "Ada")).status).toBe(200);
    const order = await orderOf(first);
    expect(order.lines[0].title).toBe(LINE);
    expect(order.lines[0].numbers.map((n) => `${n.number}/${n.size}`)).toEqual(["1/5", "2/5"]);
    expect((await edition()).issued).toBe(2);
  });

  it("links each number's certificate in the receipt", async () => {
    const receipt = await mail.waitFor("ada@example.com", /Your order/);
    const links = [...receipt.text.matchAll(/Certificate of (\d)\/5, The Lantern Keeper \(Limited edition print\): (\S+)/g)];
    expect(links.map((m) => m[1])).toEqual(["1", "2"]);
    const pdf = await fetch(links[0][2]);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
  });

  it("lets 50 buyers racing for the last 3 hold exactly 3, and pays them 3, 4 and 5 with no gap and no repeat", async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => checkout(1, `198.51.${100 + Math.floor(i / 200)}.${i + 1}`)));
    const held = answers.filter((a) => a.status === 200);
    expect(held).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 200);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([400]));
    expect(refused[0].body.message).toBe(`Line 1: the last numbers of "${LINE}" are held by other checkouts right now. A number comes free again if its checkout is not paid within 35 minutes.`);
    // Every winner pays twice at once (a double click, a webhook beside the demo page).
    const paid = await Promise.all(held.flatMap((a) => [pay(a.body.session_id, "Racer"), pay(a.body.session_id, "Racer")]));
    expect(paid.map((p) => p.status)).toEqual(Array(6).fill(200));
    raceWinners.push(...held.map((a) => a.body.session_id));
    const numbers = (await Promise.all(raceWinners.map(orderOf))).flatMap((o) => o.lines[0].numbers.map((n) => n.number));
    expect(numbers.sort()).toEqual([3, 4, 5]);
    expect((await edition()).issued).toBe(5);
    const after = await checkout(1, "192.0.2.77");
    expect(after.status).toBe(400);
    expect(after.body.message).toBe(`Line 1: every number of "${LINE}" is sold.`);
  });

  it("refunds a payment that arrives when its numbers are gone, and gives it none", async () => {
    const painting = (await edition()).painting;
    const small = await studio.collection("editions").create({ painting, size: 3, paper: "Washi", price: 60 });
    const held = await post("/api/studio/checkout", { items: [{ id: small.id, type: "edition", quantity: 2 }] }, "192.0.2.50");
    expect(held.status).toBe(200);
    // The studio makes the edition smaller while the checkout is open: it has given nothing yet.
    await studio.collection("editions").update(small.id, { size: 1 });
    expect((await pay(held.body.session_id, "Late")).status).toBe(200);
    const [purchase] = await server.su.collection("purchases").getFullList({ filter: server.su.filter("payment_id = {:id}", { id: held.body.session_id }) });
    expect(purchase.status).toBe("refunded");
    expect(purchase.metadata.refund_reason).toBe("Only 1 number of the edition was left when this payment arrived.");
    expect((await orderOf(held.body.session_id)).lines[0].numbers).toEqual([]);
    expect((await server.su.collection("editions").getOne(small.id)).issued).toBe(0);
  });

  it("refuses an edition smaller than the numbers it gave, and changes nothing", async () => {
    await expect(studio.collection("editions").update(editionId, { size: 4 })).rejects.toMatchObject({
      status: 400,
      response: { message: "This edition has given 5 numbers already: its size can be 5 or more, not 4." },
    });
    expect((await edition()).size).toBe(5);
    await studio.collection("editions").update(editionId, { issued: 0, paper: "310 g cotton rag" });
    expect(await edition()).toMatchObject({ issued: 5, paper: "310 g cotton rag" });
  });

  it("marks a refunded number on the order and the ledger, and never sells it again", async () => {
    const [purchase] = await server.su.collection("purchases").getFullList({ filter: server.su.filter("payment_id = {:id}", { id: first }) });
    await server.su.collection("purchases").update(purchase.id, { status: "refunded" });
    const order = await orderOf(first);
    expect(order.lines[0].numbers.map((n) => [n.number, n.refunded])).toEqual([
      [1, true],
      [2, true],
    ]);
    const page = await get(`/verify/${editionId}/1`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<strong>Refunded.</strong> Number 1 was sold on");
    expect((await edition()).issued).toBe(5);
    expect((await checkout(1, "192.0.2.78")).body.message).toBe(`Line 1: every number of "${LINE}" is sold.`);
  });

  describe("the certificate and the public ledger", () => {
    let verifyPath = "";
    let pdfDir = "";
    beforeAll(async () => {
      pdfDir = mkdtempSync(join(tmpdir(), "certificate-"));
    });
    afterAll(() => rmSync(pdfDir, { recursive: true, force: true }));

    it("is an A5 PDF whose QR code opens the number's verify page", async () => {
      const order = await orderOf(raceWinners[0]);
      const n = order.lines[0].numbers[0];
      const res = await fetch(server.url + n.certificate);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      const file = join(pdfDir, "certificate.pdf");
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));

      const info = execFileSync("pdfinfo", [file]).toString();
      expect(info).toMatch(/Page size:\s+420 x 595 pts \(A5\)/);
      const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString();
      for (const words of ["CERTIFICATE OF AUTHENTICITY", TITLE, `Limited edition print ${n.number}/5`, "Printed on 310 g cotton rag", "30 × 40 cm", "Printed March 2026", "Signed for Lanternwood Studio"]) {
        expect(text).toContain(words);
      }

      execFileSync("pdftoppm", ["-r", "150", "-gray", "-singlefile", file, join(pdfDir, "page")]);
      const pgm = readFileSync(join(pdfDir, "page.pgm"));
      const [, width, height] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString("latin1"))!.map(Number);
      const gray = pgm.subarray(pgm.length - width * height);
      const rgba = new Uint8ClampedArray(width * height * 4);
      gray.forEach((v, i) => rgba.set([v, v, v, 255], i * 4));
      const code = jsQR(rgba, width, height);
      verifyPath = `/verify/${editionId}/${n.number}`;
      expect(code?.data).toBe(server.url + verifyPath);
    });

    it("shows the number as genuine to anyone, with its facts and never its buyer", async () => {
      const page = await get(verifyPath);
      expect(page.status).toBe(200);
      expect(page.type).toContain("text/html");
      expect(page.text).toContain(`<h1>${TITLE} <span class="number">`);
      expect(page.text).toContain("<strong>Genuine.</strong>");
      expect(page.text).toContain("310 g cotton rag");
      expect(page.text).not.toContain("Racer");
      expect(page.text).not.toContain("@example.com");
    });

    it("says a number outside the edition, or an edition nobody made, is not issued, with a 404", async () => {
      const outside = await get(`/verify/${editionId}/6`);
      expect(outside.status).toBe(404);
      expect(outside.text).toContain("<h1>Not issued</h1>");
      expect(outside.text).toContain("has 5 numbers: there is no number 6.");
      expect((await get(`/verify/${editionId}/007`)).status).toBe(404);
      const painting = (await edition()).painting;
      const unsold = await studio.collection("editions").create({ painting, size: 3, paper: "Hahnemühle Photo Rag", price: 90 });
      const waiting = await get(`/verify/${unsold.id}/2`);
      expect(waiting.status).toBe(404);
      expect(waiting.text).toContain("<strong>Not issued.</strong> Number 2 of this edition has not been sold");
      expect((await get("/verify/nosuchedition00/1")).status).toBe(404);
    });

    it("a certificate is its buyer's: another order's key or none gets the order's 404", async () => {
      const mine = (await orderOf(raceWinners[0])).lines[0].numbers[0];
      const other = (await orderOf(raceWinners[1])).lines[0].numbers[0];
      const stolen = other.certificate.replace(/\/certificates\/.*\?/, `/certificates/${editionId}/${mine.number}?`);
      expect((await fetch(server.url + stolen)).status).toBe(404);
      expect((await fetch(server.url + mine.certificate.replace(/\?key=.*/, ""))).status).toBe(404);
    });

    it("reports a past row edited by hand in the database", async () => {
      execFileSync("sqlite3", [join(server.dataDir, "data.db"), ".timeout 5000", `UPDATE edition_ledger SET number = 9 WHERE edition = '${editionId}' AND seq = 2`]);
      // A number not asked for since: the page is made from the ledger as it is now.
      const page = await get(`/verify/${editionId}/5`);
      expect(page.status).toBe(200);
      expect(page.text).toContain("<strong>The ledger does not verify.</strong> Entry 2 of this edition's ledger was changed");
      expect(page.text).not.toContain("Genuine.");
    });
  });
});
