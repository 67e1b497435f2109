// The header's look at a phone's, a tablet's and a laptop's width, against committed pictures
// (header-look.spec.ts-snapshots/), so a change that breaks it is seen, not only one that makes it
// overflow (tests/e2e/widths.spec.ts). Drawn in the studio's fonts, signed out, with an empty cart;
// `npx playwright test tests/e2e/header-look.spec.ts --update-snapshots` redraws them after a
// change meant to be seen.
import { expect, test } from "@playwright/test";

const FACES = ['600 1em "Fraunces"', '400 1em "Nunito"', '600 1em "Nunito"', '700 1em "Nunito"'];

test.use({ serviceWorkers: "block", colorScheme: "light" });

for (const width of [390, 820, 1366]) {
  test(`the header at ${width} px looks as it did`, async ({ page }) => {
    await page.setViewportSize({ width, height: 600 });
    // The studio's fonts, kept as a returning visitor's browser keeps them, so every run paints in them.
    await page.goto("/about");
    await page.evaluate(() => localStorage.setItem("fonts", "kept"));
    await page.reload();
    await page.evaluate((faces) => Promise.all(faces.map((face) => document.fonts.load(face))), FACES);
    await page.goto("/gallery");
    await expect(page.locator("#root > .prerendered")).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
    await expect(page.getByRole("banner")).toHaveScreenshot(`header-${width}.png`, { animations: "disabled", caret: "hide" });
  });
}
