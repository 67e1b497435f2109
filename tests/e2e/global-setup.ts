// Browser tests run against the built PWA served by the real server with the demo studio
// seeded, exactly as `npm start` serves it, on a free port with a throwaway data dir.
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error plain ESM helpers shared with the scripts
import { freePort, root } from "../../scripts/lib/project.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { launchServer } from "../../scripts/lib/server.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { seedDemoData } from "../../scripts/lib/seed.mjs";
import { startMailServer } from "../support/maildev";
// @ts-expect-error plain ESM helpers shared with the scripts
import { shopConfig } from "../../scripts/lib/config.mjs";

export default async function globalSetup() {
  if (!existsSync(join(root, "dist", "index.html"))) {
    throw new Error("The PWA is not built: run `npm run build` (npm test does it for you).");
  }
  const port: number = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "studio-e2e-"));
  // The tests sign in as the admin: they choose its password instead of reading a generated one.
  const { admin } = shopConfig({ STUDIO_ADMIN_PASSWORD: randomBytes(12).toString("hex") });
  // Mail goes to a real SMTP server (maildev) whose REST API the tests read.
  const mail = await startMailServer();
  const server = await launchServer({ http: `127.0.0.1:${port}`, dataDir, env: { STRIPE_SECRET_KEY: "", STUDIO_PAYMENTS: "demo", STUDIO_DNS_SERVER: "127.0.0.1:9", ...mail.env } });
  await seedDemoData({ url: server.url, superuserEmail: server.superuser.email, superuserPassword: server.superuser.password, admin });
  process.env.STUDIO_E2E_URL = server.url;
  process.env.STUDIO_E2E_SU_EMAIL = server.superuser.email;
  process.env.STUDIO_E2E_SU_PASSWORD = server.superuser.password;
  process.env.STUDIO_E2E_ADMIN_EMAIL = admin.email;
  process.env.STUDIO_E2E_ADMIN_PASSWORD = admin.password;
  process.env.STUDIO_E2E_MAIL_API = mail.api;
  return async () => {
    await server.stop();
    await mail.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
