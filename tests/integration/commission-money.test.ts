// Commission money with the demo provider and real mail: quotes, deposit, proofs, balance,
// finals, refunds, and every refusal a customer or a stray request should meet.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordModel } from "pocketbase";
import type PocketBase from "pocketbase";
import { startServer, signedInUser, ADMIN_DOMAIN, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";
import { startMailServer, type MailServer } from "../support/maildev";

const STUDIO = `owner@${ADMIN_DOMAIN}`;

let server: TestServer;
let mail: MailServer;
let ada: PocketBase;
let bea: PocketBase;
let admin: PocketBase;

async function call(server: TestServer, pb: PocketBase | null, path: string, body: unknown = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (pb?.authStore.token) headers.Authorization = pb.authStore.token;
  const res = await fetch(server.url + path, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function newCommission(pb: PocketBase, type = "watercolor-portrait") {
  return (await pb.collection("commissions").create({ type, description: "Our cat, Biscuit, in a lantern", contact_email: "ignored@example.com" })).id;
}

async function quote(commission: string, body: Record<string, unknown>) {
  const res = await call(server, admin, `/api/studio/commissions/${commission}/quotes`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; kind: string; deposit_cents: number; total_cents: number; status: string };
}

async function payOnDemoPage(pb: PocketBase, quoteId: string) {
  const started = await call(server, pb, `/api/studio/commission-quotes/${quoteId}/pay`);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const paid = await call(server, null, `/api/studio/checkout/${started.body.session_id}/pay`, {});
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  expect(paid.body.status).toBe("paid");
  return started.body as { session_id: string; kind: string; amount_cents: number; url: string };
}

beforeAll(async () => {
  mail = await startMailServer();
  server = await startServer({ ...mail.env, STUDIO_PAYMENTS: "demo", STUDIO_MAIL_BATCH_SECONDS: "0", STUDIO_NOTIFY_EMAIL: STUDIO });
  ada = await signedInUser(server, "ada@example.com", { first_name: "Ada", last_name: "Lovelace" });
  bea = await signedInUser(server, "bea@example.com");
  admin = await signedInUser(server, STUDIO);
});

afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

describe("the whole path", () => {
  it("goes quote → deposit → proof → balance → finals, with cards, mails and a final locked until paid in full", async () => {
    const commission = await newCommission(ada);
    const q = await quote(commission, { total_cents: 24000, included: "One A4 portrait, two rounds of changes", delivery_date: "2027-03-01" });
    expect(q).toMatchObject({ kind: "quote", status: "open", total_cents: 24000, deposit_cents: 12000 });
    expect(await ada.collection("commissions").getOne(commission)).toMatchObject({ total_price: 240, amount_paid: 0, payment_status: "Unpaid" });
    const quoteMail = await mail.waitFor("ada@example.com", /Your quote/);
    expect(quoteMail.text).toContain("$240.00");
    expect(quoteMail.text).toContain("$120.00");
    const [card] = await ada.collection("commission_messages").getFullList({ filter: `commission = "${commission}"` });
    expect(card).toMatchObject({ sender_role: "admin", card: { type: "quote", quote: q.id, amount_cents: 24000 } });

    const deposit = await payOnDemoPage(ada, q.id);
    expect(deposit).toMatchObject({ kind: "deposit", amount_cents: 12000, url: expect.stringMatching(/^\/stripe-example\?session_id=demo_/) });
    expect(await ada.collection("commissions").getOne(commission)).toMatchObject({ amount_paid: 120, payment_status: "Deposit paid" });
    await mail.waitFor("ada@example.com", /Receipt: your deposit of \$120\.00/);
    await mail.waitFor(STUDIO, /paid the deposit: \$120\.00/);

    const proof = await admin.collection("commission_files").create(form({ commission, kind: "proof" }, { file: pngFile("sketch.png") }));
    const final = await admin.collection("commission_files").create(form({ commission, kind: "final" }, { file: pngFile("final.png") }));
    // The customer sees both listed, but neither original opens before the balance.
    const listed = await ada.collection("commission_files").getFullList({ filter: `commission = "${commission}"` });
    expect(listed.map((f) => f.kind).sort()).toEqual(["final", "proof"]);
    const url = (f: RecordModel, token: string) => `${server.url}/api/files/${f.collectionId}/${f.id}/${f.file}?token=${token}`;
    expect((await fetch(url(final, await ada.files.getToken()))).status).toBe(404);
    expect((await fetch(url(proof, await ada.files.getToken()))).status).toBe(404);
    await expect(ada.collection("commission_files").getOne(final.id)).rejects.toMatchObject({ status: 404 });
    // The proof reaches the owner as the server's marked rendition, and nobody else.
    const proofUrl = (token: string) => `${server.url}/api/studio/proofs/${proof.id}${token ? `?token=${token}` : ""}`;
    const shown = await fetch(proofUrl(await ada.files.getToken()));
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/jpeg");
    expect([...new Uint8Array(await shown.arrayBuffer()).slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await fetch(proofUrl(await bea.files.getToken()))).status).toBe(404);
    expect((await fetch(proofUrl(""))).status).toBe(404);
    expect((await fetch(`${server.url}/api/studio/proofs/${final.id}?token=${await ada.files.getToken()}`)).status).toBe(404);
    expect((await fetch(url(final, await admin.files.getToken()))).status).toBe(200);

    const balance = await payOnDemoPage(ada, q.id);
    expect(balance).toMatchObject({ kind: "balance", amount_cents: 12000 });
    expect(await ada.collection("commissions").getOne(commission)).toMatchObject({ amount_paid: 240, payment_status: "Paid in full", finals_released: true });
    await mail.waitFor("ada@example.com", /Your files are ready/);
    expect((await fetch(url(final, await ada.files.getToken()))).status).toBe(200);
    expect((await ada.collection("commission_files").getOne(final.id)).file_name).toBe("final.png");
    // A proof stays a proof: its original is the studio's.
    expect((await fetch(url(proof, await ada.files.getToken()))).status).toBe(404);

    const again = await call(server, ada, `/api/studio/commission-quotes/${q.id}/pay`);
    expect(again).toMatchObject({ status: 400, body: { message: "This quote is already paid." } });
    const cards = await ada.collection("commission_messages").getFullList({ filter: `commission = "${commission}"`, sort: "created" });
    expect(cards.map((m) => m.card?.type)).toEqual(["quote", "receipt", "receipt"]);
  });
});

describe("what nobody may do", () => {
  it("refuses a customer's and the studio's own writes to the money fields", async () => {
    const commission = await newCommission(ada);
    await expect(ada.collection("commissions").update(commission, { amount_paid: 500, payment_status: "Paid in full", total_price: 1 })).rejects.toMatchObject({ status: 404 });
    for (const field of ["amount_paid", "payment_status", "total_price"]) {
      await expect(admin.collection("commissions").update(commission, { [field]: field === "payment_status" ? "Paid in full" : 5 }), field).rejects.toMatchObject({ status: 400 });
    }
    const created = await ada.collection("commissions").create({ type: "indoor-mural", description: "Nook", contact_email: "a@b.c", amount_paid: 900, payment_status: "Paid in full", total_price: 1, finals_released: true });
    expect(created).toMatchObject({ amount_paid: 0, payment_status: "Unpaid", total_price: 0, finals_released: false });
    // A customer cannot mark their own upload a final (and so unlock it), nor write a card.
    const upload = await ada.collection("commission_files").create(form({ commission, kind: "final" }, { file: pngFile() }));
    expect(upload.kind).toBe("file");
    const forged = await ada.collection("commission_messages").create({ commission, content: "Paid!", card: { type: "receipt", amount_cents: 24000 } });
    expect(forged.card).toBeNull();
    const sent = await admin.collection("commission_messages").create({ commission, content: "Hello", card: { type: "quote", amount_cents: 1 } });
    expect(sent.card).toBeNull();
    await expect(admin.collection("commission_messages").update(forged.id, { card: { type: "receipt", amount_cents: 1 } })).rejects.toMatchObject({ status: 404 });
  });

  it("answers 404 to someone paying, or declining, another customer's quote, and 401 to a visitor", async () => {
    const commission = await newCommission(ada);
    const q = await quote(commission, { total_cents: 10000 });
    expect((await call(server, bea, `/api/studio/commission-quotes/${q.id}/pay`)).status).toBe(404);
    expect((await call(server, bea, `/api/studio/commission-quotes/${q.id}/decline`, { reason: "no" })).status).toBe(404);
    expect((await call(server, null, `/api/studio/commission-quotes/${q.id}/pay`)).status).toBe(401);
    expect(await bea.collection("commission_quotes").getFullList({ filter: `commission = "${commission}"` })).toHaveLength(0);
    expect((await call(server, ada, `/api/studio/commissions/${commission}/quotes`, { total_cents: 1 })).status).toBe(403);
  });

  it("lets no one, the owner included, filter or sort payments by hidden fields or reach past the commission's owner", async () => {
    // (Paying here as well would spend the checkout's rate allowance the refund test below needs.)
    const refused = (list: Promise<unknown>) => expect(list).rejects.toMatchObject({ status: expect.any(Number) });
    // A yes/no answer is enough to read a secret a letter at a time: each of these must be refused, not answered.
    for (const filter of ['payment_intent != ""', 'commission.user.password != ""', "@collection.users.email != ''"]) {
      await refused(ada.collection("commission_payments").getList(1, 1, { filter }));
    }
    await refused(ada.collection("commission_payments").getList(1, 1, { sort: "payment_intent" }));
    // And another customer sees nothing of it, however asked.
    expect((await bea.collection("commission_payments").getList(1, 50)).totalItems).toBe(0);
  });

  it("takes the amount from the quote, never from the request", async () => {
    const commission = await newCommission(ada);
    const q = await quote(commission, { total_cents: 30000, deposit_percent: 30 });
    const started = await call(server, ada, `/api/studio/commission-quotes/${q.id}/pay`, { amount_cents: 1, kind: "balance" });
    expect(started.body).toMatchObject({ kind: "deposit", amount_cents: 9000 });
    const paid = await call(server, null, `/api/studio/checkout/${started.body.session_id}/pay`, { amount_total: 1 });
    expect(paid.body.amount_total).toBe(9000);
    expect(await ada.collection("commissions").getOne(commission)).toMatchObject({ amount_paid: 90, payment_status: "Deposit paid" });
  });

  it("refuses quotes Stripe could not charge or that are not in whole cents", async () => {
    const commission = await newCommission(ada);
    for (const body of [{ total_cents: 49 }, { total_cents: 100.5 }, { total_cents: "100" }, { total_cents: 10000, deposit_cents: 10 }, { total_cents: 10000, deposit_cents: 9990 }, { total_cents: 100, deposit_percent: 150 }]) {
      expect((await call(server, admin, `/api/studio/commissions/${commission}/quotes`, body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("live lists", () => {
  it("lets the owner's quotes and payments catch up after a reconnect, and nobody else's", async () => {
    const commission = await newCommission(ada);
    const feed = async (pb: PocketBase, collection: string, since: string) => {
      const res = await fetch(`${server.url}/api/studio/changes/${collection}?since=${since}&filter=${encodeURIComponent(`commission = "${commission}"`)}`, { headers: { Authorization: pb.authStore.token } });
      expect(res.status).toBe(200);
      return (await res.json()) as { cursor: string; upserts: { id: string }[] };
    };
    const start = { ada: await feed(ada, "commission_quotes", ""), bea: await feed(bea, "commission_quotes", "") };
    const payments = await feed(ada, "commission_payments", "");
    const q = await quote(commission, { total_cents: 9000 });
    await payOnDemoPage(ada, q.id);
    expect((await feed(ada, "commission_quotes", start.ada.cursor)).upserts.map((r) => r.id)).toEqual([q.id]);
    expect((await feed(ada, "commission_payments", payments.cursor)).upserts).toHaveLength(1);
    expect((await feed(bea, "commission_quotes", start.bea.cursor)).upserts).toHaveLength(0);
  });
});

describe("revising and declining", () => {
  it("revises a quote until the deposit is paid: the old one, and its open payment page, can no longer be paid", async () => {
    const commission = await newCommission(ada);
    const first = await quote(commission, { total_cents: 20000 });
    const page = await call(server, ada, `/api/studio/commission-quotes/${first.id}/pay`);
    const second = await quote(commission, { total_cents: 18000, deposit_cents: 6000 });
    expect((await ada.collection("commission_quotes").getOne(first.id)).status).toBe("superseded");
    expect(await call(server, ada, `/api/studio/commission-quotes/${first.id}/pay`)).toMatchObject({ status: 400, body: { message: "This quote was replaced by a newer one: please pay that one." } });
    expect((await call(server, null, `/api/studio/checkout/${page.body.session_id}/pay`, {})).status).toBe(400);
    expect((await ada.collection("commissions").getOne(commission)).total_price).toBe(180);

    await payOnDemoPage(ada, second.id);
    // After the deposit a new quote is a change for the difference, paid at once.
    const change = await quote(commission, { total_cents: 4000, included: "A second cat" });
    expect(change).toMatchObject({ kind: "change", deposit_cents: 0, status: "open" });
    expect((await ada.collection("commission_quotes").getOne(second.id)).status).toBe("deposit_paid");
    expect(await ada.collection("commissions").getOne(commission)).toMatchObject({ total_price: 220, amount_paid: 60, payment_status: "Deposit paid" });
    expect((await payOnDemoPage(ada, change.id)).amount_cents).toBe(4000);
    expect((await payOnDemoPage(ada, second.id)).amount_cents).toBe(12000);
    expect(await ada.collection("commissions").getOne(commission)).toMatchObject({ total_price: 220, amount_paid: 220, payment_status: "Paid in full" });
  });

  it("lets a customer who has paid nothing decline with a reason, and tells the studio", async () => {
    const commission = await newCommission(ada);
    const q = await quote(commission, { total_cents: 50000 });
    const declined = await call(server, ada, `/api/studio/commission-quotes/${q.id}/decline`, { reason: "Over my budget" });
    expect(declined).toMatchObject({ status: 200, body: { status: "declined", decline_reason: "Over my budget" } });
    await mail.waitFor(STUDIO, /declined the quote/);
    expect(await call(server, ada, `/api/studio/commission-quotes/${q.id}/pay`)).toMatchObject({ status: 400, body: { message: "This quote was declined." } });
    expect(await ada.collection("commissions").getOne(commission)).toMatchObject({ total_price: 0, payment_status: "Unpaid" });

    const paidOn = await quote(commission, { total_cents: 30000 });
    await payOnDemoPage(ada, paidOn.id);
    expect((await call(server, ada, `/api/studio/commission-quotes/${paidOn.id}/decline`, { reason: "changed my mind" })).status).toBe(400);
  });
});

describe("pressing Pay", () => {
  it("opens one page for presses that arrive together, for its owner only, and refunds no odd amount", async () => {
    const dan = await signedInUser(server, "dan@example.com", { first_name: "Dan" });
    const commission = (await server.su.collection("commissions").create({ type: "indoor-mural", description: "Owls on the stairs", contact_email: "dan@example.com", user: dan.authStore.record!.id })).id;
    const q = await quote(commission, { total_cents: 30000 });
    const presses = await Promise.all(Array.from({ length: 5 }, () => call(server, dan, `/api/studio/commission-quotes/${q.id}/pay`)));
    expect(presses.map((p) => p.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(presses.map((p) => p.body.session_id)).size).toBe(1);
    expect(await admin.collection("commission_payments").getFullList({ filter: `quote = "${q.id}"` })).toHaveLength(1);
    // Another customer, a visitor and odd amounts get nothing from it.
    expect((await call(server, bea, `/api/studio/commission-quotes/${q.id}/pay`)).status).toBe(404);
    expect((await call(server, null, `/api/studio/commission-quotes/${q.id}/pay`)).status).toBe(401);
    expect((await call(server, null, `/api/studio/checkout/${presses[0].body.session_id}/pay`, {})).body.status).toBe("paid");
    const [payment] = await admin.collection("commission_payments").getFullList({ filter: `quote = "${q.id}"` });
    for (const amount_cents of [0, -5, 1.5, "100", 15001]) {
      const res = await call(server, admin, `/api/studio/commission-payments/${payment.id}/refund`, { key: `odd-amount-${String(amount_cents).replace(/\W/g, "x")}`, amount_cents });
      expect(res.status, `${amount_cents}: ${JSON.stringify(res.body)}`).toBe(400);
    }
    expect((await admin.collection("commission_payments").getOne(payment.id)).refunded_cents).toBe(0);
  });

  it("closes any other open page of the quote when handing back its page", async () => {
    const fay = await signedInUser(server, "fay@example.com", { first_name: "Fay" });
    const commission = (await server.su.collection("commissions").create({ type: "indoor-mural", description: "Herons by the bath", contact_email: "fay@example.com", user: fay.authStore.record!.id })).id;
    const q = await quote(commission, { total_cents: 30000 });
    const first = await call(server, fay, `/api/studio/commission-quotes/${q.id}/pay`);
    // A page left open for another amount, as two presses could leave before pages were reserved.
    const [row] = await admin.collection("commission_payments").getFullList({ filter: `quote = "${q.id}"` });
    const left = await server.su.collection("commission_payments").create({ commission, quote: q.id, user: row.user, kind: "deposit", amount_cents: 100, status: "open", provider: "demo", provider_session_id: `demo_left_${q.id}`, url: `/stripe-example?session_id=demo_left_${q.id}`, expires_at: row.expires_at, refunded_cents: 0, refunds: [] });
    const again = await call(server, fay, `/api/studio/commission-quotes/${q.id}/pay`);
    expect(again.body.session_id).toBe(first.body.session_id);
    const open = await admin.collection("commission_payments").getFullList({ filter: `quote = "${q.id}" && status = "open"` });
    expect(open.map((p) => p.provider_session_id)).toEqual([first.body.session_id]);
    expect((await admin.collection("commission_payments").getOne(left.id)).status).toBe("canceled");
  });

  it("leaves no page open on a quote revised while Pay was being pressed", async () => {
    const eve = await signedInUser(server, "eve@example.com", { first_name: "Eve" });
    const commission = (await server.su.collection("commissions").create({ type: "indoor-mural", description: "Bats in the attic", contact_email: "eve@example.com", user: eve.authStore.record!.id })).id;
    let current = (await quote(commission, { total_cents: 30000 })).id;
    for (let round = 1; round <= 10; round++) {
      const [presses, revised] = await Promise.all([
        Promise.all(Array.from({ length: 3 }, () => call(server, eve, `/api/studio/commission-quotes/${current}/pay`))),
        call(server, admin, `/api/studio/commissions/${commission}/quotes`, { total_cents: 30000 + round * 100 }),
      ]);
      expect(revised.status, JSON.stringify(revised.body)).toBe(200);
      for (const p of presses) expect([200, 400], JSON.stringify(p.body)).toContain(p.status);
      current = revised.body.id;
      const open = await admin.collection("commission_payments").getFullList({ filter: `commission = "${commission}" && status = "open"` });
      expect(open.filter((p) => p.quote !== current), `round ${round}`).toEqual([]);
    }
  });
});

describe("finals after a refund", () => {
  it("opens the finals once every quote is paid, a goodwill refund before the balance notwithstanding, and closes them only on a full refund", async () => {
    const cleo = await signedInUser(server, "cleo@example.com", { first_name: "Cleo" });
    // Made by the studio's side: the public form allows ten requests a minute from one address.
    const commission = (await server.su.collection("commissions").create({ type: "watercolor-portrait", description: "Our goat in a meadow", contact_email: "cleo@example.com", user: cleo.authStore.record!.id })).id;
    const q = await quote(commission, { total_cents: 20000 });
    await payOnDemoPage(cleo, q.id);
    const final = await admin.collection("commission_files").create(form({ commission, kind: "final" }, { file: pngFile("final.png") }));
    const download = async (pb: PocketBase) => (await fetch(`${server.url}/api/files/${final.collectionId}/${final.id}/${final.file}?token=${await pb.files.getToken()}`)).status;
    const [deposit] = await admin.collection("commission_payments").getFullList({ filter: `commission = "${commission}" && status = "paid"` });
    const refund = (id: string, body: Record<string, unknown>) => call(server, admin, `/api/studio/commission-payments/${id}/refund`, body);
    expect((await refund(deposit.id, { key: "goodwill-0001", amount_cents: 100 })).status).toBe(200);
    expect(await download(cleo)).toBe(404);

    await payOnDemoPage(cleo, q.id);
    expect(await cleo.collection("commissions").getOne(commission)).toMatchObject({ amount_paid: 199, payment_status: "Partly refunded", finals_released: true });
    expect(await download(cleo)).toBe(200);
    expect(await download(bea)).toBe(404);
    await mail.waitFor("cleo@example.com", /Your files are ready/);

    const [balance] = await admin.collection("commission_payments").getFullList({ filter: `commission = "${commission}" && kind = "balance"` });
    expect((await refund(balance.id, { key: "balance-back-1" })).status).toBe(200);
    expect(await cleo.collection("commissions").getOne(commission)).toMatchObject({ amount_paid: 99, payment_status: "Partly refunded", finals_released: true });
    expect(await download(cleo)).toBe(200);
    expect((await refund(deposit.id, { key: "deposit-back-1" })).status).toBe(200);
    expect(await cleo.collection("commissions").getOne(commission)).toMatchObject({ amount_paid: 0, payment_status: "Refunded", finals_released: false });
    expect(await download(cleo)).toBe(404);
  });
});

describe("refunds (demo provider: marked refunded)", () => {
  it("refunds in part and in full, once per key, never more than was paid", async () => {
    const commission = await newCommission(ada);
    const q = await quote(commission, { total_cents: 20000 });
    await payOnDemoPage(ada, q.id);
    const [payment] = await admin.collection("commission_payments").getFullList({ filter: `commission = "${commission}" && status = "paid"` });
    const refund = (body: Record<string, unknown>, pb: PocketBase = admin) => call(server, pb, `/api/studio/commission-payments/${payment.id}/refund`, body);

    expect((await refund({ key: "customer-try-1", amount_cents: 100 }, ada)).status).toBe(403);
    const part = await refund({ key: "part-refund-1", amount_cents: 2500 });
    expect(part).toMatchObject({ status: 200, body: { repeated: false, refund: { amount_cents: 2500, id: expect.stringMatching(/^demo_refund_/) } } });
    const repeat = await refund({ key: "part-refund-1", amount_cents: 2500 });
    expect(repeat.body).toMatchObject({ repeated: true, refund: { id: part.body.refund.id } });
    expect(await ada.collection("commissions").getOne(commission)).toMatchObject({ amount_paid: 75, payment_status: "Partly refunded" });
    await mail.waitFor("ada@example.com", /Your refund of \$25\.00/);

    expect(await refund({ key: "too-much-1", amount_cents: 7501 })).toMatchObject({ status: 400, body: { message: "At most $75.00 of this payment is left to refund." } });
    expect((await refund({ key: "rest-refund-1" })).body.refund.amount_cents).toBe(7500);
    expect(await refund({ key: "rest-refund-2" })).toMatchObject({ status: 400, body: { message: "This payment is already refunded in full." } });
    expect(await ada.collection("commissions").getOne(commission)).toMatchObject({ amount_paid: 0, payment_status: "Refunded" });
    const cards = await ada.collection("commission_messages").getFullList({ filter: `commission = "${commission}"`, sort: "created" });
    expect(cards.map((m) => [m.card?.type, m.card?.amount_cents])).toEqual([["quote", 20000], ["receipt", 10000], ["refund", 2500], ["refund", 7500]]);
  });
});
