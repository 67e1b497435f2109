// Backups: configured nightly by migration, and a backup restored into an emptied data dir brings
// back every record and every file.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import PocketBase from "pocketbase";
import { form, pdfFile, pngFile } from "../support/files";
// @ts-expect-error plain ESM helpers shared with the scripts
import { freePort, serverBinary } from "../../scripts/lib/project.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { launchServer } from "../../scripts/lib/server.mjs";

type Launched = { url: string; superuser: { email: string; password: string }; process: import("node:child_process").ChildProcess; stop(): Promise<void> };

const dataDir = mkdtempSync(join(tmpdir(), "studio-backup-"));
const outside = mkdtempSync(join(tmpdir(), "studio-backup-copy-"));
let running: Launched | undefined;
afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

async function launch(http: string): Promise<{ server: Launched; su: PocketBase }> {
  const server: Launched = await launchServer({ http, dataDir, env: { STUDIO_ADMIN_DOMAIN: "lanternwood.example", STRIPE_SECRET_KEY: "" } });
  running = server;
  const su = new PocketBase(server.url);
  su.autoCancellation(false);
  await su.collection("_superusers").authWithPassword(server.superuser.email, server.superuser.password);
  return { server, su };
}

/** Every record of every collection of the shop, and a hash of every file they hold. */
async function snapshot(su: PocketBase) {
  const token = await su.files.getToken();
  const records: Record<string, unknown[]> = {};
  const files: Record<string, string> = {};
  for (const c of await su.collections.getFullList()) {
    if (c.system || c.type === "view") continue;
    const list = await su.collection(c.name).getFullList({ sort: "id" });
    records[c.name] = list;
    for (const field of c.fields.filter((f) => f.type === "file")) {
      for (const r of list) {
        for (const name of ([] as string[]).concat(r[field.name] ?? []).filter(Boolean)) {
          const res = await fetch(su.files.getURL(r, name, { token }));
          expect(res.status, `${c.name}/${r.id}/${name}`).toBe(200);
          files[`${c.name}/${r.id}/${name}`] = createHash("sha256").update(Buffer.from(await res.arrayBuffer())).digest("hex");
        }
      }
    }
  }
  return { records, files };
}

describe("backups", () => {
  it("are taken nightly, the last fourteen kept", async () => {
    const { server, su } = await launch(`127.0.0.1:${await freePort()}`);
    const settings = await su.settings.getAll();
    expect(settings.backups.cron).toBe("30 3 * * *");
    expect(settings.backups.cronMaxKeep).toBe(14);
    await server.stop();
    running = undefined;
  });

  it("restore into a wiped data dir with every record and file", async () => {
    const http = `127.0.0.1:${await freePort()}`;
    const { server, su } = await launch(http);
    const painting = await su.collection("paintings").create(form({ title: "Harbor at Dusk", tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 35 } }, { image: pngFile("harbor.png") }));
    await su.collection("books").create(form({ title: "The Lantern Keeper", price: 24.99 }, { image: pngFile("cover.png") }));
    const customer = await su.collection("users").create({ email: "ada@example.com", password: "correct-horse-42", passwordConfirm: "correct-horse-42", verified: true, first_name: "Ada" });
    const commission = await su.collection("commissions").create({ user: customer.id, type: "indoor-mural", description: "Whales", contact_email: "ada@example.com" });
    await su.collection("commission_files").create(form({ commission: commission.id }, { file: pdfFile("brief.pdf") }));
    await su.collection("commission_messages").create(form({ commission: commission.id, content: "Here is the wall" }, { attachments: [pngFile("wall.png"), pdfFile("plan.pdf")] }));
    const before = await snapshot(su);
    expect(Object.keys(before.files)).toHaveLength(5);
    expect(before.records.paintings).toHaveLength(1);

    await su.backups.create("before-the-storm.zip");
    const zip = Buffer.from(await (await fetch(su.backups.getDownloadURL(await su.files.getToken(), "before-the-storm.zip"))).arrayBuffer());
    const copy = join(outside, "before-the-storm.zip");
    writeFileSync(copy, zip);
    await server.stop();
    running = undefined;

    rmSync(dataDir, { recursive: true, force: true });
    const restored = execFileSync(serverBinary, ["restore", copy, "--dir", dataDir], { encoding: "utf8" });
    expect(restored).toContain(`Restored ${copy} into ${dataDir}: 1 paintings, 0 purchases, 1 commissions, 1 commission messages, 1 users.`);

    const again = await launch(http);
    const after = await snapshot(again.su);
    expect(after.files).toEqual(before.files);
    expect(after.records).toEqual(before.records);
    const visitor = new PocketBase(again.server.url);
    expect((await visitor.collection("paintings").getOne(painting.id)).title).toBe("Harbor at Dusk");
    await new PocketBase(again.server.url).collection("users").authWithPassword("ada@example.com", "correct-horse-42");
  });

  it("restore the backup, not the last writes of a shop whose write-ahead log was left in the folder", async () => {
    const copy = join(outside, "before-the-storm.zip");
    // Another shop ran here and died: its newest writes are still only in data.db-wal.
    const stale = mkdtempSync(join(tmpdir(), "studio-backup-stale-"));
    try {
      const http = `127.0.0.1:${await freePort()}`;
      const other = await launchServer({ http, dataDir: stale, env: { STUDIO_ADMIN_DOMAIN: "lanternwood.example", STRIPE_SECRET_KEY: "" } });
      const su = new PocketBase(other.url);
      await su.collection("_superusers").authWithPassword(other.superuser.email, other.superuser.password);
      await su.collection("paintings").create(form({ title: "From the dead shop", tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 20 } }, { image: pngFile("dead.png") }));
      other.process.kill("SIGKILL");
      await new Promise((r) => other.process.once("exit", r));
      expect(existsSync(join(stale, "data.db-wal"))).toBe(true);
      rmSync(join(stale, "data.db"));

      const restored = execFileSync(serverBinary, ["restore", copy, "--dir", stale], { encoding: "utf8" });
      expect(restored).toContain("Moved the leftover data.db-wal aside");
      expect(restored).toContain(": 1 paintings,");
      const again = await launchServer({ http, dataDir: stale, env: { STUDIO_ADMIN_DOMAIN: "lanternwood.example", STRIPE_SECRET_KEY: "" } });
      try {
        const titles = (await new PocketBase(again.url).collection("paintings").getFullList()).map((p) => p.title);
        expect(titles).toEqual(["Harbor at Dusk"]);
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(stale, { recursive: true, force: true });
    }
  });

  it("refuse to restore over a shop, or from a file that is not a backup", async () => {
    const copy = join(outside, "before-the-storm.zip");
    const over = (() => {
      try {
        execFileSync(serverBinary, ["restore", copy, "--dir", dataDir], { encoding: "utf8", stdio: "pipe" });
        return "";
      } catch (err) {
        return String((err as { stderr: string }).stderr);
      }
    })();
    expect(over).toContain(`${dataDir} already holds a shop (data.db). Stop the server, move that folder away, then run this again.`);

    const notZip = join(outside, "notes.zip");
    writeFileSync(notZip, "not a zip");
    const empty = mkdtempSync(join(tmpdir(), "studio-backup-empty-"));
    try {
      execFileSync(serverBinary, ["restore", notZip, "--dir", empty], { stdio: "pipe" });
      expect.unreachable();
    } catch (err) {
      expect(String((err as { stderr: string }).stderr)).toMatch(/notes\.zip cannot be restored: not a zip file/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
