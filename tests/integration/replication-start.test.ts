// Starting with replication on: a machine whose environment names a CA bundle for the AWS tools
// still replicates; a start that cannot replicate stops with a non-zero status, so systemd and
// scripts see the failure; a replica address never puts keys into the journal.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { replicaEnv, replicaFixture, restoreFromReplica } from "../support/replica";
// @ts-expect-error plain ESM helpers shared with the scripts
import { freePort, root, serverBinary } from "../../scripts/lib/project.mjs";

const t = replicaFixture();
const SYSTEM_CAS = "/etc/ssl/certs/ca-certificates.crt";

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
  it("replicates and restores with AWS_CA_BUNDLE set to the machine's CA file", async () => {
    const env = { ...replicaEnv(t.s3.url, "bundled"), AWS_CA_BUNDLE: SYSTEM_CAS };
    const { server, su } = await t.launch(t.dir("studio-repl-ca-"), env);
    expect(server.log()).toContain("Replication: to s3://replica/bundled every 1 s");
    const order = await su.collection("purchases").create({ product_title: "Print behind a proxy", amount: 35, quantity: 1, status: "paid" });
    const written = Date.now();
    for (;;) {
      const last = (await (await fetch(`${server.url}/api/health`)).json()).data.replication.lastReplicatedAt;
      if (last && new Date(last).getTime() > written + 1000) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await server.stop();

    const into = t.dir("studio-repl-ca-restored-");
    const restored = restoreFromReplica(env, ["--dir", into]);
    expect(restored.err).toBe("");
    expect(restored.status).toBe(0);
    const again = await t.launch(into, {});
    expect((await again.su.collection("purchases").getOne(order.id)).product_title).toBe("Print behind a proxy");
    await again.server.stop();
  });

  it("stops with a non-zero status and names the file when AWS_CA_BUNDLE cannot be read", async () => {
    const missing = "/nonexistent/company-ca.pem";
    const env = { ...replicaEnv(t.s3.url, "unbundled"), AWS_CA_BUNDLE: missing };
    const { status, out } = await start(t.dir("studio-repl-ca-missing-"), env);
    expect(status).not.toBe(0);
    expect(status).not.toBeNull();
    expect(out).toContain(`AWS_CA_BUNDLE (${missing})`);
    expect(out).not.toContain("Server started at");
    expect(restoreFromReplica(env, ["--dir", t.dir("studio-repl-ca-missing-restore-")]).status).not.toBe(0);
  });

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
