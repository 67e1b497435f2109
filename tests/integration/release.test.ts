// `npm run build` makes the folder a server runs from: one binary with the PWA inside, started from
// anywhere, serving the same shop as `npm start` (prerendered pages, precompressed files, WebP).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PocketBase from "pocketbase";
// @ts-expect-error plain ESM helpers shared with the scripts
import { freePort, root } from "../../scripts/lib/project.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { launchServer } from "../../scripts/lib/server.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import * as art from "../../scripts/lib/watercolor.mjs";

/** The dynamic loader an ELF64 binary asks for (its PT_INTERP segment), or null when it is static. */
function programInterpreter(elf: Buffer): string | null {
  expect(elf.toString("latin1", 1, 4)).toBe("ELF");
  const table = Number(elf.readBigUInt64LE(0x20));
  const [size, count] = [elf.readUInt16LE(0x36), elf.readUInt16LE(0x38)];
  for (let i = 0; i < count; i++) {
    const header = table + i * size;
    if (elf.readUInt32LE(header) !== 3) continue;
    const [offset, length] = [Number(elf.readBigUInt64LE(header + 8)), Number(elf.readBigUInt64LE(header + 32))];
    return elf.toString("latin1", offset, offset + length - 1);
  }
  return null;
}

let server: { url: string; superuser: { email: string; password: string }; stop(): Promise<void> };
let elsewhere: string;

beforeAll(async () => {
  const build = spawnSync(process.execPath, [join(root, "scripts/build-release.mjs")], { cwd: root, encoding: "utf8" });
  expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
  // Started the way the README's systemd unit starts it: from another folder, with no project beside it.
  elsewhere = mkdtempSync(join(tmpdir(), "studio-release-"));
  server = await launchServer({
    http: `127.0.0.1:${await freePort()}`,
    dataDir: join(elsewhere, "pb_data"),
    binary: join(root, "release", "studio-server"),
    cwd: elsewhere,
    env: { STUDIO_ROOT: "", STUDIO_WEB_DIR: "", STRIPE_SECRET_KEY: "" },
  });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  if (elsewhere) rmSync(elsewhere, { recursive: true, force: true });
});

describe("the release build", () => {
  it("is one self-contained binary, linked statically (it runs whatever C library the server has)", () => {
    expect(programInterpreter(readFileSync(join(root, "release", "studio-server")))).toBeNull();
  });

  it("serves each public page's prerendered frame, compressed, from the binary", async () => {
    // The page is completed by the server (docs/decisions/016-piece-addresses.md) and compressed once it is made.
    const res = await fetch(`${server.url}/gallery`, { headers: { "accept-encoding": "br, gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(await res.text()).toMatch(/<div class="prerendered" aria-disabled="true" data-route="[^"]+">/);
  });

  it("serves the app's scripts and its service worker precompressed", async () => {
    const page = await (await fetch(`${server.url}/`)).text();
    const script = page.match(/"(\/assets\/index-[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    for (const path of [script!, "/sw.js"]) {
      const res = await fetch(server.url + path, { headers: { "accept-encoding": "br" } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-encoding"), path).toBe("br");
    }
  });

  it("runs the migrations and hooks shipped beside it, and turns an uploaded painting into WebP", async () => {
    const su = new PocketBase(server.url);
    await su.collection("_superusers").authWithPassword(server.superuser.email, server.superuser.password);
    const fd = new FormData();
    fd.append("title", "Lighthouse in Fog");
    fd.append("tags", JSON.stringify(["Print"]));
    fd.append("tag_prices", JSON.stringify({ Print: 30 }));
    const png = art.landscape(3, { width: 640, height: 480, palette: art.PALETTES.harbor });
    fd.append("image", new File([new Uint8Array(png)], "fog.png", { type: "image/png" }));
    const painting = await su.collection("paintings").create(fd);
    const res = await fetch(`${server.url}/api/files/${painting.collectionId}/${painting.id}/${painting.image}?thumb=400x0`, {
      headers: { accept: "image/avif,image/webp,image/*,*/*;q=0.8" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
  });
});
