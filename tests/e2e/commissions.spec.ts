// Commissions end to end: the held request through sign-up, and a live thread between two browsers.
import { expect, test } from "@playwright/test";
import PocketBase from "pocketbase";
import { admin, baseUrl, createCustomer, signInThroughUi, superuser, uniqueEmail } from "./support";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

test("a visitor's request is held through sign-up, then submitted and listed in their account", async ({ page }) => {
  await page.goto("/commissions");
  await expect(page.getByRole("heading", { name: "Commission Your Artwork" })).toBeVisible();
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByTestId("toast")).toContainText("Missing information");

  await page.getByLabel("Type of artwork").selectOption("watercolor-portrait");
  await page.getByRole("textbox", { name: "Description" }).fill("Our two cats asleep on the window seat");
  // The phone's own date picker; the studio keeps the date as yyyy-MM-dd.
  const deadline = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Deadline (optional)").fill(deadline);
  await page.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByTestId("toast")).toContainText("Invalid email");

  const email = uniqueEmail("hazel");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Hazel Finch");
  await page.getByRole("button", { name: "Submit Request" }).click();
  let signUp = page.getByRole("dialog", { name: "Create your account" });
  await expect(signUp).toBeVisible();

  // The request survives a reload while the visitor decides.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Description" })).toHaveValue("Our two cats asleep on the window seat");
  await expect(page.getByLabel("Deadline (optional)")).toHaveValue(deadline);
  await page.getByRole("button", { name: "Create account and send" }).click();
  signUp = page.getByRole("dialog", { name: "Create your account" });
  await expect(signUp.getByRole("textbox", { name: "Email" })).toHaveValue(email);
  await signUp.getByRole("textbox", { name: "Password" }).fill("short");
  await signUp.getByRole("button", { name: "Create account" }).click();
  await expect(signUp.getByText("Please choose a password of at least 8 characters.")).toBeVisible();
  await signUp.getByRole("textbox", { name: "Password" }).fill("tide-pool-portrait");
  await signUp.getByRole("button", { name: "Create account" }).click();

  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await expect(page.getByText("Success! Your commission request has been submitted successfully.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Another Request" })).toBeVisible();

  const su = await superuser();
  const user = await su.collection("users").getFirstListItem(`email = "${email}"`);
  const c = await su.collection("commissions").getFirstListItem(`user = "${user.id}"`);
  expect(c).toMatchObject({ type: "watercolor-portrait", deadline, status: "Not Started", payment_status: "Unpaid", contact_email: email, contact_name: "Hazel Finch" });

  await page.goto("/customer/dashboard");
  await expect(page.getByRole("heading", { name: "Watercolor portrait" })).toBeVisible();
  await expect(page.getByText("Not Started")).toBeVisible();
});

test("the studio and the customer talk live, with a PDF each way", async ({ browser }) => {
  const customer = await createCustomer("Milo");
  const su = await superuser();
  const commission = await su.collection("commissions").create({ user: customer.id, type: "indoor-mural", description: "A reading nook with whales", contact_email: customer.email, contact_name: "Milo Reed" });

  // Both windows close with the test: left open, their live threads would keep rendering through every later test.
  const customerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  const adminPage = await adminContext.newPage();
  try {
    await customerPage.goto("/");
    await signInThroughUi(customerPage, customer.email, customer.password);
    await customerPage.goto("/customer/dashboard");
    await customerPage.getByRole("button", { name: "Open conversation" }).click();

    await adminPage.goto("/admin/login");
    await adminPage.getByLabel("Email").fill(admin().email);
    await adminPage.getByLabel("Password").fill(admin().password);
    await adminPage.locator("form").getByRole("button", { name: "Sign in" }).click();
    await adminPage.getByRole("tab", { name: /Commissions/ }).click();
    await adminPage.getByRole("link", { name: /Milo Reed/ }).first().click();
    const adminThread = adminPage.getByRole("region", { name: "Conversation with Milo Reed" });

    // Studio → customer, with an attachment.
    await adminThread.getByLabel("Your reply").fill("Here is a first sketch of the whales.");
    await adminThread.locator('input[type="file"]').setInputFiles({ name: "whale-sketch.pdf", mimeType: "application/pdf", buffer: PDF });
    await adminThread.getByRole("button", { name: "Send" }).click();
    const fromStudio = customerPage.getByTestId("message").filter({ hasText: "Here is a first sketch of the whales." });
    await expect(fromStudio).toBeVisible();
    await expect(fromStudio).toContainText("Lanternwood Studio");
    await expect(fromStudio).toContainText("whale-sketch.pdf");
    await expect(fromStudio.getByRole("link", { name: "Download" })).toBeVisible();

    // Customer → studio, with an attachment.
    await customerPage.getByLabel("Your reply").fill("Love it! Our wall measurements are attached.");
    await customerPage.locator('input[type="file"]').first().setInputFiles({ name: "wall.pdf", mimeType: "application/pdf", buffer: PDF });
    await customerPage.getByRole("button", { name: "Send" }).click();
    const fromCustomer = adminThread.getByTestId("message").filter({ hasText: "Our wall measurements are attached." });
    await expect(fromCustomer).toBeVisible();
    await expect(fromCustomer).toContainText("Milo");
    await expect(fromCustomer).toContainText("wall.pdf");
    await expect(adminThread.getByTestId("message").filter({ hasText: "first sketch" })).toContainText("You (Admin)");

    // The protected file downloads for its owner.
    const href = await fromStudio.getByRole("link", { name: "Download" }).getAttribute("href");
    const res = await customerPage.request.get(href!);
    expect(res.status()).toBe(200);
    expect((await su.collection("commission_messages").getFullList({ filter: `commission = "${commission.id}"` })).length).toBe(2);
  } finally {
    await customerContext.close();
    await adminContext.close();
  }
});

test("a password reset request shows its confirmation", async ({ page }) => {
  const customer = await createCustomer("Rue");
  await page.goto("/");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Forgot password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset your password" });
  await dialog.getByRole("textbox", { name: "Email" }).fill(customer.email);
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: `If an account exists for ${customer.email}` })).toBeVisible();
});

test("a request refused after it waited offline is edited and sent again from the status line", async ({ browser }) => {
  const su = await superuser();
  const customer = await createCustomer("Ivy");
  const context = await browser.newContext();
  const auth = await new PocketBase(baseUrl()).collection("users").authWithPassword(customer.email, customer.password);
  await context.addInitScript((value) => localStorage.setItem("pocketbase_auth", value), JSON.stringify({ token: auth.token, record: auth.record }));
  const page = await context.newPage();
  await page.goto("/commissions");
  await expect(page.getByText(`We'll reply to ${customer.email}.`)).toBeVisible();
  await context.setOffline(true);
  try {
    await page.getByLabel("Type of artwork").selectOption("outdoor-mural");
    // Longer than the server keeps (10,000 characters): the form lets it through, the server will not.
    await page.getByRole("textbox", { name: "Description" }).fill("A long harbor wall. ".repeat(600));
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByText("Thank You!")).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  const status = page.getByTestId("connection-status");
  await expect(status).toContainText("Not sent: Commission request: outdoor-mural.", { timeout: 15000 });

  await page.goto("/");
  await status.getByRole("link", { name: "Edit and resend" }).click();
  await expect(page).toHaveURL(/\/commissions\?edit=/);
  await expect(page.getByRole("alert")).toContainText("This request was not sent.");
  await expect(page.getByRole("alert")).toContainText("description");
  await expect(page.getByLabel("Type of artwork")).toHaveValue("outdoor-mural");
  const description = page.getByRole("textbox", { name: "Description" });
  await expect(description).toHaveValue(/^A long harbor wall\./);
  await description.fill("A harbor wall with lanterns, 6 m long.");
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Success! Your commission request has been submitted successfully.")).toBeVisible();
  await expect(status).toHaveCount(0);
  const rows = await su.collection("commissions").getFullList({ filter: su.filter("user = {:u}", { u: customer.id }) });
  expect(rows.map((r) => [r.type, r.description])).toEqual([["outdoor-mural", "A harbor wall with lanterns, 6 m long."]]);
  await context.close();
});
