// The public storefront in a real browser against the seeded studio.
import { expect, test } from "@playwright/test";
import { superuser } from "./support";

test("home shows the hero, current characters of both worlds, featured artwork and the footer", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Watercolor Fairy Tale Art" })).toBeVisible();
  await expect(page.getByText("Featured Book")).toBeVisible();
  await expect(page.getByRole("heading", { name: "The Lantern Keeper of Pebblewick" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Current Characters" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Core Alliance Members" })).toBeVisible();
  // Only current characters: Tilly Tidepool and Glimmer are upcoming.
  await expect(page.getByText("Marigold Periwinkle")).toBeVisible();
  await expect(page.getByText("Tilly Tidepool")).toHaveCount(0);
  await expect(page.getByText("Glimmer")).toHaveCount(0);
  const featured = page.locator("section", { has: page.getByRole("heading", { name: "Featured Artwork" }) });
  await expect(featured.getByRole("article")).toHaveCount(4);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Admin Portal" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()}`);

  await page.getByRole("link", { name: "Enter the World of Pebblewick" }).click();
  await expect(page).toHaveURL(/\/pebblewick$/);
  await expect(page.getByRole("heading", { name: "Coming Soon" })).toBeVisible();
  await expect(page.getByText("Tilly Tidepool")).toBeVisible();
});

test("a character card opens its details with bio, notes and the world's merch button", async ({ page }) => {
  await page.goto("/cryptids");
  await page.getByRole("link", { name: /^(Coming Soon\s*)?Mothwing(\s|$)/ }).click();
  const dialog = page.getByRole("dialog", { name: "Mothwing" });
  await expect(dialog.getByRole("heading", { name: "Bio" })).toBeVisible();
  await expect(dialog.getByText("Artist's Notes")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Watch Videos" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "HCA Merch" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // Bio falls back to the description.
  await page.getByRole("link", { name: /^(Coming Soon\s*)?Jax the Jackalope(\s|$)/ }).click();
  await expect(page.getByRole("dialog")).toContainText("carries messages between the hidden folk");
});

test("artwork filters by tag and shows Add to Cart only for priced tags", async ({ page }) => {
  // Other tests sell originals: count from the server, not from the seed.
  const paintings = await (await superuser()).collection("paintings").getFullList();
  const tagged = (tag: string) => paintings.filter((p) => (p.tags as string[]).includes(tag)).length;
  await page.goto("/gallery");
  await expect(page.getByRole("heading", { name: "Gallery & Shop" })).toBeVisible();
  const artwork = page.locator("section", { has: page.getByRole("heading", { name: "Artwork", exact: true }) });
  await expect(artwork.getByRole("article")).toHaveCount(paintings.length);
  await artwork.getByRole("button", { name: "Custom Artwork" }).click();
  await expect(artwork.getByRole("article")).toHaveCount(tagged("Custom Artwork"));
  await artwork.getByRole("button", { name: "Original - Sold Out" }).click();
  await expect(artwork.getByRole("article")).toHaveCount(tagged("Original - Sold Out"));
  await artwork.getByRole("button", { name: "All Tags" }).click();
  await expect(artwork.getByRole("article")).toHaveCount(paintings.length);

  const card = artwork.getByRole("article").filter({ hasText: "Mothwing's Porch Light" });
  await card.getByRole("link", { name: /^View Details/ }).click();
  const dialog = page.getByRole("dialog", { name: "Mothwing's Porch Light" });
  await expect(dialog.getByRole("heading", { name: "Pricing" })).toBeVisible();
  await expect(dialog.getByText("$30.00")).toBeVisible();
  await expect(dialog.getByText("Price on request")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(dialog).toBeHidden();
});

test("books: featured book, more books toggle, carousel that wraps, and every purchase option", async ({ page }) => {
  await page.goto("/gallery");
  const books = page.locator("section", { has: page.getByRole("heading", { name: "Books", exact: true }) });
  await expect(books.getByText("Featured Book")).toBeVisible();
  await books.getByRole("button", { name: "See More Books" }).click();
  await expect(books.getByRole("button", { name: "Hide Other Books" })).toBeVisible();

  await books.getByRole("button", { name: "View Purchase Options" }).first().click();
  let dialog = page.getByRole("dialog", { name: "The Lantern Keeper of Pebblewick" });
  await expect(dialog.getByText("1 / 4")).toBeVisible();
  await dialog.getByRole("button", { name: "Previous image" }).click();
  await expect(dialog.getByText("4 / 4")).toBeVisible();
  await dialog.getByRole("button", { name: "Next image" }).click();
  await expect(dialog.getByText("1 / 4")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Buy Now" })).toHaveAttribute("target", "_blank");
  await expect(dialog.getByText("Autographed copy")).toBeVisible();
  await page.keyboard.press("Escape");

  const card = (title: string) => books.getByRole("article").filter({ hasText: title });
  await card("Mothwing and the Midnight Fair").getByRole("button", { name: "View Purchase Options" }).click();
  dialog = page.getByRole("dialog", { name: "Mothwing and the Midnight Fair" });
  await expect(dialog.getByRole("button", { name: "Coming Soon 2026" })).toBeDisabled();
  await page.keyboard.press("Escape");

  await card("Tidepool Tales").getByRole("button", { name: "View Purchase Options" }).click();
  dialog = page.getByRole("dialog", { name: "Tidepool Tales" });
  await expect(dialog.getByText("Currently Unavailable")).toBeVisible();
  await page.keyboard.press("Escape");

  await card("The Sasquatch Who Was Afraid of Squirrels").getByRole("button", { name: "View Purchase Options" }).click();
  dialog = page.getByRole("dialog", { name: "The Sasquatch Who Was Afraid of Squirrels" });
  await expect(dialog.getByText("Autographed copy")).toBeVisible();
  // One image only: no carousel controls.
  await expect(dialog.getByRole("button", { name: "Next image" })).toHaveCount(0);
});

test("merchandise asks for a size and a colour before adding", async ({ page }) => {
  const teeRecord = await (await superuser()).collection("merchandise").getFirstListItem('title = "Pebblewick Lighthouse Tee"');
  await page.goto("/gallery");
  const tee = page.getByRole("article").filter({ hasText: "Pebblewick Lighthouse Tee" });
  await tee.getByRole("button", { name: /^Add to Cart, / }).click();
  await expect(tee.getByRole("alert")).toHaveText("Please select a size");
  await tee.getByLabel("Size *").selectOption("M");
  await tee.getByRole("button", { name: /^Add to Cart, / }).click();
  await expect(tee.getByRole("alert")).toHaveText("Please select a color");
  await expect(tee.getByText(`${teeRecord.inventory_count} in stock`)).toBeVisible();
  // Out-of-stock items are not listed.
  await expect(page.getByText("Lantern Keeper Mug")).toHaveCount(0);
});

test("book page, murals dialog, about page and the 404 page", async ({ page }) => {
  const su = await superuser();
  const book = await su.collection("books").getFirstListItem('title = "The Lantern Keeper of Pebblewick"');
  await page.goto(`/book/${book.id}`);
  await expect(page.getByRole("heading", { name: "The Lantern Keeper of Pebblewick" })).toBeVisible();
  await expect(page.getByText("$24.99")).toBeVisible();
  await page.goto("/book/doesnotexist0000");
  await expect(page.getByText("Book not found")).toBeVisible();

  await page.goto("/gallery");
  const mural = page.getByRole("article").filter({ hasText: "Harbor of Little Lights" });
  await expect(mural).toContainText("Pebble Cove Public Library · 2023");
  await mural.getByRole("link", { name: /^View Details/ }).click();
  await expect(page.getByRole("dialog", { name: "Harbor of Little Lights" })).toContainText("twenty-foot reading-room wall");

  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "Elowen Marsh" })).toBeVisible();
  for (const block of ["Mission", "Artistic Style", "Inspiration/Artistic Influences"]) {
    await expect(page.getByRole("heading", { name: block })).toBeVisible();
  }

  await page.goto("/this/page/is/not/here");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the theme choice is kept across a reload and applied to the root element", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: /^Theme: system/ }).click();
  await expect(page.locator("html")).toHaveClass(/light/);
  await page.getByRole("button", { name: /^Theme: light/ }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
});

test("only one toast shows at a time, and it goes away by itself", async ({ page }) => {
  await page.goto("/gallery");
  const first = page.getByRole("article").filter({ hasText: "Sea Glass Morning" });
  await first.getByRole("button", { name: /^Add( to Cart)?, print of/ }).click();
  const cart = page.getByRole("dialog", { name: /Shopping Cart/ });
  await expect(cart).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(cart).toBeHidden();
  await first.getByRole("button", { name: /^Add( to Cart)?, print of/ }).click();
  await expect(page.getByTestId("toast")).toHaveCount(1);
  await expect(page.getByTestId("toast")).toContainText("Quantity updated");
  await expect(page.getByTestId("toast")).toHaveCount(0, { timeout: 5000 });
});

test("an edit made on the server appears on an open page without a reload", async ({ page }) => {
  const su = await superuser();
  await page.goto("/gallery");
  const mural = await su.collection("murals").getFirstListItem('title = "Seafoam Parade"');
  await expect(page.getByRole("heading", { name: "Seafoam Parade" })).toBeVisible();
  await su.collection("murals").update(mural.id, { title: "Seafoam Parade (restored)" });
  await expect(page.getByRole("heading", { name: "Seafoam Parade (restored)" })).toBeVisible();
  await su.collection("murals").update(mural.id, { title: "Seafoam Parade" });
  await expect(page.getByRole("heading", { name: "Seafoam Parade", exact: true })).toBeVisible();
});

test("the small-screen menu opens from the hamburger and leads to a page", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Gallery", exact: true })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await nav.getByRole("link", { name: "Gallery", exact: true }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
});
