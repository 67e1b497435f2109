// "Tell me when it's back" in the browser: on a sold-out size and a sold original, by keyboard,
// prefilled for a signed-in customer, answered with what happens next; then the letter a restock sends.
import { expect, test, type Page } from "@playwright/test";
import { createCustomer, signInThroughUi, signInToStudio, superuser, uniqueEmail } from "./support";
import { form as formData, pngFile } from "../support/files";

const SHOTS = "test-results/wishes";

async function shots(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
}

test("a visitor asks to hear when a sold-out size is back, and the restock's letter arrives", async ({ page }) => {
  const su = await superuser();
  const title = `Fox tote ${Date.now().toString(36)}`;
  const tote = await su.collection("merchandise").create(formData({ title, price: 24, in_stock: true, inventory_count: 0, available_sizes: ["S", "L"] }, { primary_image: pngFile("fox.png") }));
  const email = uniqueEmail("wisher");
  await su.collection("newsletter_subscribers").create({ email, state: "confirmed", lists: [] });

  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/shop/${tote.id}`);
  await expect(page.getByText("Out of stock")).toBeVisible();
  await page.getByLabel("Size *").selectOption("L");
  const open = page.getByRole("button", { name: "Tell me when it's back" });
  await open.focus();
  await page.keyboard.press("Enter");
  const form = page.getByRole("form", { name: "Tell me when it's back" });
  await expect(form.getByRole("textbox", { name: "Email" })).toBeFocused();
  await page.keyboard.press("Enter");
  // Refused: the field is marked, keeps focus and is described by the message.
  await expect(form.getByRole("textbox", { name: "Email" })).toHaveAccessibleDescription(/Please provide a valid email address\./);
  await expect(form.getByRole("textbox", { name: "Email" })).toBeFocused();
  await page.keyboard.type(email);
  await shots(page, "merch-form");
  await page.keyboard.press("Enter");
  const said = page.getByRole("status").filter({ hasText: "Thank you" });
  await expect(said).toHaveText(`Thank you. We'll write to ${email} once about ${title}, L. If this address is new to our letters, press the button in the letter we just sent to confirm it first.`);
  await expect(said).toBeFocused();
  await shots(page, "merch-done");

  await su.collection("merchandise").update(tote.id, { inventory_count: 4 });
  const api = process.env.STUDIO_E2E_MAIL_API!;
  let arrived: { id: string } | undefined;
  await expect
    .poll(async () => {
      const caught = (await (await fetch(`${api}/email`)).json()) as { id: string; subject: string; to: { address: string }[] }[];
      arrived = caught.find((m) => m.subject === `Back in the shop: ${title}` && m.to.some((t) => t.address === email));
      return !!arrived;
    }, { timeout: 20000 })
    .toBe(true);
  await page.setViewportSize({ width: 390, height: 1000 });
  await page.goto(`${api}/email/${arrived!.id}/html`);
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  await expect(page.getByText("$24.00")).toBeVisible();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/letter-390-${scheme}.png`, fullPage: true });
  }
});

test("a signed-in customer finds their address ready to hear of new originals from a sold original's world", async ({ page }) => {
  const su = await superuser();
  const title = `Lantern Keeper ${Date.now().toString(36)}`;
  const painting = await su.collection("paintings").create(
    formData({ title, world: "pebblewick", tags: ["Print - For Sale", "Original - Sold Out"], tag_prices: { "Print - For Sale": 40 } }, { image: pngFile("keeper.png") }),
  );
  const customer = await createCustomer("Wren");

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/gallery/${painting.id}`);
  await signInThroughUi(page, customer.email, customer.password);
  await page.getByRole("button", { name: "Tell me about new originals from Pebblewick" }).click();
  const form = page.getByRole("form", { name: "Tell me about new originals from Pebblewick" });
  await expect(form.getByRole("textbox", { name: "Email" })).toHaveValue(customer.email);
  await shots(page, "original-form");
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you" })).toContainText(`once about new originals from Pebblewick`);
  await shots(page, "original-done");
});

test("the studio announces a painting to its world and sees, then cancels, the day's letter in the Letters tab", async ({ page }) => {
  const su = await superuser();
  const settings = await su.collection("newsletter_settings").getFirstListItem("");
  await su.collection("newsletter_settings").update(settings.id, { postal_address: "Lanternwood Studio, 4 Harbour Lane, Pebble Cove, ME 04101" });
  const title = `Fog Bell ${Date.now().toString(36)}`;
  await su.collection("paintings").create(formData({ title, world: "pebblewick", tags: ["Print - For Sale"], tag_prices: { "Print - For Sale": 30 } }, { image: pngFile("fog.png") }));

  await page.setViewportSize({ width: 820, height: 1180 });
  await signInToStudio(page);
  await page.getByRole("tab", { name: "Paintings" }).click();
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  const editor = page.getByRole("dialog", { name: "Edit Painting" });
  await expect(editor.getByLabel("Story world")).toHaveValue("pebblewick");
  // Who waits for new originals of its world (the browser tests share one shop: maybe someone, maybe nobody).
  await expect(editor.getByRole("region", { name: "Waiting to hear it's back" })).toContainText(/waiting for New originals from Pebblewick|Nobody is waiting/);
  await editor.getByRole("button", { name: "Announce to Pebblewick" }).click();
  await expect(editor.getByRole("status").filter({ hasText: "In the letter to Pebblewick" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/announce-820x1180-light.png` });
  await page.keyboard.press("Escape");

  await page.getByRole("tab", { name: "Letters" }).click();
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row.getByText("The day's new work, to Pebblewick", { exact: false })).toBeVisible();
  await expect(row.getByText("Scheduled")).toBeVisible();
  for (const [width, height] of [[820, 1180], [1180, 820]]) {
    await page.setViewportSize({ width, height });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/letters-announcement-${width}x${height}-${scheme}.png` });
    }
  }
  await row.getByRole("button", { name: /^Cancel New from Pebblewick/ }).click();
  await expect(page.getByText(/^Canceled: New from Pebblewick/)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
});
