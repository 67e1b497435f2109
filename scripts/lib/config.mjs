// The environment the shop runs with, and its documented local defaults (see README).
import { join } from "node:path";
import { root } from "./project.mjs";

export function shopConfig(env = process.env) {
  const http = env.STUDIO_HTTP || "127.0.0.1:8090";
  const adminDomain = env.STUDIO_ADMIN_DOMAIN || "lanternwood.example";
  return {
    http,
    dataDir: env.STUDIO_DATA_DIR || join(root, "pb_data"),
    siteUrl: env.STUDIO_SITE_URL || `http://${http}`,
    adminDomain,
    admin: {
      email: env.STUDIO_ADMIN_EMAIL || `admin@${adminDomain}`,
      // Empty: the seed generates a strong one and `npm start` prints it once.
      password: env.STUDIO_ADMIN_PASSWORD || "",
    },
  };
}
