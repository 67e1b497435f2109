// The cart's reminder box, the letter it brings, and its link filling an empty cart in a browser
// that never saw the cart; a forged link is a plain page and leaves that browser's cart alone.
import { expect, test, type Page } from "@playwright/test";
import { signInToStudio, superuser, uniqueEmail } from "./support";

const SHOTS = "test-results/cart-reminder";

async function reminderDelays(first: number, second: number) {
  const su = await superuser();
  const settings = await su.collection("newsletter_settings").getFirstListItem("");
  // Reminders, like campaigns, wait for the studio's postal address.
  await su.collection("newsletter_settings").update(settings.id, { reminder_first_seconds: first, reminder_second_seconds: second, postal_address: settings.postal_address || "4 Harbour Lane, Pebble Cove" });
}

async function caughtTo(email: string) {
  const api = process.env.STUDIO_E2E_MAIL_API!;
  for (let tries = 0; tries < 120; tries++) {
    const all = (await (await fetch(`${api}/email`)).json()) as { id: string; subject: string; html: string; to: { address: string }[] }[];
    const found = all.find((m) => m.to.some((t) => t.address === email));
    if (found) return { ...found, api };
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no reminder reached ${email}`);
}

const cartDialog = (page: Page) => page.getByRole("dialog", { name: /^Shopping Cart/ });

test("a ticked cart's reminder letter brings the cart back in a new browser; a forged link leaves a cart alone", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("reminded");
  // Delays the tests need not sleep through; the shop's own are an hour and a day.
  await reminderDelays(1, 0);
  try {
    await page.goto("/gallery");
    await page.getByRole("article").filter({ hasText: "The Teacup Ferry" }).getByRole("button", { name: /print of The Teacup Ferry/ }).click();
    const cart = cartDialog(page);
    const box = cart.getByRole("checkbox", { name: "Remind me about this cart if I don't finish" });
    await expect(box).not.toBeChecked();
    for (const width of [320, 390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await box.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/cart-box-${width}-${scheme}.png` });
      }
    }
    await box.check();
    await cart.getByRole("textbox", { name: "Email for the reminder" }).fill(email);
    for (const width of [320, 390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${SHOTS}/cart-email-${width}-${scheme}.png` });
      }
    }
    await cart.getByRole("button", { name: "Remind me" }).click();
    await expect(cart.getByRole("status").filter({ hasText: `We'll remind ${email} if you don't finish.` })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/cart-ticked-1366-dark.png` });

    const letter = await caughtTo(email);
    expect(letter.subject).toBe("You left something in your cart at Lanternwood Studio");
    const restore = /href="([^"]*\/cart\/restore\/[A-Za-z0-9]{43})"/.exec(letter.html)![1];
    await page.setViewportSize({ width: 390, height: 1000 });
    await page.goto(`${letter.api}/email/${letter.id}/html`);
    await expect(page.getByText("The Teacup Ferry (Print)")).toBeVisible();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/letter-390-${scheme}.png`, fullPage: true });
    }

    // Another browser, its cart empty: the link's page, then its button fills the cart.
    const other = await browser.newContext();
    const fresh = await other.newPage();
    const opened = await fresh.goto(restore);
    expect(opened!.status()).toBe(200);
    await expect(fresh.getByRole("heading", { name: "Your cart is waiting" })).toBeVisible();
    for (const scheme of ["light", "dark"] as const) {
      await fresh.emulateMedia({ colorScheme: scheme });
      await fresh.screenshot({ path: `${SHOTS}/restore-page-${scheme}.png`, fullPage: true });
    }
    await fresh.getByRole("link", { name: "Put these in my cart" }).click();
    await expect(cartDialog(fresh)).toHaveAccessibleName("Shopping Cart (1)");
    await expect(cartDialog(fresh).getByText("The Teacup Ferry (Print)")).toBeVisible();
    await expect(fresh).not.toHaveURL(/restore=/);

    // A forged link: a page that says so, with its status, and that browser's cart as it was.
    const forged = await fresh.goto(restore.replace(/[A-Za-z0-9]{43}$/, "x".repeat(43)));
    expect(forged!.status()).toBe(404);
    await expect(fresh.getByRole("heading", { name: "This link does not work" })).toBeVisible();
    await fresh.goto(`/?restore=${"y".repeat(43)}`);
    await expect(fresh.getByText("This cart link does not work")).toBeVisible();
    await expect(fresh.getByRole("button", { name: /^Open cart, / })).toHaveAccessibleName("Open cart, 1 item");
    await other.close();

    // The studio sees which carts were reminded, and what came of it.
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToStudio(page);
    await page.getByRole("tab", { name: "Abandoned Carts" }).click();
    const reminders = page.getByRole("region", { name: "Cart reminders" });
    await expect(reminders.getByRole("row").filter({ hasText: email })).toContainText("First:");
    await reminders.scrollIntoViewIfNeeded();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/studio-1366-${scheme}.png`, fullPage: true });
    }
  } finally {
    await reminderDelays(3600, 86400);
  }
});
