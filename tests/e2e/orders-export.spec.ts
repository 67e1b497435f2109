// The studio's export for the books, from the Orders tab: a bad range is refused under its field,
// a good one downloads the CSV the server makes.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { admin, baseUrl, uniqueEmail } from "./support";

async function paidOrder(email: string) {
  const post = async (path: string, body: unknown) => (await fetch(baseUrl() + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).json();
  const books = await (await fetch(`${baseUrl()}/api/collections/books/records?perPage=1`)).json();
  const { session_id } = await post("/api/studio/checkout", { items: [{ id: books.items[0].id, type: "book", quantity: 1 }] });
  await post(`/api/studio/checkout/${session_id}/pay`, { customer: { name: "Tamsin Reed", email }, shipping: { address: { line1: "2 Quay St", city: "Pebble Cove", postal_code: "04101", country: "US" } } });
}

test("the studio downloads the orders of a range of days as CSV, and a reversed range is refused", async ({ page }) => {
  const email = uniqueEmail("tamsin");
  await paidOrder(email);
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(admin().email);
  await page.getByLabel("Password").fill(admin().password);
  await page.locator("form").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await page.goto("/admin/orders");

  const exporter = page.getByRole("form", { name: "Export for the books" });
  await exporter.getByLabel("From").fill("2026-03-10");
  await exporter.getByLabel("To").fill("2026-03-01");
  await exporter.getByRole("button", { name: "Download CSV" }).click();
  await expect(exporter.getByText("The last day must be the same as the first day or after it.")).toBeVisible();
  await expect(exporter.getByLabel("To")).toBeFocused();

  const today = new Date().toISOString().slice(0, 10);
  await exporter.getByLabel("From").fill("2020-01-01");
  await exporter.getByRole("button", { name: "Download CSV" }).click();
  await expect(exporter.getByText("Please choose at most 366 days at a time.")).toBeVisible();

  await exporter.getByLabel("From").fill(today);
  await exporter.getByLabel("To").fill(today);
  const [download] = await Promise.all([page.waitForEvent("download"), exporter.getByRole("button", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`orders-${today}-to-${today}.csv`);
  const text = await readFile((await download.path())!, "utf8");
  expect(text.startsWith("\uFEFFOrder,Date,Buyer,Country,State,Lines,Goods,Discounts,Code,Shipping,Tax,Total,Status,Carrier,Tracking,Refunded\r\n")).toBe(true);
  expect(text).toContain(`,Tamsin Reed <${email}>,US,`);
});
