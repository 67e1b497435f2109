// Every piece has its own address: View Details pushes it over the list, a reload shows the piece
// as its own page, Back closes the dialog where the list was left, and the tab's title follows.
import { expect, test } from "@playwright/test";
import { superuser } from "./support";

const STUDIO = "Lanternwood Studio";

test("View Details → the piece's address → reload → Back, the list kept where it was", async ({ page }) => {
  const painting = await (await superuser()).collection("paintings").getFirstListItem('title = "Mothwing\'s Porch Light"');
  await page.goto("/gallery");
  await expect(page).toHaveTitle(`Gallery & Shop · ${STUDIO}`);
  const card = page.getByRole("article").filter({ hasText: "Mothwing's Porch Light" });
  const details = card.getByRole("link", { name: /^View Details/ });
  // The link itself in view, so the click scrolls nothing before it follows the link.
  await details.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const seenAt = (await card.boundingBox())!.y;

  await details.click();
  const address = new RegExp(`/gallery/mothwing-s-porch-light-${painting.id}$`);
  await expect(page).toHaveURL(address);
  const dialog = page.getByRole("dialog", { name: "Mothwing's Porch Light" });
  await expect(dialog.getByRole("heading", { name: "Pricing" })).toBeVisible();
  await expect(page).toHaveTitle(`Mothwing's Porch Light · Watercolor painting · ${STUDIO}`);

  // Back closes the dialog, and the list is where it was.
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page).toHaveTitle(`Gallery & Shop · ${STUDIO}`);
  expect(Math.abs((await card.boundingBox())!.y - seenAt)).toBeLessThan(4);

  // It opens again; a reload shows the piece as its own page, with a way back to its list.
  await details.click();
  await expect(dialog).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(address);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Mothwing's Porch Light" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pricing" })).toBeVisible();
  await expect(page).toHaveTitle(`Mothwing's Porch Light · Watercolor painting · ${STUDIO}`);
  await page.getByRole("link", { name: "← Gallery & Shop" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole("heading", { level: 1, name: "Gallery & Shop" })).toBeVisible();
});

test("the tab's title follows every page and dialog reached in the app", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(`${STUDIO} · Watercolor Fairy Tale Art`);
  const nav = page.getByRole("navigation").first();
  for (const [link, title] of [
    ["Gallery", "Gallery & Shop"],
    ["About", "About the Artist"],
    ["Commissions", "Commissions"],
  ]) {
    await nav.getByRole("link", { name: link, exact: true }).click();
    await expect(page).toHaveTitle(`${title} · ${STUDIO}`);
  }
  await page.goto("/cryptids");
  await expect(page).toHaveTitle(`Hidden Cryptids Alliance · ${STUDIO}`);
  await page.getByRole("link", { name: /^(Coming Soon\s*)?Mothwing(\s|$)/ }).click();
  await expect(page).toHaveURL(/\/cryptids\/mothwing-[a-z0-9]{15}$/);
  await expect(page.getByRole("dialog", { name: "Mothwing" })).toBeVisible();
  await expect(page).toHaveTitle(`Mothwing · Hidden Cryptids Alliance · ${STUDIO}`);
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/cryptids$/);
  await expect(page).toHaveTitle(`Hidden Cryptids Alliance · ${STUDIO}`);

  await page.goto("/gallery/not-a-piece-aaaaaaaaaaaaaaa");
  await expect(page.getByRole("heading", { name: "Piece not found" })).toBeVisible();
  await expect(page).toHaveTitle(`Page not found · ${STUDIO}`);
});

test("a piece's own page sells it and shares its address", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const merchandise = await (await superuser()).collection("merchandise").getFullList({ filter: "in_stock = true" });
  const item = merchandise.find((m) => !m.available_sizes?.length && !m.available_colors?.length)!;
  await page.goto("/gallery");
  const link = page.getByRole("link", { name: item.title, exact: true });
  const href = await link.getAttribute("href");
  expect(href).toMatch(new RegExp(`^/shop/[a-z0-9-]*${item.id}$`));

  await page.goto(href!);
  await expect(page.getByRole("heading", { level: 1, name: item.title })).toBeVisible();
  await expect(page).toHaveTitle(`${item.title} · Shop · ${STUDIO}`);
  await page.getByRole("button", { name: `Add to Cart, ${item.title}` }).click();
  await expect(page.getByRole("dialog", { name: "Shopping Cart (1)" })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined }));
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(href!, page.url()).href);
});
