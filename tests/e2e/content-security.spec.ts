// The Content-Security-Policy allows exactly what the app loads: no page of the shop, the account
// links or the admin area trips it.
import { test, expect, type Page } from "@playwright/test";
import { admin } from "./support";

function watchPolicy(page: Page): string[] {
  const refused: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  return refused;
}

test("the public pages and the account pages load under the policy", async ({ page }) => {
  const refused = watchPolicy(page);
  const res = await page.goto("/");
  expect(res?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  for (const path of ["/gallery", "/about", "/pebblewick", "/cryptids", "/commissions", "/customer/dashboard", "/reset-password?token=a.b.c", "/confirm-verification"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  }
  await page.goto("/gallery");
  await page.getByRole("button", { name: /cart/i }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(refused).toEqual([]);
});

test("the admin area loads under the policy", async ({ page }) => {
  const refused = watchPolicy(page);
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(admin().email);
  await page.getByLabel("Password").fill(admin().password);
  await page.locator("form").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  for (const tab of ["paintings", "commissions", "orders", "artist"]) {
    await page.goto(`/admin/${tab}`);
    await expect(page.getByRole("tab", { selected: true })).toBeVisible();
  }
  expect(refused).toEqual([]);
});

test("the page refuses to be framed", async ({ page }) => {
  const refused: string[] = [];
  page.on("console", (m) => refused.push(m.text()));
  await page.goto("/about");
  await page.setContent(`<iframe src="${page.url()}"></iframe>`);
  await expect.poll(() => refused.some((t) => /frame-ancestors/.test(t))).toBe(true);
});
