// A shop replicating to the S3 fake, and `studio-server restore --from-replica` run against it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PocketBase from "pocketbase";
import { afterAll, beforeAll } from "vitest";
import { startFakeS3 } from "./fake-s3";

export { replicaEnv } from "./fake-s3";
// @ts-expect-error plain ESM helpers shared with the scripts
import { freePort, serverBinary } from "../../scripts/lib/project.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { launchServer } from "../../scripts/lib/server.mjs";

export type Launched = {
  url: string;
  superuser: { email: string; password: string };
  process: import("node:child_process").ChildProcess;
  log(): string;
  stop(): Promise<void>;
  kill(): Promise<void>;
};


export async function launchShop(dataDir: string, env: Record<string, string>): Promise<{ server: Launched; su: PocketBase }> {
  const server: Launched = await launchServer({
    http: `127.0.0.1:${await freePort()}`,
    dataDir,
    env: { STUDIO_ADMIN_DOMAIN: "lanternwood.example", STRIPE_SECRET_KEY: "", ...env },
  });
  const su = new PocketBase(server.url);
  su.autoCancellation(false);
  await su.collection("_superusers").authWithPassword(server.superuser.email, server.superuser.password);
  return { server, su };
}


/** Runs `restore --from-replica` with the given extra arguments; the output and exit status. */
export function restoreFromReplica(env: Record<string, string>, args: string[]): { status: number | null; out: string; err: string } {
  const r = spawnSync(serverBinary, ["restore", "--from-replica", ...args], { env: { ...process.env, ...env }, encoding: "utf8" });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;

/**
 * A test file's S3 fake (from beforeAll), its temporary folders and the servers it launched, all
 * gone after its last test: servers with SIGKILL, as a test may have left one running.
 */
export function replicaFixture(): { s3: FakeS3; dir(prefix: string): string; launch: typeof launchShop } {
  const running: Launched[] = [];
  const dirs: { remove(): void }[] = [];
  const fixture = {
    s3: undefined as unknown as FakeS3,
    dir(prefix: string) {
      const d = tempDir(prefix);
      dirs.push(d);
      return d.path;
    },
    async launch(dataDir: string, env: Record<string, string>) {
      const shop = await launchShop(dataDir, env);
      running.push(shop.server);
      return shop;
    },
  };
  beforeAll(async () => {
    fixture.s3 = await startFakeS3();
  });
  afterAll(async () => {
    for (const server of running) await server.kill();
    for (const d of dirs) d.remove();
    await fixture.s3?.stop();
  });
  return fixture;
}
