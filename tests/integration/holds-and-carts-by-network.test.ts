// Holds and carts are counted per buyer, not per address: a signed-in customer by account from
// wherever they ask, a visitor by network (an IPv4 address, an IPv6 /64). The server sits behind a
// proxy here, so each request can say which address it comes from.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser, startServer, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";

const PRINT = "Print - For Sale";
const ORIGINAL = "Original - For Sale";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ STUDIO_PAYMENTS: "demo", STUDIO_TRUSTED_PROXY_HEADERS: "X-Forwarded-For" });
});
afterAll(() => server?.stop());

async function post(path: string, body: unknown, from: string, token = "") {
  const headers: Record<string, string> = { "Content-Type": "application/json", "X-Forwarded-For": from };
  if (token) headers.Authorization = token;
  const res = await fetch(server.url + path, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function originals(prefix: string, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = await server.su.collection("paintings").create(form({ title: `${prefix} ${i}`, tags: [PRINT, ORIGINAL], tag_prices: { [PRINT]: 35, [ORIGINAL]: 480 } }, { image: pngFile() }));
    ids.push(p.id);
  }
  return ids;
}

const threeOriginals = (ids: string[], i: number) => ({ items: ids.slice(i * 3, i * 3 + 3).map((id) => ({ id, type: "painting", variant: "original", quantity: 1 })) });
const TOO_MANY = "Line 1: one checkout may reserve at most 3 originals at a time, counting your other open checkouts. Please finish or cancel one first. Signing in with a confirmed email address lets you reserve up to 10.";

describe("holds", () => {
  it("gives one account its allowance once, from however many addresses it checks out", async () => {
    const ids = await originals("Moth", 15);
    const bot = await signedInUser(server, "bot@example.com", { verified: false });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await post("/api/studio/checkout", threeOriginals(ids, i), `198.51.100.${10 + i}`, bot.authStore.token));
    expect(answers.map((a) => a.status)).toEqual([200, 400, 400, 400, 400]);
    expect(answers[1].body.message).toBe(TOO_MANY);
  });

  it("gives visitors on one IPv6 /64 one allowance, and another /64 its own", async () => {
    const ids = await originals("Hare", 18);
    const sameLine = ["2001:db8:7:1::1", "2001:db8:7:1::2", "2001:db8:7:1:ffff:ffff:ffff:fffe", "2001:0db8:0007:0001:abcd::9", "2001:db8:7:1:1:2:3:4"];
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await post("/api/studio/checkout", threeOriginals(ids, i), sameLine[i]));
    expect(answers.map((a) => a.status)).toEqual([200, 400, 400, 400, 400]);
    expect(answers[4].body.message).toBe(TOO_MANY);
    expect((await post("/api/studio/checkout", threeOriginals(ids, 5), "2001:db8:7:2::1")).status).toBe(200);
  });

  it("counts an IPv4 client the same however a dual-stack proxy writes its address", async () => {
    const ids = await originals("Wren", 6);
    expect((await post("/api/studio/checkout", threeOriginals(ids, 0), "100.70.0.1")).status).toBe(200);
    const mapped = await post("/api/studio/checkout", threeOriginals(ids, 1), "::ffff:100.70.0.1");
    expect(mapped.body.message).toBe(TOO_MANY);
  });
});

describe("carts", () => {
  const cart = (id: string) => ({ session_id: id, items: [{ id: "x", type: "painting", title: "A print", quantity: 1 }] });

  it("lets one unconfirmed account start 20 carts a day from all its addresses together", async () => {
    const bot = await signedInUser(server, "cartbot@example.com", { verified: false });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await post("/api/studio/cart", cart(`bot-cart-${i}`), `192.0.2.${i % 5}`, bot.authStore.token)).status);
    expect(statuses).toEqual([...Array(20).fill(200), ...Array(5).fill(429)]);
    const refused = await post("/api/studio/cart", cart("bot-cart-99"), "192.0.2.200", bot.authStore.token);
    expect(refused.body.message).toBe("Too many carts were saved from this account today. Your cart is still in this browser.");
  });

  it("lets visitors on one IPv6 /64 start 20 carts a day together, and not hold up a customer there", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await post("/api/studio/cart", cart(`line-cart-${i}`), `2001:db8:9:9::${(i + 1).toString(16)}`)).status);
    expect(statuses).toEqual([...Array(20).fill(200), ...Array(5).fill(429)]);
    const refused = await post("/api/studio/cart", cart("line-cart-99"), "2001:db8:9:9:aaaa::1");
    expect(refused.body.message).toBe("Too many carts were saved from this network today. Your cart is still in this browser.");
    const customer = await signedInUser(server, "ada@example.com");
    expect((await post("/api/studio/cart", cart("ada-cart-1"), "2001:db8:9:9::77", customer.authStore.token)).status).toBe(200);
    expect((await post("/api/studio/cart", cart("next-door-1"), "2001:db8:9:a::1")).status).toBe(200);
  });
});
