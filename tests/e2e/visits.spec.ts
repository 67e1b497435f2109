// Counting without a cookie, in a real browser: a visit and its campaign reach the studio's reports
// even when the first attempt to send it fails (it waits in the tab's outbox until the connection
// returns); a browser with Global Privacy Control sends nothing; no cookie is ever set.
import { expect, test, type Page } from "@playwright/test";
import { admin, baseUrl } from "./support";

async function campaignVisits(campaign: string): Promise<number> {
  const auth = await (await fetch(`${baseUrl()}/api/collections/users/auth-with-password`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ identity: admin().email, password: admin().password }) })).json();
  const report = await (await fetch(`${baseUrl()}/api/studio/reports/sources`, { headers: { Authorization: auth.token } })).json();
  const campaigns = report.tables.find((t: { key: string }) => t.key === "campaigns");
  return campaigns.rows.find((r: { name: string }) => r.name === `e2e / browser / ${campaign}`)?.visits ?? 0;
}

/** Waits until the counting code has loaded (after the first paint, when the browser is idle). */
async function counterLoaded(page: Page) {
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType("resource").some((r) => /\/counter-[\w-]+\.js$/.test(r.name))), { timeout: 15000 }).toBe(true);
}

test("a visit is counted once with its campaign, after a failed first try, and sets no cookie", async ({ page, context }) => {
  const campaign = `c${Date.now()}`;
  let refused = 0;
  await page.route("**/api/studio/visits", async (route) => {
    refused++;
    await route.abort("internetdisconnected");
  });
  await page.goto(`/gallery?utm_source=e2e&utm_medium=browser&utm_campaign=${campaign}`);
  await expect.poll(() => refused, { timeout: 15000 }).toBeGreaterThan(0);
  expect(await campaignVisits(campaign)).toBe(0);

  // The connection comes back: the visit waiting in the tab is sent.
  await page.unroute("**/api/studio/visits");
  await context.setOffline(true);
  await context.setOffline(false);
  await expect.poll(() => campaignVisits(campaign), { timeout: 15000 }).toBe(1);

  // Another page of the same tab is the same visit.
  await page.getByRole("link", { name: "About" }).first().click();
  await page.reload();
  await counterLoaded(page);
  expect(await campaignVisits(campaign)).toBe(1);
  expect(await context.cookies()).toEqual([]);
});

test.describe("with Global Privacy Control", () => {
  test.use({ extraHTTPHeaders: { "Sec-GPC": "1" } });

  test("nothing is sent", async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/studio/visits")) sent.push(r.url());
    });
    const campaign = `g${Date.now()}`;
    await page.goto(`/gallery?utm_source=e2e&utm_medium=browser&utm_campaign=${campaign}`);
    await counterLoaded(page);
    expect(sent).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem("studio-visit"))).toBeNull();
    expect(await campaignVisits(campaign)).toBe(0);
  });
});
