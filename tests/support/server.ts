// Starts the real server binary on a free port with a temporary data dir, the real
// migrations and hooks, and gives tests a superuser client for set-up.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PocketBase from "pocketbase";
// @ts-expect-error plain ESM helper shared with the scripts
import { root, serverBinary, freePort, waitForHealth } from "../../scripts/lib/project.mjs";

export interface TestServer {
  url: string;
  dataDir: string;
  /** A client signed in as a superuser, for arranging data. */
  su: PocketBase;
  client(): PocketBase;
  stop(): Promise<void>;
  log(): string;
}

export const ADMIN_DOMAIN = "lanternwood.example";

export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const port: number = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "studio-pb-"));
  const url = `http://127.0.0.1:${port}`;
  const fullEnv = {
    ...process.env,
    STUDIO_ROOT: root,
    STUDIO_ADMIN_DOMAIN: ADMIN_DOMAIN,
    STUDIO_SITE_URL: url,
    STRIPE_SECRET_KEY: "",
    ...env,
  };
  execFileSync(serverBinary, ["superuser", "upsert", "su@test.local", "su-password-123", "--dir", dataDir], {
    env: fullEnv,
    stdio: "ignore",
  });
  let output = "";
  const proc: ChildProcess = spawn(serverBinary, ["serve", "--http", `127.0.0.1:${port}`, "--dir", dataDir], {
    env: fullEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout?.on("data", (d) => (output += d));
  proc.stderr?.on("data", (d) => (output += d));
  try {
    await waitForHealth(url);
  } catch (err) {
    proc.kill("SIGKILL");
    throw new Error(`${(err as Error).message}\n${output}`, { cause: err });
  }
  const su = new PocketBase(url);
  su.autoCancellation(false);
  await su.collection("_superusers").authWithPassword("su@test.local", "su-password-123");
  return {
    url,
    dataDir,
    su,
    client() {
      const pb = new PocketBase(url);
      pb.autoCancellation(false);
      return pb;
    },
    async stop() {
      await new Promise<void>((resolve) => {
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
    log: () => output,
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
