// Starts the real server binary on a free port with a temporary data dir, the real
// migrations and hooks, and gives tests a superuser client for set-up.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PocketBase from "pocketbase";
// @ts-expect-error plain ESM helpers shared with the scripts
import { freePort } from "../../scripts/lib/project.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { launchServer } from "../../scripts/lib/server.mjs";

export interface TestServer {
  url: string;
  dataDir: string;
  /** A client signed in as a superuser, for arranging data. */
  su: PocketBase;
  superuser: { email: string; password: string };
  client(): PocketBase;
  stop(): Promise<void>;
  log(): string;
}

export const ADMIN_DOMAIN = "lanternwood.example";

/** Starts a server on a free port, or on `port` when something must know it beforehand (a cache in front). */
export async function startServer(env: Record<string, string> = {}, { port }: { port?: number } = {}): Promise<TestServer> {
  port ??= (await freePort()) as number;
  const dataDir = mkdtempSync(join(tmpdir(), "studio-pb-"));
  const server = await launchServer({
    http: `127.0.0.1:${port}`,
    dataDir,
    // DNS lookups (the sender domain's check) go to a closed local port: tests never reach the network.
    env: { STUDIO_ADMIN_DOMAIN: ADMIN_DOMAIN, STRIPE_SECRET_KEY: "", STUDIO_DNS_SERVER: "127.0.0.1:9", ...env },
  });
  const client = () => {
    const pb = new PocketBase(server.url);
    pb.autoCancellation(false);
    return pb;
  };
  const su = client();
  await su.collection("_superusers").authWithPassword(server.superuser.email, server.superuser.password);
  return {
    url: server.url,
    dataDir,
    su,
    superuser: server.superuser,
    client,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    log: server.log,
  };
}

/** Creates a verified user (so the admin rule can apply) and returns a client signed in as them. */
export async function signedInUser(
  server: TestServer,
  email: string,
  fields: Record<string, unknown> = {},
): Promise<PocketBase> {
  const password = "correct-horse-42";
  await server.su.collection("users").create({
    email,
    password,
    passwordConfirm: password,
    verified: true,
    first_name: email.split("@")[0],
    last_name: "Tester",
    ...fields,
  });
  const pb = server.client();
  await pb.collection("users").authWithPassword(email, password);
  return pb;
}
