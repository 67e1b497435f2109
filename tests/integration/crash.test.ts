// Crash safety: the server is killed (SIGKILL) in the middle of a burst of carts, checkouts and
// signed Stripe webhooks, restarted on the same data, and the webhooks are delivered again as
// Stripe retries them. Every paid session is recorded exactly once and nothing is half-written.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import PocketBase from "pocketbase";
import Stripe from "stripe";
import { form, pngFile } from "../support/files";
import { startStripeMock } from "../support/stripe-mock";
// @ts-expect-error plain ESM helpers shared with the scripts
import { freePort } from "../../scripts/lib/project.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { launchServer } from "../../scripts/lib/server.mjs";

const WEBHOOK_SECRET = "whsec_crash_test";
const CHECKOUTS = 60;
const stripe = new Stripe("sk_test_123");

type Launched = { url: string; superuser: { email: string; password: string }; process: import("node:child_process").ChildProcess; stop(): Promise<void> };

const dataDir = mkdtempSync(join(tmpdir(), "studio-crash-"));
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of cleanup.reverse()) await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// The event carries what Stripe reports for the session, which the webhook checks against its own.
function paidEvent(sessionId: string, amountTotal: number) {
  const payload = JSON.stringify({
    id: `evt_${sessionId}`,
    type: "checkout.session.completed",
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        payment_status: "paid",
        amount_total: amountTotal,
        currency: "usd",
        livemode: false,
        customer_details: { name: "Cleo Marsh", email: "cleo@example.com", phone: null },
        shipping_details: { name: "Cleo Marsh", address: { line1: "9 Pine Way", line2: null, city: "Hollow Pines", state: "ME", postal_code: "04000", country: "US" } },
      },
    },
  });
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

async function postJson(url: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body });
  return { status: res.status, body: await res.json() };
}

describe("a crash in the middle of checkouts and payments", () => {
  it("loses no paid session, records none twice and leaves nothing half-written", async () => {
    const mock = await startStripeMock();
    cleanup.push(mock.stop);
    const http = `127.0.0.1:${await freePort()}`;
    const env = { STRIPE_SECRET_KEY: "sk_test_123", STRIPE_API_BASE: mock.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STUDIO_ADMIN_DOMAIN: "lanternwood.example" };
    const first: Launched = await launchServer({ http, dataDir, env });
    cleanup.push(() => first.stop());
    const su = new PocketBase(first.url);
    su.autoCancellation(false);
    await su.collection("_superusers").authWithPassword(first.superuser.email, first.superuser.password);
    // Sixty buyers from one address in seconds: the rate limiter has its own tests.
    await su.settings.update({ rateLimits: { enabled: false } });
    const painting = await su.collection("paintings").create(form({ title: "Cove", tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 35 } }, { image: pngFile() }));
    const book = await su.collection("books").create(form({ title: "Tales", price: 24.99, website_cart_available: true }, { image: pngFile() }));
    const items = [
      { id: painting.id, type: "painting", variant: "print", quantity: 2 },
      { id: book.id, type: "book", quantity: 1 },
    ];

    // The burst: each buyer saves a cart, opens a checkout and pays; Stripe tells the server.
    const known: string[] = [];
    const totals = new Map<string, number>();
    let delivered = 0;
    let killNow: () => void = () => undefined;
    const halfway = new Promise<void>((resolve) => (killNow = resolve));
    async function buyer(i: number) {
      const cart = `crash-cart-${i}`;
      await postJson(`${first.url}/api/studio/cart`, JSON.stringify({ session_id: cart, items }));
      const { status, body } = await postJson(`${first.url}/api/studio/checkout`, JSON.stringify({ items, cart_session_id: cart }));
      if (status !== 200) throw new Error(`checkout ${i}: ${status} ${JSON.stringify(body)}`);
      known.push(body.session_id);
      totals.set(body.session_id, body.amount_total);
      const { payload, signature } = paidEvent(body.session_id, body.amount_total);
      const res = await postJson(`${first.url}/api/studio/stripe/webhook`, payload, { "Stripe-Signature": signature });
      if (res.status === 200 && ++delivered >= CHECKOUTS / 3) killNow();
    }
    const burst = Promise.allSettled(Array.from({ length: CHECKOUTS }, (_, i) => buyer(i)));
    await Promise.race([halfway, burst]);
    expect(first.process.kill("SIGKILL")).toBe(true);
    const outcomes = await burst;
    // The kill really landed mid-burst: some buyers never finished.
    expect(outcomes.filter((o) => o.status === "rejected").length).toBeGreaterThan(0);
    expect(delivered).toBeLessThan(CHECKOUTS);

    // Restart on the same data and let "Stripe" retry every event, twice and at once.
    const second: Launched = await launchServer({ http, dataDir, env });
    cleanup.push(() => second.stop());
    const admin = new PocketBase(second.url);
    admin.autoCancellation(false);
    await admin.collection("_superusers").authWithPassword(second.superuser.email, second.superuser.password);
    const replays = await Promise.all(
      known.flatMap((id) => [0, 1].map(() => {
        const { payload, signature } = paidEvent(id, totals.get(id)!);
        return postJson(`${second.url}/api/studio/stripe/webhook`, payload, { "Stripe-Signature": signature });
      })),
    );
    expect(replays.every((r) => r.status === 200)).toBe(true);

    const sessions = await admin.collection("checkout_sessions").getFullList();
    const purchases = await admin.collection("purchases").getFullList();
    const carts = await admin.collection("abandoned_carts").getFullList();
    // Every session a buyer was sent to and paid for is recorded once, with both lines.
    for (const id of known) {
      const s = sessions.find((x) => x.provider_session_id === id);
      expect(s?.status, id).toBe("paid");
      expect(purchases.filter((p) => p.payment_id === id).map((p) => p.product_title).sort(), id).toEqual(["Cove (Print)", "Tales (Autographed)"]);
    }
    // Sessions opened but never answered to the buyer (killed mid-request) have no purchases at all.
    for (const s of sessions) {
      const mine = purchases.filter((p) => p.payment_id === s.provider_session_id);
      expect(mine.length, s.provider_session_id).toBe(s.status === "paid" ? 2 : 0);
      expect(Boolean(s.fulfilled_at), s.provider_session_id).toBe(s.status === "paid");
      const cart = carts.find((c) => c.session_id === s.cart_session_id);
      if (cart) expect(cart.is_converted, s.cart_session_id).toBe(s.status === "paid");
    }
    expect(purchases.every((p) => sessions.some((s) => s.provider_session_id === p.payment_id && s.status === "paid"))).toBe(true);
    expect(purchases).toHaveLength(2 * sessions.filter((s) => s.status === "paid").length);
    console.log(`crash: ${delivered} webhooks answered before the kill, ${known.length} checkouts answered, ${sessions.length} sessions stored, ${sessions.filter((s) => s.status === "paid").length} paid after the replay`);
  }, 90000);
});
