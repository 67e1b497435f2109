// A numbered print bought end to end: the piece page says what is left, the demo page takes the
// payment, the order page names the number and links its public ledger page, which anyone can read
// and which axe finds nothing serious on, in either theme.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { superuser } from "./support";

test("a visitor buys a numbered print, and its number's page says it is genuine", async ({ page }) => {
  const su = await superuser();
  const edition = await su.collection("editions").getFirstListItem("", { expand: "painting" });
  const title = edition.expand!.painting.title as string;
  await page.goto(`/gallery/${edition.painting}`);
  const offer = page.locator(`[data-edition="${edition.id}"]`);
  await expect(offer).toContainText(/Limited edition of 50: \d+ left/);
  await offer.getByRole("button", { name: `Add to Cart, numbered print of ${title}` }).click();
  const cart = page.getByRole("dialog", { name: /Shopping Cart/ });
  await expect(cart).toContainText(`${title} (Limited edition print)`);
  await cart.getByRole("button", { name: "Checkout" }).click();
  await page.getByRole("dialog", { name: "Checkout" }).getByRole("button", { name: "Proceed to Stripe" }).click();

  await expect(page).toHaveURL(/\/stripe-example\?session_id=demo_/);
  await page.getByLabel("Full name").fill("Juniper Quill");
  await page.getByLabel("Email").fill("juniper@example.com");
  await page.getByLabel("Address").fill("5 Gull Lane");
  await page.getByLabel("City").fill("Pebble Cove");
  await page.getByLabel("Postal code").fill("04101");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();

  const sessionId = new URL(page.url()).searchParams.get("session_id")!;
  const order = await su.collection("checkout_sessions").getFirstListItem(su.filter("provider_session_id = {:id}", { id: sessionId }));
  await page.goto(`/orders/${order.id}?key=${encodeURIComponent(order.order_key)}`);
  const number = page.getByRole("link", { name: /^\d+\/50 in the edition's public ledger$/ });
  const [n] = (await number.innerText()).split("/");
  await expect(page.getByRole("link", { name: `Certificate (PDF) of number ${n}/50` })).toHaveAttribute("href", new RegExp(`/certificates/${edition.id}/${n}\\?key=`));

  await number.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/verify/${edition.id}/${n}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} ${n}/50`);
  await expect(page.getByText(`Genuine. Number ${n} of 50, sold on`)).toBeVisible();
  await expect(page.getByText("Juniper")).toHaveCount(0);

  for (const theme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: theme as "light" | "dark" });
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await page.reload();
    await expect(page.getByText(`Genuine. Number ${n} of 50, sold on`)).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  }
});
