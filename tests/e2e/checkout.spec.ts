// Cart and checkout end to end with the built-in demo payment provider.
import { expect, test, type Page } from "@playwright/test";
import { superuser } from "./support";

async function addFromGallery(page: Page) {
  await page.goto("/gallery");
  const add = async (title: string, name: RegExp | string) => {
    await page.getByRole("article").filter({ hasText: title }).getByRole("button", { name }).first().click();
    await page.getByRole("dialog", { name: /Shopping Cart/ }).getByRole("button", { name: "Close" }).click();
  };
  await add("Sea Glass Morning", /^Add( to Cart)?, print of Sea Glass Morning$/);
  await add("Nessa Surfaces", /^Add( to Cart)?, original of Nessa Surfaces$/);
  const tee = page.getByRole("article").filter({ hasText: "Pebblewick Lighthouse Tee" });
  await tee.getByLabel("Size *").selectOption("L");
  await tee.getByLabel("Color *").selectOption("Navy");
  await add("Pebblewick Lighthouse Tee", "Add to Cart, Pebblewick Lighthouse Tee");
  await page.getByRole("article").filter({ hasText: "Featured Book" }).getByRole("button", { name: "View Purchase Options" }).click();
  await page.getByRole("dialog", { name: "The Lantern Keeper of Pebblewick" }).getByRole("button", { name: "Add to Cart" }).click();
}

test("a visitor fills the cart, pays on the demo page and the order reaches the studio", async ({ page }) => {
  await addFromGallery(page);
  const cart = page.getByRole("dialog", { name: "Shopping Cart (4)" });
  await expect(cart).toBeVisible();
  await expect(cart).toContainText("Sea Glass Morning (Print)");
  await expect(cart).toContainText("Nessa Surfaces (Original)");
  await expect(cart).toContainText("L · Navy");
  await expect(cart).toContainText("The Lantern Keeper of Pebblewick (Autographed)");
  await cart.getByRole("button", { name: "One more Sea Glass Morning (Print)" }).click();
  await expect(page.getByRole("dialog", { name: "Shopping Cart (5)" })).toBeVisible();

  // The cart survives a reload.
  await page.reload();
  await page.getByRole("button", { name: /Open cart, 5 items/ }).click();
  await page.getByRole("dialog", { name: "Shopping Cart (5)" }).getByRole("button", { name: "Checkout" }).click();
  const checkout = page.getByRole("dialog", { name: "Checkout" });
  // 2 × 28 + 560 + 28 + 37.99 = 681.99; plus 4.95 shipping.
  await expect(checkout).toContainText("$681.99");
  await expect(checkout).toContainText("$4.95");
  await expect(checkout).toContainText("$686.94");
  await checkout.getByRole("button", { name: "Proceed to Stripe" }).click();

  await expect(page).toHaveURL(/\/stripe-example\?session_id=demo_/);
  await expect(page.getByText("$686.94").first()).toBeVisible();
  await page.getByLabel("Full name").fill("Iris Harbor");
  await page.getByLabel("Email").fill("iris@example.com");
  await page.getByLabel("Address").fill("3 Gull Lane");
  await page.getByLabel("City").fill("Pebble Cove");
  await page.getByLabel("Postal code").fill("04101");
  await page.getByRole("button", { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/checkout\/success\?session_id=demo_/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toBeVisible();
  await expect(page.getByRole("link", { name: "View Your Purchases" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open cart, 0 items" })).toBeVisible();

  const sessionId = new URL(page.url()).searchParams.get("session_id")!;
  const su = await superuser();
  const purchases = await su.collection("purchases").getFullList({ filter: `payment_id = "${sessionId}"`, sort: "product_title" });
  expect(purchases.map((p) => [p.product_title, p.quantity, p.amount])).toEqual([
    ["Nessa Surfaces (Original)", 1, 560],
    ["Pebblewick Lighthouse Tee · L · Navy", 1, 28],
    ["Sea Glass Morning (Print)", 2, 56],
    ["The Lantern Keeper of Pebblewick (Autographed)", 1, 37.99],
  ]);
  expect(purchases[0].metadata.customer_details.name).toBe("Iris Harbor");
  // The original is sold now.
  await page.goto("/gallery");
  const nessa = page.getByRole("article").filter({ hasText: "Nessa Surfaces" });
  await expect(nessa.getByText("Original - Sold Out")).toBeVisible();
  await expect(nessa.getByRole("button", { name: /original of Nessa Surfaces/ })).toHaveCount(0);
});

test("cancelling on the payment page keeps the cart, and Return to Cart opens it", async ({ page }) => {
  await page.goto("/gallery");
  await page.getByRole("article").filter({ hasText: "The Teacup Ferry" }).getByRole("button", { name: /^Add( to Cart)?, print of/ }).click();
  const cart = page.getByRole("dialog", { name: "Shopping Cart (1)" });
  await cart.getByRole("button", { name: "Checkout" }).click();
  await page.getByRole("dialog", { name: "Checkout" }).getByRole("button", { name: "Proceed to Stripe" }).click();
  await expect(page).toHaveURL(/\/stripe-example/);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/checkout\/canceled$/);
  await page.getByRole("button", { name: "Return to Cart" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("dialog", { name: "Shopping Cart (1)" })).toContainText("The Teacup Ferry (Print)");
  await page.getByRole("dialog", { name: "Shopping Cart (1)" }).getByRole("button", { name: "Clear Cart" }).click();
  await expect(page.getByRole("dialog", { name: "Shopping Cart (0)" })).toContainText("Your cart is empty");
  await expect(page.getByTestId("toast")).toContainText("Cart cleared");
});

test("a cart left behind is saved for the studio as an abandoned cart", async ({ page }) => {
  await page.goto("/gallery");
  await page.getByRole("article").filter({ hasText: "The Midnight Fair" }).getByRole("button", { name: /^Add( to Cart)?, print of/ }).click();
  const sessionId = await page.evaluate(() => JSON.parse(localStorage.getItem("lanternwood-cart") ?? "{}").sessionId as string);
  expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
  const su = await superuser();
  await expect
    .poll(async () => (await su.collection("abandoned_carts").getList(1, 1, { filter: `session_id = "${sessionId}"` })).items[0]?.total_price, { timeout: 10000 })
    .toBe(40);
});
