// After the sale, as a guest sees it: the success page leads to the order's own page, whose timeline
// follows the parcel, which opens again offline, and which no other link opens.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { baseUrl, superuser } from "./support";

async function payAsGuest(page: Page) {
  await page.goto("/gallery");
  await page.getByRole("article").filter({ hasText: "The Teacup Ferry" }).getByRole("button", { name: /^Add( to Cart)?, print of/ }).click();
  await page.getByRole("dialog", { name: "Shopping Cart (1)" }).getByRole("button", { name: "Checkout" }).click();
  await page.getByRole("dialog", { name: "Checkout" }).getByRole("button", { name: "Proceed to Stripe" }).click();
  await expect(page).toHaveURL(/\/stripe-example\?session_id=demo_/);
  await page.getByLabel("Full name").fill("Wren Tidewell");
  await page.getByLabel("Email").fill("wren@example.com");
  await page.getByLabel("Address").fill("7 Kelp Street");
  await page.getByLabel("City").fill("Pebble Cove");
  await page.getByLabel("Postal code").fill("04101");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?session_id=demo_/);
}

test("a guest goes from the success page to the order's page, follows it, and opens it again offline", async ({ page, context }) => {
  await payAsGuest(page);
  await page.getByRole("link", { name: "See your order" }).click();
  await expect(page).toHaveURL(/\/orders\/[a-z0-9]{15}\?key=[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your order" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Status: Unfulfilled");
  const progress = page.getByRole("list", { name: "Order progress" });
  await expect(progress.getByRole("listitem")).toHaveText([/^Paid /, "Shipped Not yet", "Delivered Not yet"]);
  await expect(progress.locator('[aria-current="step"]')).toHaveText(/^Paid /);
  await expect(page.getByRole("table")).toContainText("The Teacup Ferry (Print)");
  await expect(page.getByText("W. •••")).toBeVisible();
  await expect(page.getByText("Kelp Street")).toHaveCount(0);

  const id = new URL(page.url()).pathname.split("/")[2];
  const key = new URL(page.url()).searchParams.get("key")!;
  const su = await superuser();
  // The studio ships it as the Orders tab does, through the route that keeps the order's state.
  await su.send(`/api/studio/orders/${id}/shipments`, { method: "POST", body: { lines: [0], carrier: "usps", tracking_number: "9400111899223197428490", request_id: `e2e-${id}` } });
  await page.reload();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Status: Shipped");
  await expect(progress.getByRole("listitem")).toHaveText([/^Paid /, /^Shipped .*USPS · Track 9400111899223197428490/, "Delivered Not yet"]);
  await expect(progress.getByRole("link", { name: /Track 9400111899223197428490/ })).toHaveAttribute("href", /^https:\/\/tools\.usps\.com\//);

  // Once the service worker has the app, the page opens with no network from what this browser kept.
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 15000 });
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Your order" })).toBeVisible();
    await expect(page.getByText(/You're offline: this is your order as it was on/)).toBeVisible();
    await expect(progress.getByRole("listitem")).toHaveText([/^Paid /, /^Shipped .*USPS/, "Delivered Not yet"]);
  } finally {
    await context.setOffline(false);
  }

  // Another key opens nothing. The server answers such an address 404 (what a crawler or a first
  // visit gets); the installed app answers navigations from its shell and shows the same refusal.
  const wrongKey = `/orders/${id}?key=${key.slice(0, -2)}${key.endsWith("x") ? "yy" : "xx"}`;
  expect((await page.request.get(wrongKey)).status()).toBe(404);
  expect((await page.request.get(`/orders/${id}`)).status()).toBe(404);
  await page.goto(wrongKey);
  await expect(page.getByRole("heading", { level: 1, name: "Order not found" })).toBeVisible();
  await expect(page.getByText("Wren")).toHaveCount(0);
  // The kept copy still belongs to the real link.
  await page.goto(`/orders/${id}?key=${key}`);
  await expect(page.getByRole("main").getByRole("status")).toContainText("Status: Shipped");
});

for (const theme of ["light", "dark"]) {
  test(`the order page has no serious accessibility violations (${theme})`, async ({ page }) => {
    const post = async (path: string, body: unknown) => (await fetch(baseUrl() + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).json();
    const books = await (await fetch(`${baseUrl()}/api/collections/books/records?perPage=1`)).json();
    const opened = await fetch(`${baseUrl()}/api/studio/checkout`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ items: [{ id: books.items[0].id, type: "book", quantity: 1 }] }) });
    // The order page's address goes to the browser that opened the checkout: its cookie says so.
    const cookie = opened.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const { session_id } = await opened.json();
    await post(`/api/studio/checkout/${session_id}/pay`, { customer: { name: "Wren Tidewell", email: "wren@example.com" }, shipping: { address: { line1: "7 Kelp Street", city: "Pebble Cove", postal_code: "04101", country: "US" } } });
    const { order_page } = await (await fetch(`${baseUrl()}/api/studio/checkout/${session_id}`, { headers: { Cookie: cookie } })).json();
    const id = order_page.split("/")[2].split("?")[0];
    const su = await superuser();
    await su.send(`/api/studio/orders/${id}/shipments`, { method: "POST", body: { lines: [0], carrier: "dhl", tracking_number: "1234567890", note: "With a sketch.", request_id: `axe-${id}` } });
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await page.goto(order_page);
    await expect(page.getByRole("list", { name: "Order progress" }).getByRole("listitem")).toHaveCount(3);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.nodes.length}) ${v.nodes[0]?.target}`);
    expect(serious).toEqual([]);
    const mismatches = (await new AxeBuilder({ page }).withRules(["label-content-name-mismatch"]).analyze()).violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")));
    expect(mismatches).toEqual([]);
  });
}
