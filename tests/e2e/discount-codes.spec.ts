// A code shared as a link (?code=) lands in the cart, shows its discount as its own line with the
// server's total, and reaches the payment page.
import { expect, test } from "@playwright/test";
import { admin, baseUrl, superuser } from "./support";

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
  await expect(withCode.filter({ hasText: /^Total/ })).toContainText("$33.75");

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

test("the studio makes a code in the Discounts area, told clearly what to fix, and pauses it", async ({ page }) => {
  const code = `FAIR${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(admin().email);
  await page.getByLabel("Password").fill(admin().password);
  await page.locator("form").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await page.getByRole("tab", { name: "Discounts" }).click();
  await page.getByRole("button", { name: "New code" }).click();
  const dialog = page.getByRole("dialog", { name: "New code" });
  await dialog.getByRole("textbox", { name: "Code" }).fill("fair 2026!");
  await dialog.getByLabel("Percent off (1 to 100)").fill("150");
  await dialog.getByRole("button", { name: "Create code" }).click();
  await expect(dialog.getByText("A code is 3 to 32 letters and digits, with no spaces or signs.")).toBeVisible();
  await expect(dialog.getByText("A percent off is a whole number from 1 to 100.")).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Code" })).toBeFocused();
  await dialog.getByRole("textbox", { name: "Code" }).fill(code.toLowerCase());
  await dialog.getByLabel("Percent off (1 to 100)").fill("15");
  await dialog.getByRole("checkbox", { name: "Prints" }).check();
  await dialog.getByLabel("Uses in all (optional)").fill("50");
  await dialog.getByRole("button", { name: "Create code" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast")).toContainText(`Code ${code} created`);
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: code }) });
  await expect(row).toContainText("15 % off");
  await expect(row).toContainText("Prints");
  await expect(row).toContainText("0 of 50");
  await row.getByRole("button", { name: `Pause ${code}` }).click();
  await expect(row).toContainText("Paused");
  await row.getByRole("button", { name: `Delete ${code}` }).click();
  await page.getByRole("dialog", { name: "Delete this code?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("toast")).toContainText(`Code ${code} deleted`);
  await expect(row).toBeHidden();
});

test("a code that leaves a line out names it in the cart, on the payment page and on the order page", async ({ page }) => {
  const su = await superuser();
  const stamp = `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
  // A new percent code covers everything but originals.
  const code = `PART${stamp}`;
  await su.collection("discount_codes").create({ code, kind: "percent", percent: 10, active: true });

  await page.goto(`/gallery?code=${code}`);
  const ferry = page.getByRole("article").filter({ hasText: "The Teacup Ferry" });
  await ferry.getByRole("button", { name: /print of The Teacup Ferry/ }).click();
  await page.getByRole("dialog", { name: "Shopping Cart (1)" }).getByRole("button", { name: "Close" }).click();
  await ferry.getByRole("button", { name: /original of The Teacup Ferry/ }).click();
  const cart = page.getByRole("dialog", { name: "Shopping Cart (2)" });
  const rows = cart.getByRole("definition").locator("..");
  await expect(rows.filter({ hasText: `Discount (${code})` })).toContainText("-$3.20");
  await expect(rows.filter({ hasText: `Not covered by ${code}` })).toContainText("The Teacup Ferry (Original)");

  await cart.getByRole("button", { name: "Checkout" }).click();
  await page.getByRole("dialog", { name: "Checkout" }).getByRole("button", { name: "Proceed to Stripe" }).click();
  await expect(page).toHaveURL(/\/stripe-example\?session_id=demo_/);
  await expect(page.getByRole("row", { name: /The Teacup Ferry \(Original\)/ })).toContainText(`not covered by ${code}`);
  await expect(page.getByRole("row", { name: /The Teacup Ferry \(Print\)/ })).not.toContainText("not covered");
  // Canceled: the original goes back to the shop for the other tests.
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/checkout\/canceled/);
  await page.evaluate(() => localStorage.removeItem("lanternwood-cart"));

  // Paid, with a code for merchandise only: the order's page names the print it left out.
  const merchOnly = `TEES${stamp}`;
  await su.collection("discount_codes").create({ code: merchOnly, kind: "percent", percent: 10, active: true, applies_to: ["merchandise"] });
  const tee = await su.collection("merchandise").create({ title: `Lantern Tee ${stamp}`, price: 28, in_stock: true });
  const painting = await su.collection("paintings").getFirstListItem('title = "The Teacup Ferry"');
  const post = async (path: string, body: unknown) => (await fetch(baseUrl() + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).json();
  const items = [
    { id: tee.id, type: "merchandise", quantity: 1 },
    { id: painting.id, type: "painting", variant: "print", quantity: 1 },
  ];
  const opened = await fetch(`${baseUrl()}/api/studio/checkout`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ items, code: merchOnly }) });
  // The order page's address goes only to the browser that opened the checkout: its cookie says so.
  const cookie = opened.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { session_id } = await opened.json();
  const paid = await post(`/api/studio/checkout/${session_id}/pay`, { customer: { name: "Ivy Marsh", email: "ivy@example.com" }, shipping: { address: { line1: "2 Reed Lane", city: "Pebble Cove", postal_code: "04101", country: "US" } } });
  expect(paid.status).toBe("paid");
  const { order_page } = await (await fetch(`${baseUrl()}/api/studio/checkout/${session_id}`, { headers: { Cookie: cookie } })).json();
  await page.goto(order_page);
  await expect(page.getByRole("row", { name: /The Teacup Ferry \(Print\)/ })).toContainText(`Not covered by ${merchOnly}`);
  await expect(page.getByRole("row", { name: new RegExp(`Lantern Tee ${stamp}`) })).not.toContainText("Not covered");
});
