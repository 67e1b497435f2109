// The storefront on a wide screen: the featured book puts its cover beside its text at a book's size,
// and only a phone stacks them.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { waitForCatalog } from "./support";

async function coverAndText(page: Page, card: Locator) {
  const cover = card.getByRole("img", { name: /^Cover of / });
  const title = card.getByRole("heading");
  await expect(cover).toBeVisible();
  return { cover: (await cover.boundingBox())!, title: (await title.boundingBox())! };
}

for (const width of [1280, 1600, 900]) {
  test(`at ${width} px the featured books show their covers beside their text`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/gallery");
    await waitForCatalog(page);
    const featured = page.getByRole("article").filter({ hasText: "Featured Book" });
    const { cover, title } = await coverAndText(page, featured);
    expect(cover.width).toBeLessThanOrEqual(320);
    expect(cover.height).toBeLessThanOrEqual(560);
    expect(cover.x + cover.width).toBeLessThanOrEqual(title.x);

    await page.goto("/");
    const hero = page.getByRole("article").filter({ hasText: "Featured Book" });
    const home = await coverAndText(page, hero);
    expect(home.cover.width).toBeLessThanOrEqual(220);
    expect(home.cover.x + home.cover.width).toBeLessThanOrEqual(home.title.x);
  });
}

test("on a phone the featured book's cover sits above its text, within the screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/gallery");
  await waitForCatalog(page);
  const { cover, title } = await coverAndText(page, page.getByRole("article").filter({ hasText: "Featured Book" }));
  expect(cover.y + cover.height).toBeLessThanOrEqual(title.y);
  expect(cover.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
