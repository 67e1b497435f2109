// A commission thread on a bad network: each side loses its connection mid-conversation, the
// other keeps writing, and back online each catches up by cursor (one small request, no re-read
// of the thread) and shows every message exactly once, in the order sent.
import { expect, test, type BrowserContext, type Page, type Request } from "@playwright/test";
import { admin, createCustomer, signInThroughUi, superuser } from "./support";

async function send(page: Page, text: string) {
  await page.getByLabel("Your reply").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByLabel("Your reply")).toHaveValue("");
}

/** The thread's messages as shown, in order, keeping only this test's own. */
async function shown(page: Page, tag: string) {
  const texts = await page.getByTestId("message").allTextContents();
  return texts.map((t) => /\[\w+ \d+\]/.exec(t)?.[0]).filter((t): t is string => !!t && t.includes(tag));
}

/** Records the thread's reads after a reconnect: a catch-up by cursor, never a full listing. */
function threadReads(page: Page) {
  const reads: string[] = [];
  const onRequest = (r: Request) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === "GET" && path.includes("commission_messages")) reads.push(path);
  };
  page.on("request", onRequest);
  return { reads, stop: () => page.off("request", onRequest) };
}

async function cut(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect(page.getByTestId("connection-status")).toContainText("You're offline");
}

test("both sides lose the connection mid-thread and each catches up with every message once, in order", async ({ browser }) => {
  // Two browsers, seven messages, two cuts: longer than one page's flow.
  test.setTimeout(90_000);
  const tag = `t${Date.now() % 100000}`;
  const m = (n: number) => `[${tag} ${n}]`;
  const customer = await createCustomer("Ivy");
  const su = await superuser();
  const commission = await su.collection("commissions").create({ user: customer.id, type: "watercolor-portrait", description: "Our heron by the pier", contact_email: customer.email, contact_name: `Ivy ${tag}` });

  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await customerPage.goto("/");
  await signInThroughUi(customerPage, customer.email, customer.password);
  await customerPage.goto("/customer/dashboard");
  await customerPage.getByRole("button", { name: "Open conversation" }).click();

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminPage.goto("/admin/login");
  await adminPage.getByLabel("Email").fill(admin().email);
  await adminPage.getByLabel("Password").fill(admin().password);
  await adminPage.locator("form").getByRole("button", { name: "Sign in" }).click();
  await expect(adminPage.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  // The studio opens the conversation at its own address in the inbox.
  await adminPage.goto(`/admin/commissions/${commission.id}`);
  await expect(adminPage.getByRole("region", { name: `Conversation with Ivy ${tag}` }).getByLabel("Your reply")).toBeVisible();

  try {
    await send(adminPage, `${m(1)} Sketches by Friday.`);
    await send(customerPage, `${m(2)} Lovely, thank you!`);
    await expect.poll(() => shown(adminPage, tag)).toEqual([m(1), m(2)]);
    await expect.poll(() => shown(customerPage, tag)).toEqual([m(1), m(2)]);

    // The customer drops off; the studio keeps writing; the customer writes offline too.
    await cut(customerContext, customerPage);
    await send(adminPage, `${m(3)} Here is the pier at dawn.`);
    await send(adminPage, `${m(4)} And one at dusk.`);
    await customerPage.getByLabel("Your reply").fill(`${m(5)} Dusk, please.`);
    await customerPage.getByRole("button", { name: "Send" }).click();
    await expect(customerPage.getByText("Waiting to send")).toBeVisible();
    const customerReads = threadReads(customerPage);
    await customerContext.setOffline(false);
    await expect.poll(() => shown(customerPage, tag)).toEqual([m(1), m(2), m(3), m(4), m(5)]);
    await expect.poll(() => shown(adminPage, tag)).toEqual([m(1), m(2), m(3), m(4), m(5)]);
    customerReads.stop();
    expect(customerReads.reads).toContain("/api/studio/changes/commission_messages");
    expect(customerReads.reads).not.toContain("/api/collections/commission_messages/records");

    // Now the studio drops off while the customer writes.
    await cut(adminContext, adminPage);
    await send(customerPage, `${m(6)} Could the heron hold a fish?`);
    await send(customerPage, `${m(7)} A small one.`);
    const adminReads = threadReads(adminPage);
    await adminContext.setOffline(false);
    await expect.poll(() => shown(adminPage, tag)).toEqual([m(1), m(2), m(3), m(4), m(5), m(6), m(7)]);
    adminReads.stop();
    expect(adminReads.reads).toContain("/api/studio/changes/commission_messages");
    expect(adminReads.reads).not.toContain("/api/collections/commission_messages/records");
    await expect.poll(() => shown(customerPage, tag)).toEqual([m(1), m(2), m(3), m(4), m(5), m(6), m(7)]);

    const stored = await su.collection("commission_messages").getFullList({ filter: `commission = "${commission.id}"`, sort: "created" });
    expect(stored.map((r) => /\[\w+ \d+\]/.exec(r.content)?.[0])).toEqual([1, 2, 3, 4, 5, 6, 7].map(m));
  } finally {
    await customerContext.close();
    await adminContext.close();
  }
});
