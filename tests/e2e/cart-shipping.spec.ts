// The cart's country: guessed from the browser's language, remembered, priced by the server; a
// country the shop does not ship to is said so, and checkout is off.
import { expect, test, type Page } from "@playwright/test";
import { superuser } from "./support";

test.use({ locale: "de-DE" });

const rate = (first_cents: number, additional_cents: number) => ({ first_cents, additional_cents, min_days: 3, max_days: 7 });
const EUROPE_ONLY = {
  classes: [
    { id: "print", name: "Print", tax_code: "" },
    { id: "original", name: "Framed original", tax_code: "" },
    { id: "small", name: "Small item", tax_code: "" },
  ],
  defaults: { "painting:print": "print", "painting:original": "original", "book:autographed": "print", merchandise: "small" },
  zones: [{ id: "europe", name: "Europe", rest_of_world: false, countries: ["DE", "FR", "AT"], free_over_cents: null, rates: { print: rate(800, 200), original: rate(3000, 3000), small: rate(500, 100) } }],
};

let kept: { id: string; value: unknown } | null = null;
test.beforeEach(async () => {
  const su = await superuser();
  const setting = await su.collection("shop_settings").getFirstListItem('key = "shipping"');
  kept = { id: setting.id, value: setting.value };
  await su.collection("shop_settings").update(setting.id, { value: EUROPE_ONLY });
});
test.afterEach(async () => {
  if (kept) await (await superuser()).collection("shop_settings").update(kept.id, { value: kept.value });
});

async function addPrint(page: Page) {
  await page.goto("/gallery");
  await page.getByRole("article").filter({ hasText: "The Teacup Ferry" }).getByRole("button", { name: /print of The Teacup Ferry/ }).click();
  const cart = page.getByRole("dialog", { name: "Shopping Cart (1)" });
  await expect(cart).toBeVisible();
  return cart;
}

test("the cart prices shipping for the country picked, remembers it, and refuses one not shipped to", async ({ page }) => {
  let cart = await addPrint(page);
  const country = cart.getByLabel("Ship to");
  // The first guess: the region of the browser's language.
  await expect(country).toHaveValue("DE");
  await expect(cart.getByText("Shipping to Germany:")).toBeVisible();
  const shipping = cart.locator("dd").filter({ hasText: "$8.00" });
  await expect(shipping).toBeVisible();
  await expect(cart.getByRole("button", { name: "Checkout" })).toBeEnabled();

  await country.selectOption("US");
  await expect(cart.getByRole("alert")).toHaveText("We do not ship to US yet. Please choose another country, or ask us through a commission request.");
  await expect(cart.getByRole("button", { name: "Checkout" })).toBeDisabled();

  // Remembered across a reload, and still refused.
  await page.reload();
  await page.getByRole("button", { name: /^Open cart, / }).click();
  cart = page.getByRole("dialog", { name: "Shopping Cart (1)" });
  await expect(cart.getByLabel("Ship to")).toHaveValue("US");
  await expect(cart.getByRole("button", { name: "Checkout" })).toBeDisabled();

  await cart.getByLabel("Ship to").selectOption("FR");
  await expect(cart.getByText("Shipping to France:")).toBeVisible();
  await expect(cart.getByRole("alert")).toHaveCount(0);
  await cart.getByRole("button", { name: "Checkout" }).click();
  const checkout = page.getByRole("dialog", { name: "Checkout" });
  await expect(checkout.getByText("Shipping to France:")).toBeVisible();
  await expect(checkout.getByRole("button", { name: "Proceed to Stripe" })).toBeEnabled();
  await checkout.getByRole("button", { name: "Back to cart" }).click();
  await page.getByRole("button", { name: "Clear Cart" }).click();
});
