// A large gallery renders one page of artwork at a time, the page kept in the address.
import { expect, test } from "@playwright/test";
import { superuser, waitForCatalog } from "./support";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

test("the artwork list shows 24 at a time, pages through real links, and a reload keeps the page", async ({ page }) => {
  const su = await superuser();
  const tag = `Pages ${Date.now() % 100000}`;
  const made: string[] = [];
  try {
    for (let i = 0; i < 30; i++) {
      const fd = new FormData();
      fd.append("title", `${tag} painting ${i + 1}`);
      fd.append("tags", JSON.stringify(["Print - For Sale"]));
      fd.append("tag_prices", JSON.stringify({ "Print - For Sale": 20 }));
      fd.append("image", new File([PNG], `p${i}.png`, { type: "image/png" }));
      made.push((await su.collection("paintings").create(fd)).id);
    }
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
    for (const id of made) await su.collection("paintings").delete(id);
  }
});
