// The studio's Reports tab: a paid order from a campaign's visit shows in "Where buyers came from"
// with its visit, order and revenue, the CSV of that table says the same, the definitions stand
// beside the figures, and with no signal the last report read stays on screen, marked as of when.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { baseUrl, signInToStudio } from "./support";

const BROWSER = { "Content-Type": "application/json", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" };
const post = async (path: string, body: unknown) => (await fetch(baseUrl() + path, { method: "POST", headers: BROWSER, body: JSON.stringify(body) })).json();

/** A visit from a campaign of its own that buys one signed book: the book's price is the revenue. */
async function orderFromCampaign(campaign: string) {
  const visit = Array.from({ length: 15 }, () => "abcdefghijklmnopqrstuvwxyz0123456789"[Math.floor(Math.random() * 36)]).join("");
  expect(await post("/api/studio/visits", { id: visit, landing: "/", utm_source: "e2e", utm_medium: "area", utm_campaign: campaign })).toEqual({ counted: true });
  const books = await (await fetch(`${baseUrl()}/api/collections/books/records?perPage=1&filter=website_cart_available=true`)).json();
  const { session_id } = await post("/api/studio/checkout", { items: [{ id: books.items[0].id, type: "book", quantity: 1 }], visit_id: visit });
  await post(`/api/studio/checkout/${session_id}/pay`, { customer: { name: "Wren Hale", email: "wren@example.com" }, shipping: { address: { line1: "2 Quay St", city: "Pebble Cove", postal_code: "04101", country: "US" } } });
}

test("the Reports tab shows where a buyer came from, its CSV agrees, and the last report stays readable offline", async ({ page, context }) => {
  const campaign = `area${Date.now()}`;
  await orderFromCampaign(campaign);
  await signInToStudio(page);
  await page.getByRole("tab", { name: "Reports" }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole("heading", { name: "Money by month" })).toBeVisible();
  await expect(page.getByText("Revenue = paid − refunded, without tax and shipping.")).toBeVisible();

  await page.getByRole("tab", { name: "Where buyers came from" }).click();
  const row = page.getByRole("row").filter({ hasText: `e2e / area / ${campaign}` });
  await expect(row.getByRole("cell")).toHaveText(["1", "1", "$37.99", "$0.00"]);

  const campaigns = page.getByRole("region", { name: "Campaigns and letters" });
  const [download] = await Promise.all([page.waitForEvent("download"), campaigns.getByRole("button", { name: "Download Campaigns and letters as CSV" }).click()]);
  const text = await readFile((await download.path())!, "utf8");
  expect(text).toContain(`e2e / area / ${campaign},1,1,37.99,0.00\r\n`);
  const total = await campaigns.getByRole("row").last().getByRole("cell").allTextContents();
  expect(text.trimEnd().split("\r\n").at(-1)).toBe(["Total", ...total.map((t) => t.replace(/[$,]/g, ""))].join(","));

  // No signal: the report read before is still there, marked with the time it was read.
  await context.setOffline(true);
  await page.getByRole("tab", { name: "Funnel" }).click();
  await expect(page.getByText("This report could not be read, and none was kept on this device yet.")).toBeVisible();
  await page.getByRole("tab", { name: "Where buyers came from" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^No connection: this is the report as of / })).toBeVisible();
  await expect(row.getByRole("cell")).toHaveText(["1", "1", "$37.99", "$0.00"]);
  await expect(campaigns.getByRole("button", { name: "Download Campaigns and letters as CSV" })).toBeDisabled();
  await context.setOffline(false);
});
