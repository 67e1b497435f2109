// `npm start`: from a fresh clone to a running, seeded shop on one port.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { root, portIsFree } from "./lib/project.mjs";
import { shopConfig } from "./lib/config.mjs";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node ${process.versions.node} is too old: install Node 20.19 or newer, then run npm start again.`);
  process.exit(1);
}

const config = shopConfig();
const [host, port] = [config.http.slice(0, config.http.lastIndexOf(":")), Number(config.http.slice(config.http.lastIndexOf(":") + 1))];
if (!(await portIsFree(host, port))) {
  console.error(`Port ${port} on ${host} is taken: stop whatever uses it, or start on another one with STUDIO_HTTP=${host}:${port + 1} npm start.`);
  process.exit(1);
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
if (!existsSync(join(root, "node_modules"))) {
  console.log("installing npm packages…");
  if (spawnSync(npm, ["install", "--no-fund", "--no-audit"], { cwd: root, stdio: "inherit" }).status !== 0) process.exit(1);
}
if (spawnSync(process.execPath, [join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" }).status !== 0) process.exit(1);

// Imported after the install step: the seed needs the pocketbase package.
const { launchServer } = await import("./lib/server.mjs");
const { seedDemoData } = await import("./lib/seed.mjs");

mkdirSync(config.dataDir, { recursive: true });
// The local demo pays through the built-in demo provider; a real shop sets STRIPE_SECRET_KEY.
const payments = process.env.STRIPE_SECRET_KEY ? "" : process.env.STUDIO_PAYMENTS || "demo";
const server = await launchServer({ http: config.http, dataDir: config.dataDir, env: { STUDIO_SITE_URL: config.siteUrl, STUDIO_PAYMENTS: payments }, stdio: "inherit" });
const loopback = /^(127\.|localhost$|\[?::1\]?$)/.test(host);
let seeded;
try {
  seeded = await seedDemoData({
    url: server.url,
    superuserEmail: server.superuser.email,
    superuserPassword: server.superuser.password,
    admin: config.admin,
    requirePassword: !loopback,
    removeSuperuser: true,
  });
} catch (err) {
  console.error(err instanceof Error && err.message.startsWith("This shop") ? err.message : `Seeding the demo studio failed: ${err}`);
  await server.stop();
  process.exit(1);
}

console.log(`
  Lanternwood Studio is open at ${config.siteUrl}
  ${seeded.catalogSeeded ? "Demo studio seeded." : "Existing shop kept as it was (nothing seeded)."}
  Admin Portal: ${config.siteUrl}/admin/login${seeded.adminCreated ? `  as ${config.admin.email} / ${seeded.adminPassword}` : " (sign in with the existing admin account)"}${seeded.adminCreated && !config.admin.password ? "\n  This password was generated and is shown only now: write it down." : ""}
  Payments: ${process.env.STRIPE_SECRET_KEY ? "Stripe" : payments === "demo" ? "built-in demo provider, nothing is charged (STUDIO_PAYMENTS=demo; set STRIPE_SECRET_KEY for Stripe)" : "not set up: checkout answers \"Payments are not set up yet\" (set STRIPE_SECRET_KEY)"}
  Mail: ${process.env.STUDIO_SMTP_HOST ? `through ${process.env.STUDIO_SMTP_HOST}` : "none sent: no SMTP server configured (set STUDIO_SMTP_HOST, see the README)"}
  Press Ctrl+C to stop.
`);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await server.stop();
    process.exit(0);
  });
}
server.process.on("exit", (code) => process.exit(code ?? 0));
