// A digital item's own page, reached from its world's "To download" card: what it is and what its
// files are, Add to Cart, and a cart that says the download ships nothing.
import { expect, test } from "@playwright/test";

test("a colouring page opened from its world's card is added to the cart, which needs no shipping", async ({ page }) => {
  await page.goto("/cryptids");
  await page.getByRole("region", { name: "To download" }).getByRole("link", { name: "Bigfoot's Campfire Colouring Page" }).click();
  await expect(page).toHaveURL(/\/downloads\/bigfoot-campfire-colouring-page$/);
  await expect(page).toHaveTitle("Bigfoot's Campfire Colouring Page · Download · Lanternwood Studio");
  await expect(page.getByRole("heading", { level: 1, name: "Bigfoot's Campfire Colouring Page" })).toBeVisible();
  await expect(page.getByText("$3.00")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: /^PNG · \d+ KB$/ })).toBeVisible();
  await page.getByRole("button", { name: "Add to Cart, Bigfoot's Campfire Colouring Page (download)" }).click();
  const cart = page.getByRole("dialog", { name: /Shopping Cart/ });
  await expect(cart).toContainText("Download · no shipping, no address needed");
});
