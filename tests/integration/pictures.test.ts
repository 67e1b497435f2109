// Catalogue pictures reach visitors as WebP (or JPEG) at the width drawn, made once and kept,
// while the uploaded original stays exactly as uploaded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RecordModel } from "pocketbase";
import { form } from "../support/files";
import { signedInUser, startServer, type TestServer } from "../support/server";
// @ts-expect-error plain ESM helpers shared with the scripts
import * as art from "../../scripts/lib/watercolor.mjs";

let server: TestServer;
let painting: RecordModel;
let original: Buffer;

const CHROME_IMAGE_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

beforeAll(async () => {
  server = await startServer();
  original = Buffer.from(art.landscape(11, { width: 960, height: 720, palette: art.PALETTES.harbor }));
  const fd = new FormData();
  fd.append("title", "Harbor at Dusk");
  fd.append("tags", JSON.stringify(["Print"]));
  fd.append("tag_prices", JSON.stringify({ Print: 30 }));
  fd.append("image", new File([new Uint8Array(original)], "harbor.png", { type: "image/png" }));
  painting = await server.su.collection("paintings").create(fd);
});

afterAll(async () => {
  await server?.stop();
});

const url = (thumb?: string) => `${server.url}/api/files/${painting.collectionId}/${painting.id}/${painting.image}${thumb ? `?thumb=${thumb}` : ""}`;

/** Width and height from a WebP (VP8/VP8L/VP8X) or JPEG (SOF) header. */
function dimensions(bytes: Buffer): [number, number] {
  if (bytes.toString("ascii", 0, 4) === "RIFF") {
    const chunk = bytes.toString("ascii", 12, 16);
    if (chunk === "VP8 ") return [bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff];
    if (chunk === "VP8L") {
      const b = bytes.readUInt32LE(21);
      return [(b & 0x3fff) + 1, ((b >> 14) & 0x3fff) + 1];
    }
    return [bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1];
  }
  for (let i = 2; i < bytes.length; ) {
    const marker = bytes[i + 1];
    if (marker >= 0xc0 && marker <= 0xc3) return [bytes.readUInt16BE(i + 7), bytes.readUInt16BE(i + 5)];
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  throw new Error("not a WebP or JPEG");
}

describe("picture renditions", () => {
  it("sends a browser that takes WebP a lossy WebP at the thumbnail's width, far smaller than PocketBase's PNG thumbnail", async () => {
    const res = await fetch(url("800x0"), { headers: { accept: CHROME_IMAGE_ACCEPT } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("vary")).toMatch(/Accept/);
    const webp = Buffer.from(await res.arrayBuffer());
    expect(dimensions(webp)).toEqual([800, 600]);
    const pngThumb = readFileSync(join(server.dataDir, "storage", painting.collectionId, painting.id, `thumbs_${painting.image}`, `800x0_${painting.image}`));
    expect(webp.length).toBeLessThan(pngThumb.length / 4);
  });

  it("sends other browsers a JPEG at the same width", async () => {
    const res = await fetch(url("400x0"), { headers: { accept: "image/jpeg,image/png,*/*;q=0.5" } });
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(dimensions(Buffer.from(await res.arrayBuffer()))).toEqual([400, 300]);
  });

  it("refuses WebP to a browser that says q=0 for it", async () => {
    const res = await fetch(url("400x0"), { headers: { accept: "image/webp;q=0, image/*" } });
    expect(res.headers.get("content-type")).toBe("image/jpeg");
  });

  it("makes each rendition once and keeps it beside PocketBase's thumbnail", async () => {
    const first = Buffer.from(await (await fetch(url("400x0"), { headers: { accept: CHROME_IMAGE_ACCEPT } })).arrayBuffer());
    const stored = join(server.dataDir, "storage", painting.collectionId, painting.id, `thumbs_${painting.image}`, `400x0_${painting.image.replace(/\.png$/, "")}.webp`);
    expect(existsSync(stored)).toBe(true);
    expect(readFileSync(stored).equals(first)).toBe(true);
    const again = Buffer.from(await (await fetch(url("400x0"), { headers: { accept: CHROME_IMAGE_ACCEPT } })).arrayBuffer());
    expect(again.equals(first)).toBe(true);
  });

  it("keeps the original exactly as uploaded", async () => {
    const res = await fetch(url(), { headers: { accept: CHROME_IMAGE_ACCEPT } });
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer()).equals(original)).toBe(true);
  });

  it("answers a thumbnail size the field does not offer with the original, not a rendition", async () => {
    const res = await fetch(url("333x0"), { headers: { accept: CHROME_IMAGE_ACCEPT } });
    expect(res.headers.get("content-type")).toBe("image/png");
  });
});

describe("renditions made on upload", () => {
  const SIZES = ["400x0", "800x0", "1200x0"];

  it("makes a new painting's WebP renditions without anyone asking, so its first visitor gets WebP at once; none for a protected commission file", async () => {
    const ada = await signedInUser(server, "ada@example.com");
    const commission = await ada.collection("commissions").create({ type: "watercolor-portrait", description: "Our cat, Biscuit", contact_email: "ada@example.com" });
    const reference = Buffer.from(art.character(5, { width: 480, height: 600, palette: art.PALETTES.harbor }));
    const attachment = await ada
      .collection("commission_files")
      .create(form({ commission: commission.id }, { file: new File([new Uint8Array(reference)], "reference.png", { type: "image/png" }) }));

    const admin = await signedInUser(server, "owner@lanternwood.example");
    const picture = Buffer.from(art.landscape(12, { width: 640, height: 480, palette: art.PALETTES.harbor }));
    const fresh = await admin
      .collection("paintings")
      .create(form({ title: "Tide Steps", tags: ["Print"], tag_prices: { Print: 30 } }, { image: new File([new Uint8Array(picture)], "tide.png", { type: "image/png" }) }));

    const thumbs = join(server.dataDir, "storage", fresh.collectionId, fresh.id, `thumbs_${fresh.image}`);
    const renditions = SIZES.map((size) => join(thumbs, `${size}_${fresh.image.replace(/\.png$/, "")}.webp`));
    await expect.poll(() => renditions.filter((f) => !existsSync(f)), { timeout: 15000, interval: 200 }).toEqual([]);

    const res = await fetch(`${server.url}/api/files/${fresh.collectionId}/${fresh.id}/${fresh.image}?thumb=800x0`, { headers: { accept: CHROME_IMAGE_ACCEPT } });
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(renditions[1]))).toBe(true);

    // The attachment was uploaded first, so whatever would be made for it is made by now.
    const files = readdirSync(join(server.dataDir, "storage", attachment.collectionId, attachment.id), { recursive: true }).map(String);
    expect(files).toContain(attachment.file);
    expect(files.filter((f) => f.startsWith("thumbs_") || f.endsWith(".webp"))).toEqual([]);
  });
});
