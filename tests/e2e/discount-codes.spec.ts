// A code shared as a link (?code=) lands in the cart, shows its discount as its own line with the
// server's total, and reaches the payment page.
import { expect, test } from "@playwright/test";
import { superuser } from "./support";

test("a ?code= link fills the cart's code, drops the parameter and shows the discount line to the payment page", async ({ page }) => {
  const su = await superuser();
  const code = `LINK${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
  await su.collection("discount_codes").create({ code, kind: "percent", percent: 10, active: true });

  await page.goto(`/gallery?page=1&code=${code.toLowerCase()}`);
  await expect(page.getByText(`Code ${code} is in your cart`)).toBeVisible();
  await expect(page).toHaveURL(/\/gallery\?page=1$/);

  await page.getByRole("article").filter({ hasText: "The Teacup Ferry" }).getByRole("button", { name: /print of The Teacup Ferry/ }).click();
  const cart = page.getByRole("dialog", { name: "Shopping Cart (1)" });
  const withCode = cart.getByRole("definition").locator("..");
  await expect(cart.getByText(`Code ${code}`)).toBeVisible();
  await expect(withCode.filter({ hasText: `Discount (${code})` })).toContainText("-$3.20");
  await expect(withCode.filter({ hasText: "Total" })).toContainText("$33.75");

  await cart.getByRole("button", { name: "Checkout" }).click();
  const checkout = page.getByRole("dialog", { name: "Checkout" });
  await expect(checkout.getByText(`Discount (${code})`)).toBeVisible();
  await checkout.getByRole("button", { name: "Proceed to Stripe" }).click();
  await expect(page).toHaveURL(/\/stripe-example\?session_id=demo_/);
  const order = page.getByRole("table");
  await expect(order.getByRole("row", { name: new RegExp(`Discount \\(${code}\\)`) })).toContainText("-$3.20");
  await expect(order.getByRole("row", { name: /Total/ })).toContainText("$33.75");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/checkout\/canceled/);
  await page.evaluate(() => localStorage.removeItem("lanternwood-cart"));
});

test("a code that does not exist gets one plain answer in the cart", async ({ page }) => {
  await page.goto("/gallery");
  await page.getByRole("article").filter({ hasText: "Sea Glass Morning" }).getByRole("button", { name: /print of Sea Glass Morning/ }).click();
  const cart = page.getByRole("dialog", { name: "Shopping Cart (1)" });
  await cart.getByLabel("Have a code?").fill("NOPE123");
  await cart.getByRole("button", { name: "Apply" }).click();
  await expect(cart.getByText("This code isn't valid")).toBeVisible();
  await cart.getByRole("button", { name: "Remove code NOPE123" }).click();
  await expect(cart.getByLabel("Have a code?")).toBeVisible();
  await page.getByRole("button", { name: "Clear Cart" }).click();
});
