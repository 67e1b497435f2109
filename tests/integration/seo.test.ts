// What a page says to a reader that runs no script (a link preview, a search engine's crawler),
// read the way those readers read it: open-graph-scraper for the tags and JSON-LD, robots-parser
// for robots.txt. Every public page and piece, as listed in the sitemap.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ogs from "open-graph-scraper";
import robotsParser from "robots-parser";
import type { RecordModel } from "pocketbase";
import { startServer, type TestServer } from "../support/server";
import { form, pngFile } from "../support/files";
// @ts-expect-error plain ESM helpers shared with the scripts
import { seedDemoData } from "../../scripts/lib/seed.mjs";
import { characterList, pieceAddress, type PieceList } from "../../src/lib/addresses";
import { ROUTE_TITLES } from "../../src/lib/titles";

let server: TestServer;
let tricky: RecordModel;
let sold: RecordModel;

beforeAll(async () => {
  server = await startServer({ STUDIO_PAYMENTS: "demo" });
  await seedDemoData({ url: server.url, superuserEmail: server.superuser.email, superuserPassword: server.superuser.password, admin: { email: "admin@lanternwood.example", password: "" } });
  tricky = await server.su.collection("paintings").create(
    form({ title: `Fox "><script>alert(1)</script> & Friends`, description: `A "quoted" <b>bold</b> fox.`, tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 40 } }, { image: pngFile("fox.png") }),
  );
  // Sold the way the shop sells: through checkout, which marks the original sold and keeps its price.
  sold = await server.su.collection("paintings").create(
    form({ title: "Gone Home", description: "Sold to a lighthouse keeper.", tags: ["Original - For Sale"], tag_prices: { "Original - For Sale": 900 } }, { image: pngFile("gone.png") }),
  );
  const post = async (path: string, body: unknown) => (await fetch(server.url + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).json();
  const checkout = await post("/api/studio/checkout", { items: [{ id: sold.id, type: "painting", variant: "original", quantity: 1 }] });
  const details = { customer: { name: "Ada Lovelace", email: "ada@example.com" }, shipping: { address: { line1: "1 Harbor Rd", city: "Pebble Cove", postal_code: "04101", country: "us" } } };
  await post(`/api/studio/checkout/${checkout.session_id}/pay`, details);
  expect((await server.su.collection("paintings").getOne(sold.id)).tags).toEqual(["Original - Sold Out"]);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

async function page(path: string) {
  const res = await fetch(server.url + path, { redirect: "manual" });
  const html = await res.text();
  const { result } = await ogs({ html, customMetaTags: [{ multiple: false, property: "product:price:amount", fieldName: "price" }, { multiple: false, property: "product:price:currency", fieldName: "currency" }] });
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
  const canonical = /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
  return { res, html, og: result, title, canonical };
}

async function sitemapUrls(): Promise<string[]> {
  const res = await fetch(`${server.url}/sitemap.xml`);
  expect(res.headers.get("content-type")).toMatch(/xml/);
  const xml = await res.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replaceAll("&amp;", "&"));
}

/** Width and height of a baseline or progressive JPEG. */
function jpegSize(bytes: Buffer): [number, number] {
  for (let i = 2; i < bytes.length; ) {
    const marker = bytes[i + 1];
    if (marker === 0xc0 || marker === 0xc2) return [bytes.readUInt16BE(i + 7), bytes.readUInt16BE(i + 5)];
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  throw new Error("not a JPEG");
}

interface Offer {
  price: string;
  priceCurrency: string;
  availability: string;
}
interface Thing {
  "@context": string;
  "@type": string;
  name: string;
  image?: string;
  logo?: string;
  offers: Offer[];
  artMedium?: string;
  creator?: { "@type": string; name: string };
  itemListElement: { name: string }[];
}
/** The schema.org thing of a type among a page's JSON-LD blocks. */
function thing(jsonLD: object[] | undefined, type: string): Thing | undefined {
  return (jsonLD as Thing[] | undefined)?.find((d) => d["@type"] === type);
}

const unescape = (s: string) => s.replaceAll("&#34;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

describe("pages for people and for machines", () => {
  it("lists every public page and piece in the sitemap, at the addresses the app makes", async () => {
    const urls = await sitemapUrls();
    const expected = ["/", "/gallery", "/about", "/pebblewick", "/cryptids", "/commissions", "/commissions/queue"];
    for (const b of await server.su.collection("books").getFullList()) expected.push(`/book/${b.id}`);
    for (const d of await server.su.collection("digital_items").getFullList({ filter: "available = true" })) expected.push(`/downloads/${d.slug}`);
    const lists: [string, PieceList | ((r: RecordModel) => PieceList)][] = [
      ["paintings", "gallery"],
      ["murals", "murals"],
      ["merchandise", "shop"],
      ["characters", (r) => characterList(r as never)],
    ];
    for (const [collection, list] of lists) {
      for (const r of await server.su.collection(collection).getFullList()) {
        expected.push(pieceAddress(typeof list === "function" ? list(r) : list, r as never));
      }
    }
    expect(urls.map((u) => new URL(u).pathname).sort()).toEqual(expected.map((p) => encodeURI(p)).sort());
    expect(urls.every((u) => u.startsWith(`${server.url}/`))).toBe(true);
    expect(urls).toContain(`${server.url}${pieceAddress("gallery", tricky as never)}`);
  });

  it("answers every sitemap address with 200, its own title and description, and a loadable 1200 × 630 preview picture", async () => {
    const titles = new Set<string>();
    const pictures = new Map<string, [number, number]>();
    for (const url of await sitemapUrls()) {
      const path = new URL(url).pathname;
      const { res, og, title, canonical } = await page(path);
      expect(res.status, path).toBe(200);
      expect(title, path).toMatch(/ · Lanternwood Studio|^Lanternwood Studio · /);
      expect(titles.has(title), `${path} shares its title "${title}"`).toBe(false);
      titles.add(title);
      expect(unescape(og.ogTitle ?? ""), path).toBe(unescape(title));
      expect(og.ogDescription?.length, path).toBeGreaterThan(20);
      expect(og.ogUrl, path).toBe(url);
      expect(canonical, path).toBe(url);
      expect(og.ogType, path).toMatch(/^(website|product|article|book|profile)$/);
      const image = og.ogImage?.[0];
      expect(image, `${path} has a preview picture`).toBeDefined();
      expect([Number(image!.width), Number(image!.height)]).toEqual([1200, 630]);
      expect(image!.url.startsWith(`${server.url}/`), image!.url).toBe(true);
      expect(og.twitterCard).toBe("summary_large_image");
      if (!pictures.has(image!.url)) {
        const picture = await fetch(image!.url);
        expect(picture.status, image!.url).toBe(200);
        expect(picture.headers.get("content-type")).toBe("image/jpeg");
        pictures.set(image!.url, jpegSize(Buffer.from(await picture.arrayBuffer())));
      }
      expect(pictures.get(image!.url), image!.url).toEqual([1200, 630]);
    }
  }, 180_000);

  it("names the static pages as the app does, so a tab reads the same before and after script runs", async () => {
    for (const path of ["", "gallery", "about", "pebblewick", "cryptids", "commissions", "customer/dashboard", "checkout/success", "admin/login"]) {
      const { title } = await page(`/${path}`);
      expect(unescape(title), path).toBe(ROUTE_TITLES[path]);
    }
  });

  it("describes a priced piece as a Product with offers, a sold original as SoldOut, and a painting as a watercolor by the artist", async () => {
    const painting = (await server.su.collection("paintings").getFullList()).find((p) => p.tag_prices?.["Print - For Sale"] > 0 && p.tags.includes("Print - For Sale"))!;
    const { og, html } = await page(pieceAddress("gallery", painting as never));
    expect(og.ogType).toBe("product");
    expect(Number(og.customMetaTags?.price)).toBeGreaterThan(0);
    expect(og.customMetaTags?.currency).toBe("USD");
    const product = thing(og.jsonLD, "Product")!;
    // Google's merchant listing rules: name, image, and an offer with a price above 0 and its currency.
    expect(product["@context"]).toBe("https://schema.org");
    expect(product.name).toBe(painting.title);
    expect(product.image).toMatch(new RegExp(`^${server.url}/`));
    for (const offer of product.offers) {
      expect(Number(offer.price)).toBeGreaterThan(0);
      expect(offer.priceCurrency).toBe("USD");
      expect(offer.availability).toBe("https://schema.org/InStock");
    }
    const art = thing(og.jsonLD, "VisualArtwork")!;
    expect(art.artMedium).toBe("Watercolor");
    expect(art.creator).toMatchObject({ "@type": "Person", name: expect.any(String) });
    const crumbs = thing(og.jsonLD, "BreadcrumbList")!;
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(["Home", "Gallery & Shop", painting.title]);
    expect(html).toContain(`<meta property="og:image:alt" content="`);

    const soldOffer = thing((await page(pieceAddress("gallery", sold as never))).og.jsonLD, "Product")!.offers[0];
    expect(soldOffer).toMatchObject({ price: "900.00", priceCurrency: "USD", availability: "https://schema.org/SoldOut" });

    expect(thing((await page("/")).og.jsonLD, "Organization")).toMatchObject({ name: "Lanternwood Studio", logo: expect.stringMatching(/^http/) });
    expect(thing((await page("/about")).og.jsonLD, "Person")?.name).toBeTruthy();
    const book = (await server.su.collection("books").getFullList()).find((b) => b.price > 0 && b.website_cart_available)!;
    expect(thing((await page(`/book/${book.id}`)).og.jsonLD, "Book")?.name).toBe(book.title);
  });

  it("keeps a title with markup in it as text, in the tags and in the JSON-LD", async () => {
    const { html, og, title } = await page(pieceAddress("gallery", tricky as never));
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain("<b>bold</b>");
    expect(unescape(title)).toBe(`Fox "><script>alert(1)</script> & Friends · Watercolor painting · Lanternwood Studio`);
    expect(unescape(og.ogTitle!)).toBe(unescape(title));
    expect(thing(og.jsonLD, "Product")?.name).toBe(tricky.title);
  });

  it("answers a made-up address with 404 and the studio's not-found page, and an address with old words with 301", async () => {
    for (const path of ["/book/doesnotexist0000", "/gallery/nope-aaaaaaaaaaaaaaa", "/murals/aaaaaaaaaaaaaaa", "/no/such/page", `/pebblewick/${sold.id}`]) {
      const { res, title, html } = await page(path);
      expect(res.status, path).toBe(404);
      expect(title).toBe("Page not found · Lanternwood Studio");
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain("Page not found");
    }
    const current = pieceAddress("gallery", sold as never);
    for (const old of [`/gallery/${sold.id}`, `/gallery/an-old-name-${sold.id}`]) {
      const res = await fetch(`${server.url}${old}?ref=pin`, { redirect: "manual" });
      expect(res.status, old).toBe(301);
      expect(res.headers.get("location")).toBe(`${current}?ref=pin`);
    }
    // The words follow a new title, and the old address leads to the new one.
    await server.su.collection("paintings").update(sold.id, { title: "Gone Home Again" });
    const res = await fetch(server.url + current, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`/gallery/gone-home-again-${sold.id}`);
  });

  it("lets crawlers into the shop, keeps them out of the studio app, accounts and checkout, and names the sitemap", async () => {
    const url = `${server.url}/robots.txt`;
    const robots = robotsParser(url, await (await fetch(url)).text());
    for (const path of ["/", "/gallery", pieceAddress("gallery", tricky as never), "/about", "/sitemap.xml"]) expect(robots.isAllowed(server.url + path), path).toBe(true);
    for (const path of ["/admin", "/admin/orders", "/api/collections/users/records", "/_/", "/customer/dashboard", "/checkout/success", "/stripe-example", "/orders/abcdefghijklmno?key=x"]) {
      expect(robots.isDisallowed(server.url + path), path).toBe(true);
    }
    expect(robots.getSitemaps()).toEqual([`${server.url}/sitemap.xml`]);
  });

  it("makes a preview picture only of a catalogue picture, and lets it be cached for good", async () => {
    const { og } = await page(pieceAddress("gallery", tricky as never));
    const res = await fetch(og.ogImage![0].url);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const file = new URL(og.ogImage![0].url).pathname.split("/").pop();
    for (const path of [`/api/studio/share/users/${tricky.id}/${file}`, `/api/studio/share/paintings/${tricky.id}/other.png`, `/api/studio/share/paintings/${sold.id}/${file}`]) {
      expect((await fetch(server.url + path)).status, path).toBe(404);
    }
  });
});
