// Seeds the demo studio into the data dir (the server must not be running on it).
// `npm start` does this by itself; this command is for a data dir prepared by hand.
import { shopConfig } from "./lib/config.mjs";
import { launchServer } from "./lib/server.mjs";
import { seedDemoData } from "./lib/seed.mjs";
import { freePort } from "./lib/project.mjs";

const config = shopConfig();
const server = await launchServer({ http: `127.0.0.1:${await freePort()}`, dataDir: config.dataDir });
try {
  const r = await seedDemoData({ url: server.url, superuserEmail: server.superuser.email, superuserPassword: server.superuser.password, admin: config.admin, removeSuperuser: true });
  console.log(r.catalogSeeded ? "demo catalogue seeded" : "catalogue not empty: left as it was");
  console.log(r.adminCreated ? `admin ${config.admin.email} created with password ${r.adminPassword} (shown only now)` : "the shop already has an admin: none created");
} finally {
  await server.stop();
}
