// Replication keeps going through the nightly backup (which checkpoints the write-ahead log) and
// a restart, and the backup does not carry Litestream's position folder into another shop.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helpers shared with the scripts
import { serverBinary } from "../../scripts/lib/project.mjs";
import { form, pngFile } from "../support/files";
import { replicaEnv, replicaFixture, restoreFromReplica } from "../support/replica";

const t = replicaFixture();

const order = (title: string) => ({ product_title: title, amount: 40, quantity: 1, status: "paid" });

describe("replication", () => {
  it("survives the nightly backup and a restart", async () => {
    const env = replicaEnv(t.s3.url, "survivor");
    const data = t.dir("studio-repl-survive-");
    const first = await t.launch(data, env);
    const before = await first.su.collection("purchases").create(order("Before the backup"));

    await first.su.backups.create("nightly.zip");
    const during = await first.su.collection("purchases").create(order("After the backup"));
    const zip = join(t.dir("studio-repl-zip-"), "nightly.zip");
    writeFileSync(zip, Buffer.from(await (await fetch(first.su.backups.getDownloadURL(await first.su.files.getToken(), "nightly.zip"))).arrayBuffer()));
    expect(execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" })).not.toContain(".data.db-litestream");
    await first.server.stop();
    // The backup's write-ahead log went into the zip beside data.db: the zip restores whole.
    const fromZip = execFileSync(serverBinary, ["restore", zip, "--dir", t.dir("studio-repl-fromzip-")], { encoding: "utf8" });
    expect(fromZip).toContain(": 0 paintings, 1 purchases,");

    const second = await t.launch(data, env);
    const after = await second.su.collection("purchases").create(order("After the restart"));
    await new Promise((r) => setTimeout(r, 2000));
    await second.server.kill();

    const into = t.dir("studio-repl-survived-");
    const restored = restoreFromReplica(env, ["--dir", into]);
    expect(restored.err).toBe("");
    expect(restored.out).toContain(": 0 paintings, 3 purchases,");
    const shop = await t.launch(into, {});
    const ids = (await shop.su.collection("purchases").getFullList({ sort: "created" })).map((p) => p.id);
    expect(ids).toEqual([before.id, during.id, after.id]);
    await shop.server.stop();
  });

  it("keeps taking writes while Litestream checkpoints the write-ahead log under them", async () => {
    const { server, su } = await t.launch(t.dir("studio-repl-busy-"), replicaEnv(t.s3.url, "busy"));
    await su.settings.update({ rateLimits: { enabled: false } });
    const painting = await su.collection("paintings").create(form({ title: "Harbor", tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 35 } }, { image: pngFile("harbor.png") }));
    const commission = await su.collection("commissions").create({ type: "indoor-mural", description: "A long conversation", contact_email: "talk@example.com" });
    const failures: string[] = [];
    const note = (err: { status?: number; response?: { message?: string } }) => failures.push(`${err.status} ${err.response?.message}`);
    // Carts are saved in transactions that read before they write, the kind a second writer can
    // invalidate; the messages, about 6 MB of them, take the log past Litestream's 4 MB checkpoint.
    const carts = async (w: number) => {
      for (let i = 0; i < 60; i++) {
        const items = [{ id: painting.id, type: "painting", variant: "print", quantity: 1 + (i % 3) }];
        await su.send("/api/studio/cart", { method: "POST", body: { session_id: `busy-cart-${w}`, items } }).catch(note);
      }
    };
    const content = "A thought about the whales. ".repeat(280);
    const messages = async () => {
      for (let i = 0; i < 200; i++) await su.collection("commission_messages").create({ commission: commission.id, content }).catch(note);
    };
    await Promise.all([...Array.from({ length: 6 }, (_, w) => carts(w)), messages(), messages(), messages(), messages()]);
    expect(server.log().split("\n").filter((l) => / [45]\d\d [\d.]+ms /.test(l))).toEqual([]);
    expect(failures).toEqual([]);
    await server.stop();
  }, 90_000);
});
