// Keyboard only: every focused control is drawn clear of the sticky header with a ring that can
// be seen, at a laptop's size and at 400 % zoom (320 CSS px wide), and focus goes somewhere named
// when what held it goes away (WCAG 2.4.3, 2.4.7, 2.4.11, 1.4.11).
import { expect, test, type Page } from "@playwright/test";
import { createCustomer, signInThroughUi, superuser, waitForCatalog } from "./support";
import { focusStop, installProbe, placement, type FocusStop } from "./a11y-probe";

test.use({ serviceWorkers: "block" });
test.beforeEach(({ page }) => installProbe(page));

/** The app has taken over the page the server sent, so a control focused now stays in the page. */
const drawn = (page: Page) => expect(page.locator("#root > .prerendered")).toHaveCount(0);

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

const SIZES = [
  { name: "1280x720", width: 1280, height: 720 },
  { name: "400 % zoom", width: 320, height: 180 },
];

/** Presses `key` up to `steps` times, measuring every stop; stops early when focus leaves the page. */
async function walk(page: Page, key: string, steps: number) {
  const stops: FocusStop[] = [];
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press(key);
    const stop = await focusStop(page);
    if (!stop) break;
    stops.push(stop);
  }
  return stops;
}

test("the skip link is the first stop and can be seen", async ({ page }) => {
  await page.goto("/gallery");
  await waitForCatalog(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  const box = (await skip.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(24);
  expect(box.height).toBeGreaterThanOrEqual(24);
  const stop = (await focusStop(page))!;
  expect(placement(stop)).toBeNull();
  expect(stop.indicatorContrast).toBeGreaterThanOrEqual(3);
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

for (const theme of ["light", "dark"]) {
  for (const size of SIZES) {
    for (const route of ["/", "/gallery"]) {
      test(`${route}: Shift+Tab up from the footer keeps every focused control in sight, ringed at 3:1 (${size.name}, ${theme})`, async ({ page }) => {
        await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
        await page.setViewportSize(size);
        await page.goto(route);
        await waitForCatalog(page);
        await page.keyboard.press("Tab");
        // The visitor has tabbed down to the end of the page and now goes back up.
        await page.locator("footer a").last().focus();
        await focusStop(page);
        const stops = await walk(page, "Shift+Tab", 70);
        expect(stops.length).toBeGreaterThan(10);
        expect(stops.map(placement).filter(Boolean)).toEqual([]);
        expect(stops.filter((s) => s.indicatorContrast < 3).map((s) => `${s.what} ${s.indicatorContrast.toFixed(2)}:1`)).toEqual([]);
      });
    }
  }
}

test("the header's controls and the commission form's fields show a ring of at least 3:1 (light and dark)", async ({ page }) => {
  for (const theme of ["light", "dark"]) {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await page.goto("/commissions");
    await expect(page.getByLabel("Type of artwork")).toBeVisible();
    await drawn(page);
    const stops = await walk(page, "Tab", 30);
    const names = stops.map((s) => s.what).join(" | ");
    for (const wanted of ["Lanternwood", "Gallery", "Sign in", "Open cart", "textarea"]) expect(names).toContain(wanted);
    expect(stops.filter((s) => s.indicatorContrast < 3).map((s) => `${theme} ${s.what} ${s.indicatorContrast.toFixed(2)}:1`)).toEqual([]);
  }
});

test("form fields' borders stand out at 3:1 on the commission form, sign-in and merchandise, in both themes", async ({ page }) => {
  for (const theme of ["light", "dark"]) {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    const low: string[] = [];
    const check = async () => {
      const fields = await page.evaluate(() => window.a11yProbe.fieldBorders());
      expect(fields.length).toBeGreaterThan(0);
      low.push(...fields.filter((f) => f.contrast < 3).map((f) => `${theme} ${f.what} ${f.contrast.toFixed(2)}:1`));
    };
    await page.goto("/commissions");
    await expect(page.getByLabel("Type of artwork")).toBeVisible();
    await check();
    await page.getByRole("button", { name: "Sign in" }).first().click();
    await expect(page.getByRole("dialog", { name: "Sign in" })).toBeVisible();
    await check();
    await page.goto("/gallery");
    await waitForCatalog(page);
    await expect(page.getByLabel("Size *").first()).toBeVisible();
    await check();
    expect(low).toEqual([]);
  }
});

/** Opens the sign-in dialog from /about with the keyboard; focus is on the dialog. */
async function openSignInByKeyboard(page: Page) {
  await page.goto("/about");
  await drawn(page);
  await page.getByRole("button", { name: "Sign in" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await expect(dialog).toBeFocused();
  return dialog;
}

test("after signing in by keyboard, focus is on the account link that replaced Sign in", async ({ page }) => {
  const customer = await createCustomer("Ivy");
  const dialog = await openSignInByKeyboard(page);
  // Past the dialog's Close button to the first field.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("textbox", { name: "Email" })).toBeFocused();
  await page.keyboard.type(customer.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(customer.password);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("link", { name: "My account" })).toBeFocused();
});

test("an empty sign-in puts focus on the first field, which carries its message", async ({ page }) => {
  const dialog = await openSignInByKeyboard(page);
  await dialog.getByRole("button", { name: "Sign in" }).focus();
  await page.keyboard.press("Enter");
  const email = dialog.getByRole("textbox", { name: "Email" });
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription("Please enter your email.");
  await expect(email).toHaveAttribute("aria-invalid", "true");
});

test("a sent commission request puts focus on its Thank You heading", async ({ page }) => {
  const customer = await createCustomer("Moss");
  await page.goto("/commissions");
  await signInThroughUi(page, customer.email, customer.password);
  await page.getByLabel("Type of artwork").selectOption("watercolor-portrait");
  await page.getByRole("textbox", { name: "Description" }).fill("The harbour cat on the lobster pots");
  await page.getByRole("button", { name: "Submit Request" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeFocused();
});

test("on a phone, the Tab after Open menu goes into the menu, and Escape closes it back onto its button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/about");
  await drawn(page);
  const burger = page.getByRole("button", { name: "Open menu" });
  await burger.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  const menu = page.getByRole("navigation", { name: "Main" });
  await expect(menu.getByRole("link", { name: "Home" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu.getByRole("link", { name: "Home" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
});

test("Enter on a page of the artwork list puts focus before its new cards", async ({ page }) => {
  const su = await superuser();
  const tag = `Keys ${Date.now() % 100000}`;
  const made: string[] = [];
  for (let i = 0; i < 25; i++) {
    const fd = new FormData();
    fd.append("title", `${tag} painting ${i + 1}`);
    fd.append("tags", JSON.stringify(["Print - For Sale"]));
    fd.append("tag_prices", JSON.stringify({ "Print - For Sale": 20 }));
    fd.append("image", new File([PNG], `keys-${i}.png`, { type: "image/png" }));
    made.push((await su.collection("paintings").create(fd)).id);
  }
  try {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto("/gallery");
      await waitForCatalog(page);
      const section = page.locator('section[aria-labelledby="artwork-heading"]');
      const pages = page.getByRole("navigation", { name: "Artwork pages" });
      await pages.getByRole("link", { name: "Page 2" }).focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\?page=2$/);
      await expect(section.getByRole("heading", { name: "Artwork" })).toBeFocused();
      expect(placement((await focusStop(page))!)).toBeNull();
      const firstCard = section.getByRole("article").first();
      const firstTitle = (await firstCard.getByRole("heading").textContent())!;
      // Forward from there, the first card's controls come before the pager.
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press("Tab");
        if (await page.evaluate(() => !!document.activeElement?.closest("article, nav"))) break;
      }
      await expect(firstCard.locator(":focus")).toHaveCount(1);
      await expect(firstCard).toContainText(firstTitle);
    }
  } finally {
    for (const id of made) await su.collection("paintings").delete(id);
  }
});
