// Growing past one disk: with STUDIO_S3_* set, uploaded files and backups live in S3-compatible
// storage (gofakes3 here), and the shop serves them as before.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";
import { startFakeS3 } from "../support/fake-s3";
import { form, pngFile } from "../support/files";

let s3: Awaited<ReturnType<typeof startFakeS3>>;
let server: TestServer;

beforeAll(async () => {
  s3 = await startFakeS3();
  server = await startServer({
    STUDIO_S3_BUCKET: "studio-files",
    STUDIO_S3_ENDPOINT: s3.url,
    STUDIO_S3_REGION: "us-east-1",
    STUDIO_S3_ACCESS_KEY: "studio",
    STUDIO_S3_SECRET: "studio-secret",
    STUDIO_S3_FORCE_PATH_STYLE: "true",
    STUDIO_BACKUP_S3_BUCKET: "studio-backups",
  });
});
afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

describe("S3-compatible storage from the environment", () => {
  it("is switched on at start, the secret kept out of the settings API", async () => {
    const settings = await server.su.settings.getAll();
    expect(settings.s3).toMatchObject({ enabled: true, bucket: "studio-files", endpoint: s3.url, forcePathStyle: true, accessKey: "studio" });
    expect(settings.backups.s3).toMatchObject({ enabled: true, bucket: "studio-backups" });
    expect(JSON.stringify(settings)).not.toContain("studio-secret");
  });

  it("stores an uploaded picture in the bucket, not on the disk, and serves it", async () => {
    const picture = pngFile("harbor.png");
    const painting = await server.su.collection("paintings").create(form({ title: "Harbor", tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 35 } }, { image: picture }));
    const key = `${painting.collectionId}/${painting.id}/${painting.image}`;
    expect(await s3.keys("studio-files")).toContain(key);
    expect(existsSync(join(server.dataDir, "storage", painting.collectionId))).toBe(false);
    const res = await fetch(server.client().files.getURL(painting, painting.image));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(await picture.arrayBuffer()));
  });

  it("puts backups in their own bucket", async () => {
    await server.su.backups.create("to-the-cloud.zip");
    expect(await s3.keys("studio-backups")).toContain("to-the-cloud.zip");
    expect((await server.su.backups.getFullList()).map((b) => b.key)).toContain("to-the-cloud.zip");
    expect(existsSync(join(server.dataDir, "backups")) ? readdirSync(join(server.dataDir, "backups")) : []).not.toContain("to-the-cloud.zip");
  });
});
