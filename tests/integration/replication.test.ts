// Continuous replication: with STUDIO_REPLICA_URL every write of data.db reaches the bucket (the
// S3 fake here) within seconds, so a machine killed mid-day comes back from the replica with its
// orders, messages and quotes, and a bad edit can be undone by restoring to the moment before it.
import { describe, expect, it } from "vitest";
import type PocketBase from "pocketbase";
import { replicaEnv, replicaFixture, restoreFromReplica } from "../support/replica";

const t = replicaFixture();

/** One order, one commission with its quote (which posts its card in the thread), and one message on it; their ids. */
async function business(su: PocketBase, n: number): Promise<string[]> {
  const order = await su.collection("purchases").create({ product_title: `Print ${n}`, amount: 35 + n, quantity: 1, status: "paid" });
  const commission = await su.collection("commissions").create({ type: "indoor-mural", description: `Mural ${n}`, contact_email: `c${n}@example.com` });
  // A quote is the studio's, through its route: it sets the commission's price (docs/decisions/018-commission-money.md).
  await su.send(`/api/studio/commissions/${commission.id}/quotes`, { method: "POST", body: { total_cents: (1200 + n) * 100 } });
  const message = await su.collection("commission_messages").create({ commission: commission.id, content: `About mural ${n}` });
  return [order.id, commission.id, message.id];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("replication", () => {
  it("is off unless STUDIO_REPLICA_URL is set, and says so at start", async () => {
    const { server } = await t.launch(t.dir("studio-repl-off-"), {});
    expect(server.log()).toContain("Replication: off");
    await server.stop();
  });

  it("brings back every order, message and quote written up to 2 s before a kill -9", async () => {
    const env = replicaEnv(t.s3.url, "killed");
    const { server, su } = await t.launch(t.dir("studio-repl-live-"), env);
    expect(server.log()).toContain("Replication: to s3://replica/killed every 1 s (the database only: uploaded pictures and files stay on this disk");

    const kept: string[] = [];
    for (let n = 0; n < 5; n++) kept.push(...(await business(su, n)));
    const quoted = await su.collection("commissions").getOne(kept[1]);
    await sleep(2000);
    await business(su, 99); // in flight when the machine dies: may or may not make it
    await server.kill();

    const into = t.dir("studio-repl-restored-");
    const restored = restoreFromReplica(env, ["--dir", into]);
    expect(restored.err).toBe("");
    expect(restored.status).toBe(0);
    expect(restored.out).toMatch(new RegExp(`^Restored s3://replica/killed into ${into} as it was at \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ: \\d+ paintings, [56] purchases, [56] commissions, \\d+ commission messages`, "m"));

    const again = await t.launch(into, {});
    for (const [i, id] of kept.entries()) {
      const collection = ["purchases", "commissions", "commission_messages"][i % 3];
      expect((await again.su.collection(collection).getOne(id)).id).toBe(id);
    }
    expect((await again.su.collection("commissions").getOne(kept[1])).total_price).toBe(quoted.total_price);
    await again.server.stop();
  });

  it("restores the shop as it was before a deletion, and the latest state without it", async () => {
    const env = replicaEnv(t.s3.url, "edited");
    const { server, su } = await t.launch(t.dir("studio-repl-edit-"), env);
    const [orderId] = await business(su, 1);
    // Litestream ships what was committed once a second; a moment 2 s on holds the order for sure.
    await sleep(2000);
    const beforeDeletion = new Date();
    await sleep(2000);
    await su.collection("purchases").delete(orderId);
    await server.stop();

    const earlier = t.dir("studio-repl-earlier-");
    const back = restoreFromReplica(env, ["--at", beforeDeletion.toISOString(), "--dir", earlier]);
    expect(back.err).toBe("");
    expect(back.out).toContain(": 0 paintings, 1 purchases, 1 commissions, 2 commission messages, 0 users.");
    const latest = t.dir("studio-repl-latest-");
    expect(restoreFromReplica(env, ["--dir", latest]).out).toContain(": 0 paintings, 0 purchases, 1 commissions, 2 commission messages, 0 users.");

    const shop = await t.launch(earlier, {});
    expect((await shop.su.collection("purchases").getOne(orderId)).product_title).toBe("Print 1");
    await shop.server.stop();
  });

  it("carries on from a restored shop started with the same replica", async () => {
    const env = replicaEnv(t.s3.url, "carried");
    const lost = await t.launch(t.dir("studio-repl-carried-"), env);
    const [first] = await business(lost.su, 1);
    await sleep(2000);
    await lost.server.kill();

    const again = t.dir("studio-repl-carried-again-");
    expect(restoreFromReplica(env, ["--dir", again]).status).toBe(0);
    const revived = await t.launch(again, env);
    const [second] = await business(revived.su, 2);
    await sleep(2000);
    await revived.server.kill();

    const third = t.dir("studio-repl-carried-third-");
    expect(restoreFromReplica(env, ["--dir", third]).out).toContain(": 0 paintings, 2 purchases,");
    const shop = await t.launch(third, {});
    expect((await shop.su.collection("purchases").getFullList({ sort: "created" })).map((p) => p.id)).toEqual([first, second]);
    await shop.server.stop();
  });

  it("refuses a folder that holds a shop, and says when the replica has nothing", async () => {
    const env = replicaEnv(t.s3.url, "edited");
    const shop = t.dir("studio-repl-busy-");
    const { server } = await t.launch(shop, {});
    await server.stop();
    const over = restoreFromReplica(env, ["--dir", shop]);
    expect(over.status).toBe(1);
    expect(over.err).toContain(`${shop} already holds a shop (data.db). Stop the server, move that folder away, then run this again.`);

    const empty = restoreFromReplica(replicaEnv(t.s3.url, "never-written"), ["--dir", t.dir("studio-repl-none-")]);
    expect(empty.status).toBe(1);
    expect(empty.err).toContain("s3://replica/never-written holds no copy of the shop");
  });
});
