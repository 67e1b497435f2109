// A story e-book bought end to end as a buyer in the EU sees it: added from its world's page, a
// cart that says it ships nothing, the box the EU requires before checkout, a demo page that asks
// no address, and its file on the success page, downloaded once and opened again with no signal.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signInToStudio, uniqueEmail } from "./support";

let buyer = "";
const WORDING = "Start my download now; I understand I lose my 14-day right to cancel once it starts.";

// The studio's part reads the order the buyer's part made.
test.describe.configure({ mode: "serial" });

test("a buyer in Germany ticks the box, pays with no address, and opens the stamped e-book again offline", async ({ page, context }) => {
  await page.goto("/pebblewick");
  const section = page.getByRole("region", { name: "To download" });
  await section.getByRole("button", { name: "Add to Cart, The Lantern of Pebblewick (download)" }).click();
  const cart = page.getByRole("dialog", { name: /Shopping Cart/ });
  await expect(cart).toContainText("Download · no shipping, no address needed");
  await cart.getByLabel("Your country").selectOption("DE");
  await expect(cart).toContainText("None: downloads need no shipping and no address");
  await cart.getByRole("button", { name: "Checkout" }).click();

  const checkout = page.getByRole("dialog", { name: "Checkout" });
  const box = checkout.getByRole("checkbox", { name: WORDING });
  await expect(box).not.toBeChecked();
  await expect(checkout.getByRole("button", { name: "Proceed to Stripe" })).toBeDisabled();
  await box.check();
  await checkout.getByRole("button", { name: "Proceed to Stripe" }).click();

  await expect(page).toHaveURL(/\/stripe-example\?session_id=demo_/);
  await expect(page.getByRole("heading", { name: "Contact", exact: true })).toBeVisible();
  await expect(page.getByLabel("Address")).toHaveCount(0);
  await page.getByLabel("Full name").fill("Liesel Brandt");
  const email = uniqueEmail("liesel");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /^Pay / }).click();

  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  const downloads = page.getByRole("region", { name: "Your downloads" });
  await expect(downloads).toContainText("The Lantern of Pebblewick (PDF)");
  await expect(downloads).toContainText("5 of 5 downloads left");
  await expect(downloads).toContainText(`you ticked: “${WORDING}”`);
  const first = page.waitForEvent("download");
  await downloads.getByRole("button", { name: "Download The Lantern of Pebblewick (PDF)" }).click();
  buyer = email;
  expect((await first).suggestedFilename()).toBe("the_lantern_of_pebblewick.pdf");
  await expect(downloads).toContainText("4 of 5 downloads left");
  expect((await new AxeBuilder({ page }).include("main").analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

  // No signal: the kept file opens, and nothing asks the server.
  await context.setOffline(true);
  const again = page.waitForEvent("download");
  await downloads.getByRole("button", { name: "Open The Lantern of Pebblewick (PDF)" }).click();
  expect((await again).suggestedFilename()).toBe("the_lantern_of_pebblewick.pdf");
  await context.setOffline(false);
});

test("the studio gives that buyer another year from the order, and the act is kept with who did it", async ({ page }) => {
  await signInToStudio(page);
  await page.getByRole("tab", { name: "Orders" }).click();
  await page.getByRole("row").filter({ hasText: buyer }).getByRole("button", { name: "View Details" }).click();
  const details = page.getByRole("dialog", { name: "Order details" });
  await expect(details).toContainText("The Lantern of Pebblewick (PDF) · 1 of 5 used");
  await details.getByRole("button", { name: "Add a year" }).click();
  await expect(details).toContainText(/A year added by admin@\S+ \(Open until \d{4}-\d\d-\d\d\.\)/);
});
