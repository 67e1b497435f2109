// The studio sees the copy of its data: a shop replicating to the S3 fake shows on its dashboard when
// data was last copied, and an alert once the bucket has stopped answering. Each run has its own
// bucket and shop, since the test stops the bucket.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import PocketBase from "pocketbase";
// @ts-expect-error plain ESM helpers shared with the scripts
import { freePort } from "../../scripts/lib/project.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { launchServer } from "../../scripts/lib/server.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { ensureAdmin } from "../../scripts/lib/seed.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { shopConfig } from "../../scripts/lib/config.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { replicaEnv, startFakeS3 } from "../../scripts/lib/fake-s3.mjs";

type Replication = { state: string; lastReplicatedAt?: string; message: string };

let s3: { url: string; stop(): Promise<void> };
let server: { url: string; superuser: { email: string; password: string }; kill(): Promise<void> };
let dataDir: string;
const { admin } = shopConfig({ STUDIO_ADMIN_PASSWORD: randomBytes(12).toString("hex") });

test.beforeEach(async () => {
  s3 = await startFakeS3();
  dataDir = mkdtempSync(join(tmpdir(), "studio-e2e-replica-"));
  server = await launchServer({
    http: `127.0.0.1:${await freePort()}`,
    dataDir,
    env: {
      STRIPE_SECRET_KEY: "",
      ...replicaEnv(s3.url, "dashboard"),
      STUDIO_REPLICA_ALERT_AFTER: "2s",
    },
  });
  await ensureAdmin(await superuser(), admin);
});

async function superuser() {
  const su = new PocketBase(server.url);
  await su.collection("_superusers").authWithPassword(server.superuser.email, server.superuser.password);
  return su;
}

test.afterEach(async () => {
  // Killed rather than stopped: a clean stop spends up to 15 s on a last copy to the bucket the test took away.
  await server?.kill();
  await s3?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function replication(page: Page): Promise<Replication> {
  const res = await page.request.get(`${server.url}/api/health`);
  expect(res.status()).toBe(200);
  return (await res.json()).data.replication;
}

test("the dashboard says when data was last copied, and alerts the studio once copying fails", async ({ page }) => {
  await expect.poll(async () => (await replication(page)).lastReplicatedAt, { timeout: 15000 }).toBeTruthy();

  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.locator("form").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText(/^Data last copied to the backup bucket (just now|\d+ s ago)$/)).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Replication" })).toHaveCount(0);

  await s3.stop();
  // A sale the replica cannot take.
  await (await superuser()).collection("purchases").create({ product_title: "Print after the bucket went", amount: 35, quantity: 1, status: "paid" });
  await expect.poll(async () => (await replication(page)).state, { timeout: 20000 }).toBe("failing");

  await page.reload();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: /^Replication has failed since \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ: writes since then are only on this disk\.$/ })).toBeVisible();
  await expect(page.getByText(/^Data last copied to the backup bucket/)).toHaveCount(0);
});
