// A digital item's own page, /downloads/<slug>, as a reader that runs no script and a crawler see
// it: its title, words, price and what its files are in the HTML the server sends, a real 404 for
// an item unknown or off sale, the sitemap, and never a file's name or storage key.
import type PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_DOMAIN, signedInUser, startServer, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";
import { lanternStory } from "../support/story-pdf";

let server: TestServer;
let studio: PocketBase;
let lantern = "";
const pdf = (name: string, bytes: Buffer) => new File([new Uint8Array(bytes)], name, { type: "application/pdf" });
const page = (path: string) => fetch(server.url + path, { headers: { Accept: "text/html" } });

beforeAll(async () => {
  server = await startServer();
  studio = await signedInUser(server, `studio@${ADMIN_DOMAIN}`, { is_admin: true });
  const item = (fields: Record<string, unknown>) => studio.collection("digital_items").create(form({ kind: "e-book", world: "pebblewick", available: true, ...fields }, { image: pngFile() }));
  lantern = (await item({ title: "The Lantern & the <Fog>", slug: "lantern-and-fog", price: 1234.5, description: "A story to read aloud.\nSix pages, stamped with your name." })).id;
  await item({ title: "Retired sheet", slug: "retired-sheet", price: 3, available: false });
  await studio.collection("digital_files").create(form({ digital_item: lantern, title: "Secret-title-of-file", stamp: true }, { file: pdf("secret-lantern-name.pdf", lanternStory(6)) }));
});
afterAll(async () => {
  await server?.stop();
});

describe("/downloads/<slug>", () => {
  it("answers 200 with the item's title, heading, price, files and link preview in the HTML", async () => {
    const res = await page("/downloads/lantern-and-fog");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>The Lantern &amp; the &lt;Fog&gt; · Download · Lanternwood Studio</title>");
    expect(html).toContain("<h1>The Lantern &amp; the &lt;Fog&gt;</h1>");
    expect(html).toContain('<p class="price">$1,234.50</p>');
    expect(html).toContain("<p>Six pages, stamped with your name.</p>");
    expect(html).toMatch(/<li>PDF · 7 pages · \d+ KB<\/li>/);
    expect(html).toContain('From the world of <a href="/pebblewick">Pebblewick</a>');
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain('<meta property="product:price:amount" content="1234.50">');
    expect(html).toMatch(/<meta property="og:image" content="[^"]+">/);
    expect(html).toContain(`<link rel="canonical" href="${server.url}/downloads/lantern-and-fog">`);
  });

  it("answers a real 404 for an unknown slug and for an item off sale", async () => {
    for (const path of ["/downloads/no-such-thing", "/downloads/retired-sheet", "/downloads/"]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain("Page not found");
    }
  });

  it("lists the items on sale in the sitemap, and not those off sale", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${server.url}/downloads/lantern-and-fog</loc>`);
    expect(xml).not.toContain("retired-sheet");
  });

  it("shows no file's name, title or storage key in the page or the item's JSON", async () => {
    const [file] = await studio.collection("digital_files").getFullList();
    const json = await (await fetch(`${server.url}/api/collections/digital_items/records/${lantern}`)).text();
    const html = await (await page("/downloads/lantern-and-fog")).text();
    expect(JSON.parse(json).files).toEqual([{ type: "PDF", pages: 7, bytes: expect.any(Number) }]);
    for (const body of [json, html]) {
      for (const secret of ["secret-lantern-name", "Secret-title-of-file", file.file, file.id]) expect(body).not.toContain(secret);
    }
  });

  it("keeps the summary the server's own, and follows a file's removal", async () => {
    await studio.collection("digital_items").update(lantern, { files: [{ type: "EXE", pages: 1, bytes: 1 }] });
    expect((await studio.collection("digital_items").getOne(lantern)).files).toEqual([{ type: "PDF", pages: 7, bytes: expect.any(Number) }]);
    const [file] = await studio.collection("digital_files").getFullList();
    await studio.collection("digital_files").delete(file.id);
    expect((await studio.collection("digital_items").getOne(lantern)).files).toEqual([]);
    const html = await (await page("/downloads/lantern-and-fog")).text();
    expect(html).not.toContain("What you get");
  });
});
