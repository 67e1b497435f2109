// The studio hears about a replica that stopped: /api/health carries the state (still 200), and
// a failure that lasts past STUDIO_REPLICA_ALERT_AFTER sends the studio one letter.
import { afterAll, describe, expect, it } from "vitest";
import { startFakeS3 } from "../support/fake-s3";
import { startMailServer } from "../support/maildev";
import { launchShop, replicaEnv, tempDir, type Launched } from "../support/replica";

const running: Launched[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const server of running) await server.kill();
  for (const c of cleanups) await c();
});

async function health(url: string) {
  const res = await fetch(`${url}/api/health`);
  expect(res.status).toBe(200);
  return (await res.json()) as { message: string; data: { replication: { state: string; lastReplicatedAt?: string; message: string } } };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + 20000;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("replication health", () => {
  it("says off when STUDIO_REPLICA_URL is not set", async () => {
    const dir = tempDir("studio-health-off-");
    cleanups.push(dir.remove);
    const { server } = await launchShop(dir.path, {});
    running.push(server);
    const body = await health(server.url);
    expect(body.message).toBe("API is healthy.");
    expect(body.data.replication.state).toBe("off");
    await server.stop();
  });

  it("says when data was last replicated, and tells the studio once when the bucket is gone", async () => {
    const s3 = await startFakeS3();
    cleanups.push(() => s3.stop());
    const mail = await startMailServer();
    cleanups.push(() => mail.stop());
    const dir = tempDir("studio-health-on-");
    cleanups.push(dir.remove);
    const studio = "studio@lanternwood.example";
    const { server, su } = await launchShop(dir.path, {
      ...replicaEnv(s3.url, "watched"),
      ...mail.env,
      STUDIO_NOTIFY_EMAIL: studio,
      STUDIO_REPLICA_ALERT_AFTER: "2s",
    });
    running.push(server);

    const ok = await until("a first copy", async () => {
      const r = (await health(server.url)).data.replication;
      return r.lastReplicatedAt ? r : undefined;
    });
    expect(ok.state).toBe("ok");

    await s3.stop();
    await su.collection("purchases").create({ product_title: "Print after the bucket went", amount: 35, quantity: 1, status: "paid" });
    const failing = await until("replication to fail", async () => {
      const r = (await health(server.url)).data.replication;
      return r.state === "failing" ? r : undefined;
    });
    expect(failing.message).toMatch(/^Replication has failed since \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ: writes since then are only on this disk\.$/);

    const letter = await mail.waitFor(studio, /not reaching its replica/);
    expect(letter.text).toContain("s3://replica/watched");
    // Still failing several checks later: still the one letter.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await health(server.url)).data.replication.state).toBe("failing");
    expect((await mail.all()).filter((m) => /not reaching its replica/.test(m.subject))).toHaveLength(1);
  });
});
