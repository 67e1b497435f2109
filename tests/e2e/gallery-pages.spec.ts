// A large gallery renders one page of artwork at a time, the page kept in the address.
import { expect, test } from "@playwright/test";
import { superuser, waitForCatalog } from "./support";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

type Fields = Record<string, string | object>;

/** Creates `count` records through the API, each with a picture; returns their ids, oldest first. */
async function create(collection: string, count: number, fields: (i: number) => Fields, file = "image") {
  const su = await superuser();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields(i))) fd.append(k, typeof v === "string" ? v : JSON.stringify(v));
    fd.append(file, new File([PNG], `${collection}-${i}.png`, { type: "image/png" }));
    ids.push((await su.collection(collection).create(fd)).id);
  }
  return ids;
}

async function remove(collection: string, ids: string[]) {
  const su = await superuser();
  for (const id of ids) await su.collection(collection).delete(id);
}

test("the artwork list shows 24 at a time, pages through real links, and a reload keeps the page", async ({ page }) => {
  const su = await superuser();
  const tag = `Pages ${Date.now() % 100000}`;
  const made = await create("paintings", 30, (i) => ({ title: `${tag} painting ${i + 1}`, tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 20 } }));
  try {
    const total = (await su.collection("paintings").getList(1, 1)).totalItems;
    const section = page.locator('section[aria-labelledby="artwork-heading"]');

    await page.goto("/gallery");
    await waitForCatalog(page);
    await expect(section.getByText(`Showing 1–24 of ${total}`)).toBeVisible();
    await expect(section.getByRole("article")).toHaveCount(24);
    // Newest first: the last one made opens the list.
    await expect(section.getByRole("article").first()).toContainText(`${tag} painting 30`);

    const pages = page.getByRole("navigation", { name: "Artwork pages" });
    await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/gallery\?page=2$/);
    await expect(section.getByText(`Showing 25–${Math.min(48, total)} of ${total}`)).toBeVisible();
    await expect(section.getByRole("article").first()).toContainText(`${tag} painting 6`);

    await page.reload();
    await expect(section.getByText(`Showing 25–${Math.min(48, total)} of ${total}`)).toBeVisible();
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

    await page.goBack();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(section.getByRole("article").first()).toContainText(`${tag} painting 30`);

    // Choosing a tag starts again from its first page.
    await pages.getByRole("link", { name: "Page 2" }).click();
    await section.getByRole("button", { name: "Original - Sold Out" }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(section.getByRole("navigation", { name: "Artwork pages" })).toHaveCount(0);

    // An address with a page past the end shows the last page, not an empty list.
    await page.goto("/gallery?page=999");
    await expect(pages.getByRole("link", { name: `Page ${Math.ceil(total / 24)}` })).toHaveAttribute("aria-current", "page");
  } finally {
    await remove("paintings", made);
  }
});

test("the page marked current follows the address through back and forward", async ({ page }) => {
  const stamp = `Turns ${Date.now() % 100000}`;
  const made = await create("paintings", 30, (i) => ({ title: `${stamp} painting ${i + 1}`, tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 20 } }));
  try {
    const section = page.locator('section[aria-labelledby="artwork-heading"]');
    const pages = page.getByRole("navigation", { name: "Artwork pages" });
    const current = pages.locator('[aria-current="page"]');
    await page.goto("/gallery");
    await waitForCatalog(page);
    await expect(current).toHaveText("1");

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/gallery\?page=2$/);
    await expect(current).toHaveText("2");
    await expect(section.getByRole("article").first()).toContainText(`${stamp} painting 6`);

    await page.goBack();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(current).toHaveText("1");
    await expect(section.getByRole("article").first()).toContainText(`${stamp} painting 30`);

    await page.goForward();
    await expect(page).toHaveURL(/\/gallery\?page=2$/);
    await expect(current).toHaveText("2");
    await expect(section.getByRole("article").first()).toContainText(`${stamp} painting 6`);

    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(current).toHaveText("1");
    await expect(section.getByRole("article").first()).toContainText(`${stamp} painting 30`);
  } finally {
    await remove("paintings", made);
  }
});

test("a tag shows only its paintings, page by page, and View Details opens the painting chosen", async ({ page }) => {
  const tag = `Lanterns ${Date.now() % 100000}`;
  const made = await create("paintings", 26, (i) => ({ title: `${tag} study ${i + 1}`, tags: [tag] }));
  try {
    const section = page.locator('section[aria-labelledby="artwork-heading"]');
    const pages = page.getByRole("navigation", { name: "Artwork pages" });
    await page.goto("/gallery?page=2");
    await waitForCatalog(page);

    await section.getByRole("button", { name: tag, exact: true }).click();
    await expect(section.getByRole("button", { name: tag, exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(section.getByText("Showing 1–24 of 26")).toBeVisible();
    await expect(section.getByRole("article")).toHaveCount(24);
    await expect(section.getByRole("article").filter({ hasText: tag })).toHaveCount(24);
    await expect(section.getByRole("article").first()).toContainText(`${tag} study 26`);

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(section.getByText("Showing 25–26 of 26")).toBeVisible();
    await expect(section.getByRole("article")).toHaveCount(2);

    const oldest = section.getByRole("article").filter({ hasText: `${tag} study 1` });
    await oldest.getByRole("link", { name: /^View Details/ }).click();
    const first = page.getByRole("dialog", { name: `${tag} study 1` });
    await expect(first.getByRole("heading", { name: "Pricing" })).toBeVisible();
    await expect(first.getByText("Price on request").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(first).toBeHidden();

    await section.getByRole("article").filter({ hasText: `${tag} study 2` }).getByRole("link", { name: /^View Details/ }).click();
    await expect(page.getByRole("dialog", { name: `${tag} study 2` })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).last().click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await section.getByRole("button", { name: "All Tags" }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(section.getByRole("article")).toHaveCount(24);
    await expect(section.getByRole("article").filter({ hasText: tag })).toHaveCount(24);
    await expect(section.getByRole("navigation", { name: "Artwork pages" }).getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  } finally {
    await remove("paintings", made);
  }
});

test("every mural of a long list is there to scroll to, newest first", async ({ page }) => {
  const stamp = `Walls ${Date.now() % 100000}`;
  const made = await create("murals", 30, (i) => ({ title: `${stamp} mural ${i + 1}`, location: "Pier 9", year: "2025" }));
  try {
    const murals = page.locator('section[aria-labelledby="murals-heading"]');
    const ours = murals.getByRole("article").filter({ hasText: stamp });
    await page.goto("/gallery");
    await waitForCatalog(page);
    await expect(ours.first()).toContainText(`${stamp} mural 30`);
    // The rest arrive as the visitor scrolls towards them.
    await expect(async () => {
      await page.mouse.wheel(0, 1500);
      await expect(ours).toHaveCount(30, { timeout: 500 });
    }).toPass();
    await expect(ours.last()).toContainText(`${stamp} mural 1`);
    await ours.last().getByRole("link", { name: /^View Details/ }).click();
    await expect(page.getByRole("dialog", { name: `${stamp} mural 1` })).toBeVisible();
  } finally {
    await remove("murals", made);
  }
});
