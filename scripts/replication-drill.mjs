// `node scripts/replication-drill.mjs [--large]`: the disaster-recovery drill, timed. A shop
// replicating to an S3 fake (pictures in the fake's files bucket too) is seeded with the demo
// studio, or with --large the 2,000-painting bench catalogue; once the replica has caught up the
// server is killed with SIGKILL, `studio-server restore --from-replica` rebuilds it in an empty
// folder and the restored shop is started. Prints how long each step took.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PocketBase from "pocketbase";
import { replicaEnv, startFakeS3 } from "./lib/fake-s3.mjs";
import { freePort, serverBinary } from "./lib/project.mjs";
import { launchServer } from "./lib/server.mjs";
import { seedDemoData } from "./lib/seed.mjs";
import { seedLargeCatalog } from "./lib/large-catalog.mjs";
import { shopConfig } from "./lib/config.mjs";

const large = process.argv.includes("--large");
const seconds = (ms) => Math.round(ms / 100) / 10;

const s3 = await startFakeS3();
const env = {
  ...replicaEnv(s3.url, "drill"),
  STUDIO_S3_BUCKET: "files",
  STRIPE_SECRET_KEY: "",
  STUDIO_PAYMENTS: "demo",
};
const lost = mkdtempSync(join(tmpdir(), "studio-drill-lost-"));
const fresh = join(mkdtempSync(join(tmpdir(), "studio-drill-new-")), "pb_data");
try {
  const server = await launchServer({ http: `127.0.0.1:${await freePort()}`, dataDir: lost, env });
  const su = new PocketBase(server.url);
  su.autoCancellation(false);
  await su.collection("_superusers").authWithPassword(server.superuser.email, server.superuser.password);
  let t = Date.now();
  if (large) await seedLargeCatalog(su);
  else await seedDemoData({ url: server.url, superuserEmail: server.superuser.email, superuserPassword: server.superuser.password, admin: shopConfig({}).admin });
  const seeded = new Date();
  console.log(`seeded ${large ? "the 2,000-painting bench shop" : "the demo shop"} in ${seconds(Date.now() - t)} s`);

  t = Date.now();
  for (;;) {
    const health = await (await fetch(`${server.url}/api/health`)).json();
    const last = health.data?.replication?.lastReplicatedAt;
    if (last && new Date(last).getTime() > seeded.getTime() + 1000) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(`replica caught up ${seconds(Date.now() - t)} s after the last write`);
  const paintings = (await su.collection("paintings").getList(1, 1)).totalItems;
  await server.kill();

  t = Date.now();
  const restore = spawnSync(serverBinary, ["restore", "--from-replica", "--dir", fresh], { env: { ...process.env, ...env }, encoding: "utf8" });
  const restoreSeconds = seconds(Date.now() - t);
  process.stdout.write(restore.stdout + restore.stderr);
  if (restore.status !== 0) throw new Error("the restore failed");
  console.log(`restore --from-replica took ${restoreSeconds} s for a ${Math.round(statSync(join(fresh, "data.db")).size / 1e5) / 10} MB data.db`);

  t = Date.now();
  const again = await launchServer({ http: `127.0.0.1:${await freePort()}`, dataDir: fresh, env });
  const startSeconds = seconds(Date.now() - t);
  const back = new PocketBase(again.url);
  await back.collection("_superusers").authWithPassword(again.superuser.email, again.superuser.password);
  const restored = (await back.collection("paintings").getList(1, 1)).totalItems;
  await again.stop();
  console.log(`the restored shop answered after ${startSeconds} s with ${restored} of ${paintings} paintings`);
  if (restored !== paintings) process.exitCode = 1;
} finally {
  await s3.stop();
  rmSync(lost, { recursive: true, force: true });
  rmSync(join(fresh, ".."), { recursive: true, force: true });
}
