// Replication keeps going through the nightly backup (which checkpoints the write-ahead log) and
// a restart, and the backup does not carry Litestream's position folder into another shop.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeS3 } from "../support/fake-s3";
// @ts-expect-error plain ESM helpers shared with the scripts
import { serverBinary } from "../../scripts/lib/project.mjs";
import { kill9, launchShop, replicaEnv, restoreFromReplica, tempDir, type Launched } from "../support/replica";

let s3: Awaited<ReturnType<typeof startFakeS3>>;
const running: Launched[] = [];
const dirs: { remove(): void }[] = [];
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  for (const server of running) await kill9(server);
  for (const d of dirs) d.remove();
  await s3?.stop();
});

function dir(prefix: string): string {
  const d = tempDir(prefix);
  dirs.push(d);
  return d.path;
}

const order = (title: string) => ({ product_title: title, amount: 40, quantity: 1, status: "paid" });

describe("replication", () => {
  it("survives the nightly backup and a restart", async () => {
    const env = replicaEnv(s3.url, "survivor");
    const data = dir("studio-repl-survive-");
    const first = await launchShop(data, env);
    running.push(first.server);
    const before = await first.su.collection("purchases").create(order("Before the backup"));

    await first.su.backups.create("nightly.zip");
    const during = await first.su.collection("purchases").create(order("After the backup"));
    const zip = join(dir("studio-repl-zip-"), "nightly.zip");
    writeFileSync(zip, Buffer.from(await (await fetch(first.su.backups.getDownloadURL(await first.su.files.getToken(), "nightly.zip"))).arrayBuffer()));
    expect(execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" })).not.toContain(".data.db-litestream");
    await first.server.stop();
    // The backup's write-ahead log went into the zip beside data.db: the zip restores whole.
    const fromZip = execFileSync(serverBinary, ["restore", zip, "--dir", dir("studio-repl-fromzip-")], { encoding: "utf8" });
    expect(fromZip).toContain(": 0 paintings, 1 purchases,");

    const second = await launchShop(data, env);
    running.push(second.server);
    const after = await second.su.collection("purchases").create(order("After the restart"));
    await new Promise((r) => setTimeout(r, 2000));
    await kill9(second.server);

    const into = dir("studio-repl-survived-");
    const restored = restoreFromReplica(env, ["--dir", into]);
    expect(restored.err).toBe("");
    expect(restored.out).toContain(": 0 paintings, 3 purchases,");
    const shop = await launchShop(into, {});
    running.push(shop.server);
    const ids = (await shop.su.collection("purchases").getFullList({ sort: "created" })).map((p) => p.id);
    expect(ids).toEqual([before.id, during.id, after.id]);
    await shop.server.stop();
  });
});
