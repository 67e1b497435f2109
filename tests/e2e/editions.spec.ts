// A numbered print bought end to end: the piece page says what is left, the demo page takes the
// payment, the order page names the number and links its public ledger page, which anyone can read
// and which axe finds nothing serious on, in either theme. The studio sees the same numbers in the
// order's details, and takes an edition's print date as a date.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signInToStudio, superuser, uniqueEmail } from "./support";

/** The studio's details of the order its buyer's email names. */
async function studioOrder(page: Page, email: string) {
  await page.getByRole("tab", { name: "Orders" }).click();
  await page.getByRole("row").filter({ hasText: email }).getByRole("button", { name: "View Details" }).click();
  return page.getByRole("dialog", { name: "Order details" });
}

test("a visitor buys a numbered print, and its number's page says it is genuine", async ({ page }) => {
  const su = await superuser();
  const edition = await su.collection("editions").getFirstListItem("size = 50", { expand: "painting" });
  const email = uniqueEmail("juniper");
  const title = edition.expand!.painting.title as string;
  await page.goto(`/gallery/${edition.painting}`);
  const offer = page.locator(`[data-edition="${edition.id}"]`);
  await expect(offer).toContainText(/Limited edition of 50: \d+ left/);
  await offer.getByRole("button", { name: `Add to Cart, numbered print of ${title}` }).click();
  const cart = page.getByRole("dialog", { name: /Shopping Cart/ });
  await expect(cart).toContainText(`${title} (Limited edition print)`);
  await cart.getByRole("button", { name: "Checkout" }).click();
  await page.getByRole("dialog", { name: "Checkout" }).getByRole("button", { name: "Proceed to Stripe" }).click();

  await expect(page).toHaveURL(/\/stripe-example\?session_id=demo_/);
  await page.getByLabel("Full name").fill("Juniper Quill");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Address").fill("5 Gull Lane");
  await page.getByLabel("City").fill("Pebble Cove");
  await page.getByLabel("Postal code").fill("04101");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();

  const sessionId = new URL(page.url()).searchParams.get("session_id")!;
  const order = await su.collection("checkout_sessions").getFirstListItem(su.filter("provider_session_id = {:id}", { id: sessionId }));
  await page.goto(`/orders/${order.id}?key=${encodeURIComponent(order.order_key)}`);
  const number = page.getByRole("link", { name: /^\d+\/50 in the edition's public ledger$/ });
  const [n] = (await number.innerText()).split("/");
  await expect(page.getByRole("link", { name: `Certificate (PDF) of number ${n}/50` })).toHaveAttribute("href", new RegExp(`/certificates/${edition.id}/${n}\\?key=`));

  await number.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/verify/${edition.id}/${n}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} ${n}/50`);
  await expect(page.getByText(`Genuine. Number ${n} of 50, sold on`)).toBeVisible();
  await expect(page.getByText("Juniper")).toHaveCount(0);

  for (const theme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: theme as "light" | "dark" });
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await page.reload();
    await expect(page.getByText(`Genuine. Number ${n} of 50, sold on`)).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  }
});

test("the studio's order details list each number with its ledger page and certificate, and void it on refund", async ({ page }) => {
  const su = await superuser();
  const edition = await su.collection("editions").getFirstListItem("size = 50");
  const email = uniqueEmail("rowan");
  const checkout = await (await page.request.post("/api/studio/checkout", { data: { items: [{ id: edition.id, type: "edition", quantity: 1 }] } })).json();
  const paid = await page.request.post(`/api/studio/checkout/${checkout.session_id}/pay`, {
    data: { customer: { name: "Rowan Ash", email }, shipping: { address: { line1: "9 Reed Row", city: "Fernhill", postal_code: "12345", country: "US" } } },
  });
  expect(paid.ok()).toBe(true);
  const [sold] = (await su.collection("purchases").getFullList({ filter: su.filter("payment_id = {:id} && product_type = 'edition'", { id: checkout.session_id }) })) as { id: string }[];
  const { number: n } = await su.collection("edition_ledger").getFirstListItem(su.filter("purchase = {:p}", { p: sold.id }));

  await signInToStudio(page);
  const details = await studioOrder(page, email);
  await expect(details.getByRole("link", { name: `${n}/50 in the edition's public ledger` })).toHaveAttribute("href", `/verify/${edition.id}/${n}`);
  const certificate = details.getByRole("link", { name: `Certificate (PDF) of number ${n}/50` });
  const pdf = await page.request.get((await certificate.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  await su.collection("purchases").update(sold.id, { status: "refunded" });
  await expect(details).toContainText(`${n}/50 in the edition's public ledger · refunded, certificate void`);
  await expect(certificate).toHaveCount(0);
});

test("the studio sets an edition's print date with a date field, and the list shows the day", async ({ page }) => {
  const su = await superuser();
  const seeded = await su.collection("editions").getFirstListItem("size = 50");
  const painting = await su.collection("paintings").getFirstListItem(su.filter("id != {:p}", { p: seeded.painting }));
  const edition = await su.collection("editions").create({ painting: painting.id, size: 12, paper: "300 g cotton rag", price: 90, print_date: "2026-03-02 12:00:00.000Z" });
  try {
    await signInToStudio(page);
    await page.getByRole("tab", { name: "Editions" }).click();
    const row = page.getByRole("row").filter({ has: page.getByRole("button", { name: `Edit the edition of ${painting.title}` }) });
    await expect(row).toContainText("Mar 2, 2026");
    await row.getByRole("button", { name: `Edit the edition of ${painting.title}` }).click();
    const form = page.getByRole("dialog", { name: "Edit Edition" });
    const date = form.getByLabel("Print date");
    await expect(date).toHaveAttribute("type", "date");
    await expect(date).toHaveValue("2026-03-02");
    await date.fill("2026-04-15");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(row).toContainText("Apr 15, 2026");
    expect((await su.collection("editions").getOne(edition.id)).print_date).toBe("2026-04-15 00:00:00.000Z");
  } finally {
    await su.collection("editions").delete(edition.id);
  }
});
