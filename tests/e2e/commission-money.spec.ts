// Commission money in the browser: the studio quotes from a tablet-sized window, the customer pays
// the deposit and the balance on the demo provider's page and then downloads the final.
import { expect, test, type Page } from "@playwright/test";
import { admin, createCustomer, signInThroughUi, superuser } from "./support";

// A tiny valid PNG: the final the studio uploads.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

async function payOnDemoPage(page: Page, label: RegExp) {
  await page.getByRole("button", { name: label }).first().click();
  await expect(page).toHaveURL(/\/stripe-example\?session_id=demo_/);
  await expect(page.getByRole("heading", { name: "Pay Lanternwood Studio" })).toBeVisible();
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard\?commission=/);
}

/** Signs the studio in and opens the Payments tab of the conversation with `who`. */
async function openStudioPayments(studio: Page, who: string) {
  await studio.goto("/admin/login");
  await studio.getByLabel("Email").fill(admin().email);
  await studio.getByLabel("Password").fill(admin().password);
  await studio.locator("form").getByRole("button", { name: "Sign in" }).click();
  await studio.getByRole("tab", { name: /Commissions/ }).click();
  await studio.getByRole("link", { name: new RegExp(who) }).click();
  const pane = studio.getByRole("region", { name: `Conversation with ${who}` });
  await pane.getByRole("tab", { name: "Payments" }).click();
  return pane;
}

test("the studio quotes from a tablet; the customer pays deposit and balance on the demo page and downloads the final", async ({ browser }) => {
  const customer = await createCustomer("Wren");
  // Unique per run, so a second run on the same server finds its own conversation and payments.
  const who = `Wren ${Date.now().toString(36)}`;
  const su = await superuser();
  const commission = await su.collection("commissions").create({ user: customer.id, type: "watercolor-portrait", description: "Our hound by the fire", contact_email: customer.email, contact_name: who });

  const studio = await (await browser.newContext({ viewport: { width: 820, height: 1180 }, hasTouch: true })).newPage();
  const pane = await openStudioPayments(studio, who);
  const quoteForm = pane.getByRole("form", { name: "Quote" });
  await quoteForm.getByLabel("Total price ($)").fill("240");
  await quoteForm.getByLabel("What is included").fill("One A4 portrait, framed");
  await quoteForm.getByRole("button", { name: "Send quote" }).click();
  await expect(studio.getByTestId("toast")).toContainText("Quote sent");
  await expect(pane.getByTestId("quote")).toContainText("Quote: $240.00");
  await expect(pane.getByTestId("quote")).toContainText("Deposit $120.00 · balance $120.00");
  // On a portrait tablet the open conversation fills the screen; its header carries the money state.
  const paneHead = pane.locator("header").first();
  await expect(paneHead).toContainText("Quoted");

  const page = await (await browser.newContext()).newPage();
  await page.goto("/");
  await signInThroughUi(page, customer.email, customer.password);
  await page.goto("/customer/dashboard");
  await payOnDemoPage(page, /^Pay deposit \$120\.00$/);
  const payments = page.getByRole("tabpanel");
  await expect(payments.getByTestId("receipt")).toContainText("Deposit $120.00");
  await expect(page.getByText("Deposit paid · paid $120.00 of $240.00")).toBeVisible();

  // The final is listed but does not open before the balance.
  await su.collection("commission_files").create({ commission: commission.id, kind: "final", file: new File([PNG], "hound-final.png", { type: "image/png" }) });
  await page.getByRole("tab", { name: "Files" }).click();
  await expect(page.getByText("hound-final.png")).toBeVisible();
  await expect(page.getByText("Download opens once the commission is paid in full.")).toBeVisible();

  await payOnDemoPage(page, /^Pay balance \$120\.00$/);
  await expect(page.getByText("Paid in full · paid $240.00 of $240.00")).toBeVisible();
  await page.getByRole("tab", { name: "Files" }).click();
  const download = page.getByRole("link", { name: "Download" });
  await expect(download).toBeVisible();
  const res = await page.request.get((await download.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  expect(Buffer.from(await res.body()).equals(PNG)).toBe(true);
  await expect(paneHead).toContainText("Paid");
  await expect(pane.getByTestId("receipt")).toHaveCount(2);
  // The orders list them beside the shop's orders.
  await studio.getByRole("link", { name: "Back to conversations" }).click();
  await studio.getByRole("tab", { name: "Orders" }).click();
  const rows = studio.getByTestId("commission-payment").filter({ hasText: who });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("$120.00");
  // Its two windows close, so their live connections do not run on under the tests after it.
  await page.context().close();
  await studio.context().close();
});

test("the studio refunds a second payment for a deposit already paid, from the commission's payments", async ({ browser }) => {
  const customer = await createCustomer("Fern");
  const who = `Fern ${Date.now().toString(36)}`;
  const su = await superuser();
  const commission = await su.collection("commissions").create({ user: customer.id, type: "indoor-mural", description: "Moths round a lamp", contact_email: customer.email, contact_name: who });
  const quote = await su.collection("commission_quotes").create({ commission: commission.id, kind: "quote", status: "deposit_paid", total_cents: 24000, deposit_cents: 12000 });
  const base = { commission: commission.id, quote: quote.id, user: customer.id, kind: "deposit", amount_cents: 12000, provider: "demo", refunded_cents: 0, refunds: [] };
  await su.collection("commission_payments").create({ ...base, status: "paid", provider_session_id: `demo_first_${commission.id}`, paid_at: new Date().toISOString() });
  // Paid a second time on another page: kept for the studio, counted nowhere.
  const second = await su.collection("commission_payments").create({
    ...base,
    status: "amount_mismatch",
    provider_session_id: `demo_second_${commission.id}`,
    mismatch: { reason: "The quote no longer expected this deposit (another amount is due).", reported: { amount_total: 12000, currency: "usd" } },
  });

  const studio = await (await browser.newContext()).newPage();
  const pane = await openStudioPayments(studio, who);
  const receipts = pane.getByTestId("receipt");
  await expect(receipts).toHaveCount(2);
  const duplicate = receipts.filter({ hasText: "Did not match the quote" });
  await duplicate.getByRole("button", { name: "Refund" }).click();
  const dialog = studio.getByRole("dialog", { name: "Refund the deposit of $120.00 that did not match" });
  await expect(dialog.getByLabel("Amount to refund ($)")).toHaveValue("120.00");
  await dialog.getByRole("button", { name: "Refund $120.00" }).click();
  await expect(studio.getByTestId("toast")).toContainText("Refunded $120.00");
  await expect(duplicate).toContainText("Refunded $120.00");
  await expect(duplicate.getByRole("button", { name: "Refund" })).toHaveCount(0);
  expect((await su.collection("commission_payments").getOne(second.id)).refunded_cents).toBe(12000);
  // The deposit that counts can still be refunded on its own.
  await expect(receipts.filter({ hasNotText: "Did not match" }).getByRole("button", { name: "Refund" })).toBeVisible();
  // The orders say it went back.
  await studio.getByRole("tab", { name: "Orders" }).click();
  const rows = studio.getByTestId("commission-payment").filter({ hasText: who });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Did not match the quote" })).toContainText("Refunded");
  await studio.context().close();
});
