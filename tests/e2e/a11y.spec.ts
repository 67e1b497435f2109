// axe on every public route: no serious or critical violation, in light and dark.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

const ROUTES = ["/", "/gallery", "/about", "/pebblewick", "/cryptids", "/commissions", "/customer/dashboard", "/checkout/canceled", "/no-such-page"];

for (const theme of ["light", "dark"]) {
  for (const route of ROUTES) {
    test(`${route} has no serious accessibility violations (${theme})`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
      await page.goto(route);
      await expect(page.locator("main h1").first()).toBeVisible();
      // Let the catalogue sync settle so the scan sees the real page, not a loading state.
      await expect(page.getByText("Loading...")).toHaveCount(0, { timeout: 15000 });
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.nodes.length}) ${v.nodes[0]?.target}`);
      expect(serious).toEqual([]);
    });
  }
}

// WCAG 2.5.3: a control's accessible name contains its visible label, so "click Add to Cart" works
// by voice. axe's rule for it is experimental, so it runs on its own here, with the cart open too.
for (const route of ["/", "/gallery", "/pebblewick", "/cryptids", "/commissions"]) {
  test(`${route}: every control's name contains its visible label`, async ({ page }) => {
    await page.goto(route);
    await expect(page.locator("main h1").first()).toBeVisible();
    await expect(page.getByText("Loading...")).toHaveCount(0, { timeout: 15000 });
    const scan = () => new AxeBuilder({ page }).withRules(["label-content-name-mismatch"]).analyze();
    const mismatches = (await scan()).violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")));
    expect(mismatches).toEqual([]);
  });
}
