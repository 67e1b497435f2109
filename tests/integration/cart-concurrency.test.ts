// Found by the soak run: saves of a new cart arriving at once (two tabs, a double tap, a retry)
// made all but one fail on the unique cart session id ("session_id: Value must be unique.").
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  // Hundreds of saves at once from one address: the rate limiter would answer most of them 429.
  await server.su.settings.update({ rateLimits: { enabled: false } });
});
afterAll(() => server?.stop());

it("saves a new cart sent many times at once as one cart, answering every save", async () => {
  const painting = await server.su.collection("paintings").create(form({ title: "Cove", tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 35 } }, { image: pngFile() }));
  const statuses: number[] = [];
  for (let round = 0; round < 20; round++) {
    const body = JSON.stringify({ session_id: `twin-cart-${round}`, items: [{ id: painting.id, type: "painting", variant: "print", quantity: 1 }] });
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => fetch(`${server.url}/api/studio/cart`, { method: "POST", headers: { "Content-Type": "application/json" }, body }).then((r) => r.status)),
    );
    statuses.push(...answers);
  }
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  const carts = await server.su.collection("abandoned_carts").getFullList({ filter: 'session_id ~ "twin-cart-"' });
  expect(carts).toHaveLength(20);
});
