// The studio marks a parcel shipped on the tablet while offline: the shipment waits in the outbox
// and lands once when the connection returns, with one letter to the buyer.
import { expect, test, type Page } from "@playwright/test";
import { mailBox } from "../support/maildev";
import { baseUrl, signInToStudio, superuser, uniqueEmail } from "./support";

const PORTRAIT = { width: 820, height: 1180 };

async function paidOrder(buyer: string, email: string) {
  const su = await superuser();
  const tee = await su.collection("merchandise").create({ title: `Lantern Tee ${buyer}`, price: 28, in_stock: true });
  const post = async (path: string, body: unknown) => (await fetch(baseUrl() + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).json();
  const { session_id } = await post("/api/studio/checkout", { items: [{ id: tee.id, type: "merchandise", quantity: 1 }] });
  await post(`/api/studio/checkout/${session_id}/pay`, { customer: { name: buyer, email }, shipping: { name: buyer, address: { line1: "3 Quay St", city: "Pebble Cove", postal_code: "04101", country: "US" } } });
  return su.collection("checkout_sessions").getFirstListItem(`provider_session_id = "${session_id}"`);
}


/** The Orders tab's badge says what "To ship (N)" says, as the lists change, with no reload. */
async function expectTabCountsToShip(page: Page) {
  const counts = async () => {
    const heading = (await page.getByRole("heading", { name: /^To ship \(\d+\)$/ }).textContent()) ?? "";
    const tab = (await page.getByRole("tab", { name: /Orders/ }).textContent()) ?? "";
    return { tab: Number(/\d+/.exec(tab)?.[0] ?? 0), toShip: Number(/\((\d+)\)/.exec(heading)?.[1]) };
  };
  await expect.poll(async () => ((c) => c.tab === c.toShip || c)(await counts()), { timeout: 10000 }).toBe(true);
}

test.use({ viewport: PORTRAIT });

test("the Orders tab's count follows a parcel marked shipped online, with no reload", async ({ page }) => {
  const buyer = `Hazel ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await paidOrder(buyer, uniqueEmail("hazel"));
  await signInToStudio(page);
  await page.goto("/admin/orders");
  const card = page.getByRole("region", { name: /To ship/ }).getByTestId("order-to-ship").filter({ hasText: buyer });
  await expect(card).toBeVisible();
  await expectTabCountsToShip(page);
  await card.getByRole("button", { name: "Mark shipped" }).click();
  const dialog = page.getByRole("dialog", { name: "Mark shipped" });
  await dialog.getByLabel("Tracking number").fill("9400111899223197428490");
  await dialog.getByRole("button", { name: "Mark shipped" }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);
  await expectTabCountsToShip(page);
});

test("a shipment marked offline lands once on reconnect, with one letter", async ({ page }) => {
  const buyer = `Rowan ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = uniqueEmail("rowan");
  const order = await paidOrder(buyer, email);
  await signInToStudio(page);
  await page.goto("/admin/orders");

  const waiting = page.getByRole("region", { name: /To ship/ });
  const card = waiting.getByTestId("order-to-ship").filter({ hasText: buyer });
  await expect(card).toContainText("Unfulfilled");
  await expect(card).toContainText(`1 × Lantern Tee ${buyer}`);
  // The tab counts the orders waiting, the same as the list shows.
  const count = await waiting.getByTestId("order-to-ship").count();
  await expect(page.getByRole("tab", { name: /Orders/ })).toContainText(String(count));

  await card.getByRole("button", { name: "Mark shipped" }).click();
  const dialog = page.getByRole("dialog", { name: "Mark shipped" });
  await dialog.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await expect(dialog.getByText("Looks like UPS.")).toBeVisible();
  await expect(dialog.getByLabel("Carrier")).toHaveValue("ups");

  await page.context().setOffline(true);
  try {
    await dialog.getByRole("button", { name: "Mark shipped" }).click();
    await expect(page.getByText("Saved offline")).toBeVisible();
    await expect(dialog).toBeHidden();
    await card.getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: "Order details" });
    await expect(details.getByText("Waiting to send")).toBeVisible();
    await details.getByRole("button", { name: "Close" }).click();
    const su = await superuser();
    expect(await su.collection("shipments").getFullList({ filter: `order = "${order.id}"` })).toHaveLength(0);
  } finally {
    await page.context().setOffline(false);
  }

  await expect(card).toHaveCount(0, { timeout: 15000 });
  await expectTabCountsToShip(page);
  const su = await superuser();
  const shipments = await su.collection("shipments").getFullList({ filter: `order = "${order.id}"` });
  expect(shipments.map((s) => [s.carrier, s.tracking_number])).toEqual([["ups", "1Z999AA10123456784"]]);
  expect((await su.collection("checkout_sessions").getOne(order.id)).fulfilment).toBe("shipped");

  const mail = mailBox(process.env.STUDIO_E2E_MAIL_API!);
  const letter = await mail.waitFor(email, /shipped/);
  expect(letter.text).toContain("1Z999AA10123456784");
  // A reload replays nothing: the outbox is empty and the server still has one shipment.
  await page.reload();
  await page.getByRole("table").getByRole("row").filter({ hasText: buyer }).getByRole("button", { name: "View Details" }).click();
  const details = page.getByRole("dialog", { name: "Order details" });
  await expect(details.getByRole("link", { name: "1Z999AA10123456784" })).toHaveAttribute("href", "https://www.ups.com/track?tracknum=1Z999AA10123456784");
  await expect(details.getByText("Waiting to send")).toHaveCount(0);
  expect(await su.collection("shipments").getFullList({ filter: `order = "${order.id}"` })).toHaveLength(1);
  expect((await mail.all()).filter((m) => m.to.some((t) => t.address === email) && m.subject === "Your order has shipped")).toHaveLength(1);
});

test("an address to check is cleared with a note of what was done, and its badge goes", async ({ page }) => {
  const buyer = `Linden ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const order = await paidOrder(buyer, uniqueEmail("linden"));
  // What Stripe's webhook leaves on an order paid from a place with more tax than was charged
  // (the demo page cannot be paid from another place: tests/integration/tax-place.test.ts pays it).
  const reason = "Shipped to US-NY, but tax was priced for US-CA: $2.49 of tax for US-NY was not charged.";
  const su = await superuser();
  await su.collection("checkout_sessions").update(order.id, { address_mismatch: { reason, owed_cents: 249, outside_zone: false, refund: null, settled: false } });
  for (const p of await su.collection("purchases").getFullList({ filter: `payment_id = "${order.provider_session_id}"` })) {
    await su.collection("purchases").update(p.id, { metadata: { ...p.metadata, address_mismatch: reason, address_to_check: true } });
  }
  await signInToStudio(page);
  await page.goto("/admin/orders");
  const row = page.getByRole("table").getByRole("row").filter({ hasText: buyer });
  await expect(row.getByText("Address to check")).toBeVisible();
  await row.getByRole("button", { name: "View Details" }).click();
  const details = page.getByRole("dialog", { name: "Order details" });
  await expect(details.getByText(reason)).toBeVisible();
  await details.getByRole("button", { name: "Mark checked" }).click();
  await expect(details.getByLabel(/What was done/)).toBeFocused();
  await expect(details.getByText("Please say in a few words what was done about the address.")).toBeVisible();
  await details.getByLabel(/What was done/).fill("Collected the difference by invoice");
  await details.getByRole("button", { name: "Mark checked" }).click();
  await expect(page.getByText("The address flag is cleared.")).toBeVisible();
  await expect(details.getByRole("heading", { name: "Address checked" })).toBeVisible();
  await expect(details.getByText("Collected the difference by invoice")).toBeVisible();
  await expect(details.getByRole("button", { name: "Mark checked" })).toHaveCount(0);
  await details.getByRole("button", { name: "Close" }).click();
  await expect(row.getByText("Address to check")).toHaveCount(0);
  expect((await su.collection("checkout_sessions").getOne(order.id)).address_mismatch).toMatchObject({ settled: true, checked: { note: "Collected the difference by invoice" } });
});
