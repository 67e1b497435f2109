// Catalogue rules and upload limits the server enforces whatever the client does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type PocketBase from "pocketbase";
import { startServer, signedInUser, type TestServer } from "../support/server";
import { exeAsPng, form, oversizedPng, pdfFile, pngFile } from "../support/files";

let server: TestServer;
let admin: PocketBase;
let customer: PocketBase;

const PRINT = "Print - For Sale";
const ORIGINAL = "Original - For Sale";
const painting = (fields: Record<string, unknown> = {}) =>
  form({ title: "Harbor Lights", tags: [PRINT], tag_prices: { [PRINT]: 30 }, ...fields }, { image: pngFile() });

beforeAll(async () => {
  server = await startServer();
  admin = await signedInUser(server, "owner@lanternwood.example");
  customer = await signedInUser(server, "ada@example.com");
});

afterAll(async () => {
  await server?.stop();
});

describe("paintings", () => {
  it("refuses a fifth featured painting with the spec's message, and allows swapping one out", async () => {
    const featured = [];
    for (let i = 0; i < 4; i++) featured.push(await admin.collection("paintings").create(painting({ featured: true })));
    await expect(admin.collection("paintings").create(painting({ featured: true }))).rejects.toMatchObject({
      status: 400,
      response: { message: "You can only feature up to 4 paintings on the homepage." },
    });
    const fifth = await admin.collection("paintings").create(painting());
    await expect(admin.collection("paintings").update(fifth.id, { featured: true })).rejects.toMatchObject({ status: 400 });
    // Re-saving one of the four keeps it featured: it does not count against itself.
    await admin.collection("paintings").update(featured[0].id, { title: "Renamed" });
    await admin.collection("paintings").update(featured[0].id, { featured: false });
    await admin.collection("paintings").update(fifth.id, { featured: true });
    expect((await admin.collection("paintings").getFullList({ filter: "featured = true" })).length).toBe(4);
  });

  it("needs at least one tag and a price for every priced tag; deselected tags lose their price", async () => {
    await expect(admin.collection("paintings").create(painting({ tags: [] }))).rejects.toMatchObject({ status: 400 });
    await expect(admin.collection("paintings").create(painting({ tags: [PRINT, ORIGINAL], tag_prices: { [PRINT]: 30 } }))).rejects.toMatchObject({
      status: 400,
      response: { message: `Please provide prices for: ${ORIGINAL}.` },
    });
    const p = await admin.collection("paintings").create(painting({ tags: [ORIGINAL], tag_prices: { [PRINT]: 30, [ORIGINAL]: 400.456 } }));
    expect(p.tag_prices).toEqual({ [ORIGINAL]: 400.46 });
  });
});

describe("merchandise", () => {
  it("keeps inventory null or whole, trims sizes and drops duplicates, defaults in_stock to true", async () => {
    const m = await admin.collection("merchandise").create({ title: "Tee", available_sizes: [" S ", "s", "", "M"], inventory_count: null });
    expect(m.in_stock).toBe(true);
    expect(m.inventory_count).toBeNull();
    expect(m.available_sizes).toEqual(["S", "M"]);
    await expect(admin.collection("merchandise").create({ title: "Tee", inventory_count: 2.5 })).rejects.toMatchObject({ status: 400 });
    await expect(admin.collection("merchandise").create({ title: "Tee", inventory_count: -1 })).rejects.toMatchObject({ status: 400 });
  });
});

describe("books and the artist profile", () => {
  it("defaults website_cart_available to true and keeps at most 5 gallery images", async () => {
    const b = await admin.collection("books").create(form({ title: "Tales" }, { image: pngFile() }));
    expect(b.website_cart_available).toBe(true);
    const six = Array.from({ length: 6 }, (_, i) => pngFile(`page-${i}.png`));
    await expect(admin.collection("books").create(form({ title: "Too many" }, { image: pngFile(), gallery_images: six }))).rejects.toMatchObject({ status: 400 });
  });

  it("has a single artist profile", async () => {
    await admin.collection("artist_profile").create({ name: "Elowen" });
    await expect(admin.collection("artist_profile").create({ name: "Someone else" })).rejects.toMatchObject({ status: 400 });
  });
});

describe("upload limits on every file field", () => {
  it("refuses a disguised executable and an 11 MB image on catalogue images", async () => {
    await expect(admin.collection("murals").create(form({ title: "M" }, { image: exeAsPng() }))).rejects.toMatchObject({ status: 400 });
    await expect(admin.collection("murals").create(form({ title: "M" }, { image: oversizedPng(1024 * 1024) }))).rejects.toSatisfy(
      (e: { status: number }) => e.status === 400 || e.status === 413,
    );
  });

  it("refuses a disguised executable and an 11 MB file on commission files, and takes a PDF", async () => {
    const userId = customer.authStore.record!.id;
    const commission = await server.su.collection("commissions").create({ user: userId, type: "watercolor-portrait", description: "Cat", contact_email: "ada@example.com" });
    await expect(customer.collection("commission_files").create(form({ commission: commission.id }, { file: exeAsPng() }))).rejects.toMatchObject({ status: 400 });
    await expect(customer.collection("commission_files").create(form({ commission: commission.id }, { file: oversizedPng(1024 * 1024) }))).rejects.toSatisfy(
      (e: { status: number }) => e.status === 400 || e.status === 413,
    );
    const ok = await customer.collection("commission_files").create(form({ commission: commission.id }, { file: pdfFile() }));
    expect(ok.file).toMatch(/\.pdf$/);
  });
});
