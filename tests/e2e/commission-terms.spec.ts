// The studio's terms on the request form and in the thread, and a revision asked for on a proof.
import { expect, test, type Browser } from "@playwright/test";
import PocketBase from "pocketbase";
import { admin, baseUrl, createCustomer, superuser } from "./support";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

async function writeTerms(text: string) {
  const su = await superuser();
  return (await su.send<{ terms: { version: number; digest: string } }>("/api/studio/commission-terms", { method: "POST", body: { text } })).terms;
}

/** A signed-in customer's browser, and their API client. */
async function customerBrowser(browser: Browser, first: string) {
  const customer = await createCustomer(first);
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  const auth = await pb.collection("users").authWithPassword(customer.email, customer.password);
  const context = await browser.newContext();
  await context.addInitScript((value) => localStorage.setItem("pocketbase_auth", value), JSON.stringify({ token: auth.token, record: auth.record }));
  return { customer, pb, context, page: await context.newPage() };
}

type Limits = { enabled: boolean; rules: { label: string; maxRequests: number; duration: number; audience: string }[] };
let limits: Limits | undefined;

// Each browser here sends its requests from one address, and the tests repeat: the per-address
// limit on requests is another test's subject.
test.beforeAll(async () => {
  const su = await superuser();
  limits = ((await su.settings.getAll()) as { rateLimits: Limits }).rateLimits;
  const rules = limits.rules.map((r) => (r.label === "commissions:create" ? { ...r, maxRequests: 1000 } : r));
  await su.settings.update({ rateLimits: { ...limits, rules } });
});

test.afterAll(async () => {
  if (limits) await (await superuser()).settings.update({ rateLimits: limits });
});

// Other tests send requests with no terms to accept: none are left behind.
test.afterEach(async () => {
  const su = await superuser();
  for (const t of await su.collection("commission_terms").getFullList()) await su.collection("commission_terms").delete(t.id);
});

test("the form shows the terms, sends only once they are accepted, and keeps everything when they change meanwhile", async ({ browser }) => {
  const stamp = Date.now();
  const v1 = await writeTerms(`Refunds: the deposit is kept once sketching starts. (${stamp})\nUsage: personal use only.`);
  const { customer, context, page } = await customerBrowser(browser, "Wren");
  try {
    await page.goto("/commissions");
    const form = page.locator("form").filter({ hasText: "Submit Request" });
    await expect(form.getByRole("heading", { name: "The studio's terms" })).toBeVisible();
    await expect(form.getByRole("region", { name: `The studio's terms, version ${v1.version}` })).toContainText(`(${stamp})`);
    await page.getByLabel("Type of artwork").selectOption("watercolor-portrait");
    await page.getByRole("textbox", { name: "Description" }).fill("Our hedgehog reading by lantern light");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByTestId("toast")).toContainText("Terms not accepted");
    const accept = page.getByRole("checkbox", { name: `I have read and accept the studio's terms (version ${v1.version})` });
    await expect(accept).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Please read the studio's terms and accept them to send your request.")).toBeVisible();
    await accept.check();

    // The studio changes its terms while the form is open: the request comes back, nothing lost.
    const v2 = await writeTerms(`Refunds: the deposit is kept once sketching starts. (${stamp})\nUsage: personal use; prints need asking.`);
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Submission failed" })).toContainText(`version ${v2.version} is current`);
    await expect(page.getByRole("textbox", { name: "Description" })).toHaveValue("Our hedgehog reading by lantern light");
    await expect(page.getByLabel("Type of artwork")).toHaveValue("watercolor-portrait");
    const acceptNew = page.getByRole("checkbox", { name: `I have read and accept the studio's terms (version ${v2.version})` });
    await expect(acceptNew).not.toBeChecked();
    await expect(form.getByRole("region", { name: `The studio's terms, version ${v2.version}` })).toContainText("prints need asking");
    await acceptNew.check();
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByText("Success! Your commission request has been submitted successfully.")).toBeVisible();

    const su = await superuser();
    const rows = await su.collection("commissions").getFullList({ filter: su.filter("user = {:u}", { u: customer.id }) });
    expect(rows.map((r) => [r.terms_version, r.terms_digest])).toEqual([[v2.version, v2.digest]]);

    // Both sides see the version in the thread, with its text a click away.
    await page.goto("/customer/dashboard");
    await expect(page.getByText("Waiting for the studio, since today")).toBeVisible();
    await page.getByRole("button", { name: "Open conversation" }).click();
    const line = page.getByTestId("accepted-terms");
    await expect(line).toContainText(`Terms version ${v2.version} accepted`);
    await line.getByText(`Terms version ${v2.version} accepted`).click();
    await expect(line.getByRole("region", { name: `The terms accepted, version ${v2.version}` })).toContainText("prints need asking");
  } finally {
    await context.close();
  }
});

test("a request queued offline that meets new terms comes back to be accepted, never lost", async ({ browser }) => {
  const v1 = await writeTerms(`Refunds: none once the paint is dry. (${Date.now()})`);
  const { customer, context, page } = await customerBrowser(browser, "Fern");
  try {
    await page.goto("/commissions");
    await expect(page.getByRole("checkbox", { name: `I have read and accept the studio's terms (version ${v1.version})` })).toBeVisible();
    await context.setOffline(true);
    try {
      await page.getByLabel("Type of artwork").selectOption("indoor-mural");
      await page.getByRole("textbox", { name: "Description" }).fill("A fox family across the nursery wall");
      await page.getByRole("checkbox", { name: `I have read and accept the studio's terms (version ${v1.version})` }).check();
      await page.getByRole("button", { name: "Submit Request" }).click();
      await expect(page.getByText("Thank You!")).toBeVisible();
      await writeTerms(`Refunds: none once the paint is dry, and none for murals after the wall is primed. (${Date.now()})`);
    } finally {
      await context.setOffline(false);
    }
    const status = page.getByTestId("connection-status");
    await expect(status).toContainText("Not sent: Commission request: indoor-mural.", { timeout: 15000 });
    await status.getByRole("link", { name: "Edit and resend" }).click();
    await expect(page.getByRole("alert")).toContainText(`version ${v1.version + 1} is current`);
    await expect(page.getByRole("textbox", { name: "Description" })).toHaveValue("A fox family across the nursery wall");
    await page.getByRole("checkbox", { name: `I have read and accept the studio's terms (version ${v1.version + 1})` }).check();
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByText("Success! Your commission request has been submitted successfully.")).toBeVisible();
    const su = await superuser();
    const rows = await su.collection("commissions").getFullList({ filter: su.filter("user = {:u}", { u: customer.id }) });
    expect(rows.map((r) => [r.description, r.terms_version])).toEqual([["A fox family across the nursery wall", v1.version + 1]]);
  } finally {
    await context.close();
  }
});

test("the customer asks for a revision on a proof and the thread counts it", async ({ browser }) => {
  const terms = await writeTerms(`Revisions: as the quote says. (${Date.now()})`);
  const { pb, context, page } = await customerBrowser(browser, "Moss");
  const su = await superuser();
  try {
    const c = await pb.collection("commissions").create({ type: "watercolor-portrait", description: "Grandma's garden in June", contact_email: "x@example.com", terms_version: terms.version, terms_digest: terms.digest });
    await su.send(`/api/studio/commissions/${c.id}/quotes`, { method: "POST", body: { total_cents: 18000, revisions_included: 2 } });
    const body = new FormData();
    body.set("commission", c.id);
    body.set("kind", "proof");
    body.set("file", new File([PNG], "garden-sketch.png", { type: "image/png" }));
    await su.collection("commission_files").create(body);

    await page.goto("/customer/dashboard");
    await page.getByRole("button", { name: "Open conversation" }).click();
    await expect(page.getByTestId("accepted-terms")).toContainText(`Terms version ${terms.version} accepted`);
    await page.getByRole("tab", { name: "Files" }).click();
    await page.getByRole("button", { name: "Request a revision" }).click();
    const dialog = page.getByRole("dialog", { name: "Request a revision" });
    await dialog.getByRole("textbox", { name: "What should change? (optional)" }).fill("More roses by the gate, please");
    await dialog.getByRole("button", { name: "Send the request" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Revision 1 requested")).toBeVisible();
    await expect(page.getByRole("button", { name: "Request a revision" })).toHaveCount(0);

    await page.getByRole("tab", { name: "Messages" }).click();
    const card = page.getByTestId("message").filter({ hasText: "More roses by the gate" });
    await expect(card).toContainText("Revision 1 of 2");
    await expect(card).toContainText("Revision 1 of 2 requested on garden-sketch.png.");
    expect(await su.collection("commission_revisions").getFullList({ filter: su.filter("commission = {:c}", { c: c.id }) })).toHaveLength(1);
  } finally {
    await context.close();
  }
});

test("the studio writes its terms in the app, each change a version, and sees a revision past the allowance", async ({ browser, page }) => {
  const { pb, context } = await customerBrowser(browser, "Sage");
  await context.close();
  const su = await superuser();
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(admin().email);
  await page.getByLabel("Password").fill(admin().password);
  await page.locator("form").getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("tab", { name: /Commissions/ }).click();
  await page.getByRole("link", { name: "Terms" }).click();
  await expect(page.getByText("No terms yet: requests are sent without accepting any.")).toBeVisible();
  const text = page.getByRole("textbox", { name: "Commission terms" });
  await text.fill("Refunds: the deposit is kept once sketching starts.");
  await page.getByRole("button", { name: "Save the terms" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Version 1 saved" })).toBeVisible();
  await text.fill("Refunds: the deposit is kept once sketching starts.\nRevisions: two, then priced.");
  await page.getByRole("button", { name: "Save as a new version" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Version 2 saved" })).toBeVisible();
  await expect(page.getByText("Earlier versions (1)")).toBeVisible();

  const current = await pb.send<{ version: number; digest: string }>("/api/studio/commission-terms", { method: "GET" });
  expect(current.version).toBe(2);
  const c = await pb.collection("commissions").create({ type: "watercolor-illustration", description: "A lighthouse keeper's cat", contact_email: "x@example.com", contact_name: "Sage Reed", terms_version: 2, terms_digest: current.digest });
  await su.send(`/api/studio/commissions/${c.id}/quotes`, { method: "POST", body: { total_cents: 9000, revisions_included: 1 } });
  for (const name of ["cat-1.png", "cat-2.png"]) {
    const body = new FormData();
    body.set("commission", c.id);
    body.set("kind", "proof");
    body.set("file", new File([PNG], name, { type: "image/png" }));
    const proof = await su.collection("commission_files").create(body);
    await pb.send(`/api/studio/commission-files/${proof.id}/revision`, { method: "POST", body: { note: `Brighter, on ${name}` } });
  }
  await page.getByRole("link", { name: "Inbox" }).click();
  await page.getByRole("link", { name: /Sage Reed/ }).first().click();
  const thread = page.getByRole("region", { name: "Conversation with Sage Reed" });
  await expect(thread.getByTestId("accepted-terms")).toContainText("Terms version 2 accepted");
  await expect(thread.getByTestId("message").filter({ hasText: "Brighter, on cat-1.png" })).toContainText("Revision 1 of 1");
  const past = thread.getByTestId("message").filter({ hasText: "Brighter, on cat-2.png" });
  await expect(past).toContainText("Revision 2, past the 1 included");
  await expect(past).toContainText("Past the revisions the quote includes: you can price it as an addition under Payments.");
});
