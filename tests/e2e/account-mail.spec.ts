// The account letters end to end: the mail arrives at a real SMTP server, its link opens the
// shop's own page in the browser, and what that page sets works.
import { test, expect } from "@playwright/test";
import { mailBox, linkIn } from "../support/maildev";
import { baseUrl, createCustomer, signInThroughUi, superuser, uniqueEmail } from "./support";

const mail = () => mailBox(process.env.STUDIO_E2E_MAIL_API!);

test("a forgotten password: the letter's link sets a new one, which signs in", async ({ page }) => {
  const customer = await createCustomer("Wren");
  await page.goto("/");
  await page.getByRole("button", { name: "Sign in" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByRole("button", { name: "Forgot password?" }).click();
  const reset = page.getByRole("dialog", { name: "Reset your password" });
  await reset.getByLabel("Email").fill(customer.email);
  await reset.getByRole("button", { name: "Send reset link" }).click();
  await expect(reset.getByRole("status").filter({ hasText: customer.email })).toBeVisible();

  const letter = await mail().waitFor(customer.email, /new password/);
  const link = linkIn(letter, `${baseUrl()}/reset-password?token=`);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(page.getByText(`For your account ${customer.email}.`)).toBeVisible();

  await page.getByRole("textbox", { name: "New password", exact: true }).fill("sea-glass-lantern");
  await page.getByLabel("Repeat the new password").fill("sea-glass-lantarn");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("The two passwords do not match.")).toBeVisible();
  await page.getByLabel("Repeat the new password").fill("sea-glass-lantern");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("heading", { name: "Your new password is set" })).toBeVisible();

  await page.getByRole("button", { name: "Sign in" }).last().click();
  const signIn = page.getByRole("dialog", { name: "Sign in" });
  await expect(signIn.getByLabel("Email")).toHaveValue(customer.email);
  await signIn.getByLabel("Password").fill("sea-glass-lantern");
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(signIn).toBeHidden();
  await expect(page.getByRole("button", { name: /Wren/ }).or(page.getByRole("link", { name: /Wren|My account|Dashboard/ })).first()).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByRole("textbox", { name: "New password", exact: true }).fill("another-secret-1");
  await page.getByLabel("Repeat the new password").fill("another-secret-1");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("alert")).toHaveText("This link has expired or was already used. Ask for a new one below.");
});

test("a new account gets a letter whose link confirms the address", async ({ page }) => {
  const email = uniqueEmail("ivy");
  await page.goto("/");
  await page.getByRole("button", { name: "Sign in" }).first().click();
  await page.getByRole("dialog", { name: "Sign in" }).getByRole("button", { name: "Create an account" }).click();
  const dialog = page.getByRole("dialog", { name: "Create your account" });
  await dialog.getByLabel("First name").fill("Ivy");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill("tidepool-22");
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(dialog).toBeHidden();

  const letter = await mail().waitFor(email, /confirm your address/);
  await page.goto(linkIn(letter, `${baseUrl()}/confirm-verification?token=`));
  await expect(page.getByRole("heading", { name: "Your address is confirmed" })).toBeVisible();
  const su = await superuser();
  expect((await su.collection("users").getFirstListItem(su.filter("email = {:e}", { e: email }))).verified).toBe(true);
});

test("an email change asked for on the dashboard is confirmed with the password from the letter sent to the new address", async ({ page }) => {
  const customer = await createCustomer("Moss");
  const newEmail = uniqueEmail("moss-new");
  await page.goto("/customer/dashboard");
  await signInThroughUi(page, customer.email, customer.password);
  await expect(page.getByText(`You sign in with ${customer.email}, a confirmed address.`)).toBeVisible();
  await page.getByLabel("New email address").fill(newEmail);
  await page.getByRole("button", { name: "Change my email" }).click();
  await expect(page.getByRole("status").filter({ hasText: `A letter is on its way to ${newEmail}.` })).toBeVisible();

  const letter = await mail().waitFor(newEmail, /new address/);
  await page.goto(linkIn(letter, `${baseUrl()}/confirm-email-change?token=`));
  await expect(page.getByText(`Move your account from ${customer.email} to ${newEmail}`)).toBeVisible();
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Confirm new address" }).click();
  await expect(page.getByRole("alert")).toHaveText("That password is not right. Please try again.");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Confirm new address" }).click();
  await expect(page.getByRole("heading", { name: "Your new address is set" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in" }).last().click();
  const signIn = page.getByRole("dialog", { name: "Sign in" });
  await expect(signIn.getByLabel("Email")).toHaveValue(newEmail);
  await signIn.getByLabel("Password").fill(customer.password);
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(signIn).toBeHidden();
});
