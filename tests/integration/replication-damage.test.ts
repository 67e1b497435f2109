// A replica with a file missing or damaged still gives the shop back: up to the last good point
// before the damage, with a message that names the file, never a half-applied database.
import { describe, expect, it } from "vitest";
import { replicaEnv, replicaFixture, restoreFromReplica } from "../support/replica";

const t = replicaFixture();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Ltx = { key: string; level: number; min: number; max: number; createdAt: Date };

async function files(path: string): Promise<Ltx[]> {
  const out: Ltx[] = [];
  for (const key of await t.s3.keys("replica")) {
    const m = key.match(new RegExp(`^${path}/([0-9a-f]{4})/([0-9a-f]{16})-([0-9a-f]{16})\\.ltx$`));
    if (!m) continue;
    const head = await fetch(`${t.s3.url}/replica/${key}`, { method: "HEAD" });
    out.push({ key, level: parseInt(m[1], 16), min: parseInt(m[2], 16), max: parseInt(m[3], 16), createdAt: new Date(head.headers.get("x-amz-meta-litestream-timestamp")!) });
  }
  return out;
}

/** The level-0 files, in order, once a sync that began after `time` has reached the bucket. */
async function syncedAfter(path: string, time: number): Promise<Ltx[]> {
  for (let i = 0; i < 300; i++) {
    const level0 = (await files(path)).filter((f) => f.level === 0).sort((a, b) => a.min - b.min);
    if (level0.some((f) => f.createdAt.getTime() > time)) return level0;
    await sleep(100);
  }
  throw new Error(`no sync after ${new Date(time).toISOString()} reached the replica in 30 s`);
}

/**
 * Three orders, each in a sync of its own, the server stopped; then the files holding the second
 * order's sync (its level-0 file, any compaction that took it in, and the snapshot when it did)
 * are passed to `harm`. Each order waits for a sync after the one before: two orders in one sync
 * (a late sync on a busy machine) put the second and the third in the last file, and a last file
 * missing leaves no gap to find, so the restore would report no damage. The snapshot counts too:
 * the server takes its first once Litestream has read the database, retrying each second, and on
 * a slow start that is after the second order's sync; a whole snapshot then holds the second
 * order, and the restore rightly brings back all three orders with nothing to report.
 */
async function shopWithHarmedMiddle(path: string, harm: (key: string) => Promise<unknown>) {
  const env = replicaEnv(t.s3.url, path);
  const { server, su } = await t.launch(t.dir("studio-repl-harm-"), env);
  const order = async (title: string) => {
    const made = await su.collection("purchases").create({ product_title: title, amount: 40, quantity: 1, status: "paid" });
    return { made, committed: Date.now() };
  };
  const kept = await order("Kept");
  // Every file there now was made before the second order was written.
  const beforeSecond = Math.max(...(await syncedAfter(path, kept.committed)).map((f) => f.max));
  const second = await order("Second");
  const middle = (await syncedAfter(path, second.committed)).find((f) => f.min > beforeSecond)!;
  const third = await order("Third");
  await syncedAfter(path, third.committed);
  await server.stop();

  const all = await files(path);
  expect(all.some((f) => f.level === 0 && f.min > middle.max), "a file after the harmed one").toBe(true);
  const harmed = all.filter((f) => f.min <= middle.min && f.max >= middle.min);
  for (const f of harmed) await harm(f.key);
  return { env, kept: kept.made, middle };
}

describe("a damaged replica", () => {
  it("with a file missing restores up to the last good point and says what is missing", async () => {
    const { env, kept } = await shopWithHarmedMiddle("missing", (key) => fetch(`${t.s3.url}/replica/${key}`, { method: "DELETE" }));
    const into = t.dir("studio-repl-missing-");
    const r = restoreFromReplica(env, ["--dir", into]);
    expect(r.status).toBe(0);
    expect(r.err).toMatch(/^The replica at s3:\/\/replica\/missing is damaged: the files for transactions [0-9a-f]{16} to [0-9a-f]{16} are missing from the bucket\. Restoring up to the last good point before that, \S+Z \(transaction [0-9a-f]{16}\); writes after it are not in the replica\.$/m);
    expect(r.out).toContain(": 0 paintings, 1 purchases,");
    // Towards a moment after the gap, the same: the last good point, and a word about the gap.
    const towards = restoreFromReplica(env, ["--at", new Date().toISOString(), "--dir", t.dir("studio-repl-missing-at-")]);
    expect(towards.err).toMatch(/is damaged: the files for transactions [0-9a-f]{16} to [0-9a-f]{16} are missing from the bucket\./);
    expect(towards.out).toContain(": 0 paintings, 1 purchases,");
    const shop = await t.launch(into, {});
    expect((await shop.su.collection("purchases").getFullList()).map((p) => p.id)).toEqual([kept.id]);
    await shop.server.stop();
  });

  it("with a file corrupted restores up to the last good point and names the file", async () => {
    const { env, middle } = await shopWithHarmedMiddle("corrupt", async (key) => {
      const body = new Uint8Array(await (await fetch(`${t.s3.url}/replica/${key}`)).arrayBuffer());
      body[body.length >> 1] ^= 0xff;
      body[body.length - 20] ^= 0xff;
      return fetch(`${t.s3.url}/replica/${key}`, { method: "PUT", body });
    });
    const r = restoreFromReplica(env, ["--dir", t.dir("studio-repl-corrupt-")]);
    expect(r.status).toBe(0);
    expect(r.err).toMatch(/^The replica at s3:\/\/replica\/corrupt is damaged: file [0-9a-f]{16}-[0-9a-f]{16}\.ltx \(level \d\) is damaged \(/m);
    expect(r.err).toContain(middle.min.toString(16).padStart(16, "0"));
    expect(r.out).toContain(": 0 paintings, 1 purchases,");
  });
});
