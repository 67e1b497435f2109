// Starting with replication on: a start that cannot replicate stops with a non-zero status, so
// systemd and scripts see the failure; a replica address never puts keys into the journal.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { replicaEnv, replicaFixture, restoreFromReplica } from "../support/replica";
// @ts-expect-error plain ESM helpers shared with the scripts
import { freePort, root, serverBinary } from "../../scripts/lib/project.mjs";

const t = replicaFixture();

/** Starts the server and waits until it exits or says it has started (then it is killed): its status and output. */
async function start(dataDir: string, env: Record<string, string>): Promise<{ status: number | null; out: string }> {
  const proc = spawn(serverBinary, ["serve", "--http", `127.0.0.1:${await freePort()}`, "--dir", dataDir], {
    env: { ...process.env, STUDIO_ROOT: root, STRIPE_SECRET_KEY: "", ...env },
  });
  let out = "";
  const read = (d: Buffer) => {
    out += d;
    if (out.includes("Server started at")) proc.kill("SIGKILL");
  };
  proc.stdout.on("data", read);
  proc.stderr.on("data", read);
  const status = await new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  return { status, out };
}

describe("replication at start", () => {
  it.each([
    ["a malformed address with keys", "s3://AKIAKEYID:wJalrSECRETvalue@/shop"],
    ["a valid address with keys", "s3://AKIAKEYID:wJalrSECRETvalue@replica/shop"],
    ["an address with a key alone", "s3://AKIAKEYID@replica/shop"],
    ["an address whose secret holds a slash", "s3://AKIAKEYID:wJalr/SECRETvalue@replica/shop"],
  ])("refuses %s, with a non-zero status and without printing it", async (_, url) => {
    const env = { ...replicaEnv(t.s3.url, "keys"), STUDIO_REPLICA_URL: url };
    const { status, out } = await start(t.dir("studio-repl-keys-"), env);
    expect(status).not.toBe(0);
    expect(status).not.toBeNull();
    expect(out).toContain("STUDIO_REPLICA_URL must not carry keys: set them in STUDIO_S3_ACCESS_KEY and STUDIO_S3_SECRET, and the address as s3://bucket/path.");
    expect(out).not.toMatch(/AKIAKEYID|wJalr|SECRETvalue/);

    const restore = restoreFromReplica(env, ["--dir", t.dir("studio-repl-keys-restore-")]);
    expect(restore.status).toBe(2);
    expect(restore.out + restore.err).not.toMatch(/AKIAKEYID|wJalr|SECRETvalue/);
  });

  it("names only the bucket and path of a malformed address, with a non-zero status", async () => {
    const env = { ...replicaEnv(t.s3.url, "odd"), STUDIO_REPLICA_URL: "s3://replica?token=hunter2" };
    const { status, out } = await start(t.dir("studio-repl-odd-"), env);
    expect(status).not.toBe(0);
    expect(status).not.toBeNull();
    expect(out).toContain('STUDIO_REPLICA_URL must look like s3://bucket/path, got bucket "replica" and path ""');
    expect(out).not.toContain("hunter2");
  });
});
