// Shared helpers for browser tests: API access to the seeded test server, and sign-in shortcuts.
import PocketBase from "pocketbase";
import { expect, type Page } from "@playwright/test";

export const baseUrl = () => process.env.STUDIO_E2E_URL!;

let signedIn: Promise<PocketBase> | undefined;

/**
 * A superuser client on the test server, for arranging and checking data through the API. One
 * sign-in serves the whole run: a sign-in per call meets the server's limit on password sign-ins
 * when tests are repeated.
 */
export function superuser(): Promise<PocketBase> {
  signedIn ??= (async () => {
    const pb = new PocketBase(baseUrl());
    pb.autoCancellation(false);
    await pb.collection("_superusers").authWithPassword(process.env.STUDIO_E2E_SU_EMAIL!, process.env.STUDIO_E2E_SU_PASSWORD!);
    return pb;
  })().catch((err) => {
    signedIn = undefined;
    throw err;
  });
  return signedIn;
}

export const admin = () => ({ email: process.env.STUDIO_E2E_ADMIN_EMAIL!, password: process.env.STUDIO_E2E_ADMIN_PASSWORD! });

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Creates a verified customer through the API. */
export async function createCustomer(first = "Cora") {
  const su = await superuser();
  const email = uniqueEmail(first.toLowerCase());
  const password = "watercolor-123";
  const record = await su.collection("users").create({ email, password, passwordConfirm: password, verified: true, first_name: first, last_name: "Reed" });
  return { email, password, id: record.id };
}

/** Signs in through the navbar's dialog. */
export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.getByRole("button", { name: "Sign in" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog).toBeHidden();
}

/** Signs the studio's admin in through the studio app's own sign-in page. */
export async function signInToStudio(page: Page) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(admin().email);
  await page.getByLabel("Password").fill(admin().password);
  await page.locator("form").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
}

/** The catalogue is synced into IndexedDB on the first visit; wait until a page shows it. */
export async function waitForCatalog(page: Page) {
  await expect(page.getByText("Loading...").first()).toBeHidden({ timeout: 15000 });
}

/** Fills in and sends the newsletter form from the header's button, as Ada <lastName>; the dialog closes. */
export async function signUpForNewsletter(page: Page, email: string, lastName: string) {
  await page.getByRole("button", { name: "Newsletter Signup" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("First Name").fill("Ada");
  await dialog.getByLabel("Last Name").fill(lastName);
  await dialog.getByRole("button", { name: "Subscribe" }).click();
  await expect(dialog).toHaveCount(0);
}
