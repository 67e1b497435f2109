// The studio app on a tablet: its own frame, the commission inbox following live messages from a
// customer's browser, the app-icon badge, an offline reply sent once, and no sideways scrolling.
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import PocketBase from "pocketbase";
import { admin, baseUrl, createCustomer, superuser } from "./support";

const LANDSCAPE = { width: 1180, height: 820 };
const PORTRAIT = { width: 820, height: 1180 };
const TABS = ["characters", "merchandise", "paintings", "books", "murals", "commissions", "orders", "letters", "abandoned-carts", "artist"];

declare global {
  interface Window {
    badgeCalls: number[];
  }
}

/** The admin, signed in, in a context whose Badging API records what the app asks of it. */
async function studio(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => {
    window.badgeCalls = [];
    Object.defineProperty(Navigator.prototype, "setAppBadge", { configurable: true, value: (n?: number) => (window.badgeCalls.push(n ?? -1), Promise.resolve()) });
    Object.defineProperty(Navigator.prototype, "clearAppBadge", { configurable: true, value: () => (window.badgeCalls.push(0), Promise.resolve()) });
  });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(admin().email);
  await page.getByLabel("Password").fill(admin().password);
  await page.locator("form").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  return page;
}

/** A customer signed in in a second browser context, the way the app keeps a session. */
async function customerBrowser(browser: Browser, customer: { email: string; password: string }): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext();
  const auth = await new PocketBase(baseUrl()).collection("users").authWithPassword(customer.email, customer.password);
  await context.addInitScript((value) => localStorage.setItem("pocketbase_auth", value), JSON.stringify({ token: auth.token, record: auth.record }));
  return { page: await context.newPage(), context };
}

const badge = (page: Page) => page.evaluate(() => window.badgeCalls.at(-1));
const conversations = (page: Page) => page.getByRole("list", { name: "Conversations" }).getByTestId("conversation");

/** Starts from a studio with nothing unread, so the counts below are this test's own. */
async function readEverything() {
  const su = await superuser();
  // The studio's unread are the customers' messages; its own (quote and receipt cards too) are the customer's to read.
  const unread = await su.collection("commission_messages").getFullList({ filter: "is_read = false && sender_role != 'admin'" });
  for (const m of unread) await su.collection("commission_messages").update(m.id, { is_read: true });
  return su;
}

for (const [name, viewport] of [
  ["landscape", LANDSCAPE],
  ["portrait", PORTRAIT],
] as const) {
  test.describe(`the studio in ${name} (${viewport.width}×${viewport.height})`, () => {
    test("the inbox follows live messages and requests; reading clears the counts and the app badge", async ({ browser }) => {
      const su = await readEverything();
      const milo = await createCustomer("Milo");
      // Unique per run, so repeated runs on one server never see each other's conversations.
      const who = `${name} ${Date.now().toString(36)}`;
      const older = await su.collection("commissions").create({ user: milo.id, type: "indoor-mural", description: "A reading nook with whales", contact_email: milo.email, contact_name: `Milo ${who}` });
      await su.collection("commissions").create({ type: "outdoor-mural", description: "A garden wall", contact_email: "wall@example.com", contact_name: `Wren ${who}` });

      const page = await studio(browser, viewport);
      await page.getByRole("tab", { name: "Commissions" }).click();
      await expect(conversations(page).first()).toContainText(`Wren ${who}`);
      await expect.poll(() => badge(page)).toBe(0);

      // The customer writes from their own browser: Shift+Enter is a new line, Enter sends.
      const customer = await customerBrowser(browser, milo);
      await customer.page.goto("/customer/dashboard");
      await customer.page.getByRole("button", { name: "Open conversation" }).click();
      const reply = customer.page.getByLabel("Your reply");
      await reply.fill("Hello studio!");
      await reply.press("Shift+Enter");
      await reply.pressSequentially("Two whales, please.");
      await expect(reply).toHaveValue("Hello studio!\nTwo whales, please.");
      await reply.press("Enter");
      await expect(customer.page.getByTestId("message").filter({ hasText: "Two whales, please." })).toBeVisible();
      await expect(reply).toHaveValue("");
      await reply.fill("And a lighthouse.");
      await reply.press("Enter");

      const top = conversations(page).first();
      await expect(top).toContainText(`Milo ${who}`);
      await expect(top).toContainText("Indoor mural");
      await expect(top).toContainText("Not Started");
      await expect(top).toContainText("And a lighthouse.");
      await expect(top.getByTestId("unread-count")).toHaveText("2");
      await expect(page.getByRole("tab", { name: /Commissions/ })).toContainText("2");
      await expect.poll(() => badge(page)).toBe(2);

      // A new request arrives live and goes to the top.
      await customer.page.goto("/commissions");
      await customer.page.getByLabel("Type of artwork").selectOption("watercolor-portrait");
      await customer.page.getByRole("textbox", { name: "Description" }).fill("Our dog on the pier");
      await customer.page.getByRole("button", { name: "Submit Request" }).click();
      await expect(customer.page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
      await expect(conversations(page).first()).toContainText("Watercolor portrait");
      await expect(conversations(page).first()).toContainText("New request: Our dog on the pier");
      await expect(conversations(page).nth(1)).toContainText(`Milo ${who}`);

      // Opening the thread reads it: the counts and the badge clear, on the server too.
      await conversations(page).filter({ hasText: `Milo ${who}` }).getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`/admin/commissions/${older.id}$`));
      const thread = page.getByRole("region", { name: `Conversation with Milo ${who}` });
      await expect(thread.getByTestId("message").filter({ hasText: "Two whales, please." })).toContainText("Milo");
      await expect(page.getByTestId("unread-count")).toHaveCount(0);
      await expect.poll(() => badge(page)).toBe(0);
      await expect.poll(async () => (await su.collection("commission_messages").getFullList({ filter: `commission = "${older.id}" && is_read = false` })).length).toBe(0);
      await expect(page.getByRole("tab", { name: /Commissions/ })).toHaveText("Commissions");

      if (name === "landscape") {
        // List and thread in one view.
        await expect(page.getByRole("list", { name: "Conversations" })).toBeVisible();
        await expect(thread.getByRole("link", { name: "Back to conversations" })).toBeHidden();
      } else {
        // The thread takes the screen; Back returns to the list.
        await expect(page.getByRole("list", { name: "Conversations" })).toBeHidden();
        await thread.getByRole("link", { name: "Back to conversations" }).click();
        await expect(page.getByRole("list", { name: "Conversations" })).toBeVisible();
        await conversations(page).filter({ hasText: `Milo ${who}` }).getByRole("link").click();
      }

      // Start is one tap from the thread, and so are the details.
      await thread.getByRole("button", { name: "Start" }).click();
      await expect(thread.getByRole("heading", { level: 2 }).locator("..")).toContainText("In Progress");
      await thread.getByRole("tab", { name: "Details" }).click();
      await expect(thread).toContainText("A reading nook with whales");

      // The studio answers live.
      await customer.page.goto("/customer/dashboard");
      await customer.page.getByRole("listitem").filter({ hasText: "A reading nook with whales" }).getByRole("button", { name: "Open conversation" }).click();
      await thread.getByRole("tab", { name: "Messages" }).click();
      await thread.getByLabel("Your reply").fill("Whales it is.");
      await thread.getByLabel("Your reply").press("Enter");
      await expect(thread.getByTestId("message").filter({ hasText: "Whales it is." })).toContainText("You (Admin)");
      await expect(customer.page.getByTestId("message").filter({ hasText: "Whales it is." })).toContainText("Lanternwood Studio");
      if (name === "portrait") await thread.getByRole("link", { name: "Back to conversations" }).click();
      await expect(conversations(page).first()).toContainText("You: Whales it is.");
      await customer.context.close();
      await page.context().close();
    });

    test("every section is reachable with no sideways page scroll", async ({ browser }) => {
      const page = await studio(browser, viewport);
      for (const tab of TABS) {
        await page.goto(`/admin/${tab}`);
        await expect(page.getByRole("tab", { selected: true })).toBeVisible();
        await expect(page.getByText(/^Loading/)).toHaveCount(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `/admin/${tab} scrolls sideways`).toBeLessThanOrEqual(0);
        // The studio's own frame: no shop navigation or footer, and a way back to the shop.
        await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
        await expect(page.getByRole("contentinfo")).toHaveCount(0);
        await expect(page.getByRole("link", { name: "Back to Website" })).toBeVisible();
      }
      await page.context().close();
    });
  });
}

test("a reply written offline waits in the outbox and is sent once on reconnect", async ({ browser }) => {
  const su = await superuser();
  const customer = await createCustomer("Olive");
  const c = await su.collection("commissions").create({ user: customer.id, type: "illustrated-book", description: "A picture book about tides", contact_email: customer.email, contact_name: "Olive Tide" });
  const page = await studio(browser, PORTRAIT);
  await page.goto(`/admin/commissions/${c.id}`);
  const thread = page.getByRole("region", { name: "Conversation with Olive Tide" });
  await expect(thread.getByText("No messages yet. Say hello!")).toBeVisible();

  await page.context().setOffline(true);
  try {
    await thread.getByLabel("Your reply").fill("Written on the ferry, no signal.");
    await thread.getByLabel("Your reply").press("Enter");
    await expect(thread.getByTestId("queued-message")).toContainText("Waiting to send");
    await expect(thread.getByText("You're offline: replies wait here and are sent when the connection returns.")).toBeVisible();
    // The reply box stays usable: nothing of the app's own status line covers it.
    await thread.getByLabel("Your reply").click();
    await expect(thread.getByLabel("Your reply")).toHaveValue("");
  } finally {
    await page.context().setOffline(false);
  }
  await expect(thread.getByTestId("message").filter({ hasText: "Written on the ferry, no signal." })).toBeVisible({ timeout: 15000 });
  await expect(thread.getByTestId("queued-message")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("region", { name: "Conversation with Olive Tide" }).getByTestId("message")).toHaveCount(1);
  const sent = await su.collection("commission_messages").getFullList({ filter: `commission = "${c.id}"` });
  expect(sent.map((m) => [m.content, m.sender_role])).toEqual([["Written on the ferry, no signal.", "admin"]]);
  await page.context().close();
});

test("files dropped on a thread go out with the reply, each with its own progress", async ({ browser }) => {
  const su = await superuser();
  const customer = await createCustomer("Pia");
  const c = await su.collection("commissions").create({ user: customer.id, type: "watercolor-illustration", description: "A map of the bay", contact_email: customer.email, contact_name: "Pia Bay" });
  const page = await studio(browser, LANDSCAPE);
  await page.goto(`/admin/commissions/${c.id}`);
  const thread = page.getByRole("region", { name: "Conversation with Pia Bay" });
  await expect(thread.getByText("No messages yet. Say hello!")).toBeVisible();

  const dropped = await page.evaluateHandle(() => {
    const pdf = (name: string, kb: number) => new File(["%PDF-1.4\n", "%".repeat(kb * 1024), "\n%%EOF\n"], name, { type: "application/pdf" });
    const data = new DataTransfer();
    data.items.add(pdf("bay-sketch.pdf", 300));
    data.items.add(pdf("palette.pdf", 20));
    return data;
  });
  await thread.locator(`[aria-label="Messages"]`).dispatchEvent("drop", { dataTransfer: dropped });
  await expect(thread.getByRole("list", { name: "Files to send" })).toContainText("bay-sketch.pdf");
  await expect(thread.getByRole("list", { name: "Files to send" })).toContainText("palette.pdf");

  // A slow uplink, so the upload can be watched going out.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 60 * 1024 });
  await thread.getByLabel("Your reply").fill("The sketch and the palette.");
  await thread.getByLabel("Your reply").press("Enter");
  await expect(thread.getByRole("progressbar", { name: "Sending bay-sketch.pdf" })).toBeVisible();
  await expect(thread.getByRole("progressbar", { name: "Sending palette.pdf" })).toBeVisible();
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const sent = thread.getByTestId("message").filter({ hasText: "The sketch and the palette." });
  await expect(sent).toContainText("bay-sketch.pdf", { timeout: 20000 });
  await expect(sent).toContainText("palette.pdf");
  await expect(sent).toContainText("300.0 KB");
  await page.context().close();
});

test("a long thread opens at the newest message and keeps its place when earlier ones are shown", async ({ browser }) => {
  const su = await superuser();
  const customer = await createCustomer("Lou");
  const c = await su.collection("commissions").create({ user: customer.id, type: "illustrated-book", description: "A long story", contact_email: customer.email, contact_name: "Lou Long" });
  for (let i = 1; i <= 60; i++) {
    await su.collection("commission_messages").create({ commission: c.id, content: `Page ${i} of the story.` });
  }
  const page = await studio(browser, PORTRAIT);
  await page.goto(`/admin/commissions/${c.id}`);
  const thread = page.getByRole("region", { name: "Conversation with Lou Long" });
  const messages = thread.locator(`[aria-label="Messages"]`);
  await expect(thread.getByTestId("message").last()).toContainText("Page 60 of the story.");
  await expect(thread.getByTestId("message").last()).toBeInViewport();
  await expect(thread.getByTestId("message")).toHaveCount(40);

  const reading = thread.getByTestId("message").filter({ hasText: "Page 21 of the story." });
  await messages.evaluate((el) => (el.scrollTop = 0));
  await expect(thread.getByTestId("message")).toHaveCount(60);
  // Page 21 was at the top before the earlier pages came in; it is still there, not pushed down.
  const box = await reading.boundingBox();
  const list = await messages.boundingBox();
  expect(Math.abs(box!.y - list!.y)).toBeLessThan(120);
  await expect(thread.getByTestId("message").first()).not.toBeInViewport();
  await page.context().close();
});

test("a visitor's install holds none of the studio; the tablet keeps all of it after one signed-in visit and opens it offline", async ({ browser, request }) => {
  const studioFiles: string[] = await (await request.get("/studio-files.json")).json();
  expect(studioFiles.length).toBeGreaterThan(0);
  const context = await browser.newContext({ viewport: PORTRAIT });
  const page = await context.newPage();
  const held = () => page.evaluate(async (urls) => (await Promise.all(urls.map(async (url) => ((await caches.match(url, { ignoreVary: true })) ? url : null)))).filter(Boolean), studioFiles);
  const controlled = () => page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 15000 });

  // A visitor: the worker takes charge and precaches the shop, none of the studio.
  await page.goto("/");
  await controlled();
  expect(await (await request.get("/sw.js")).text()).not.toMatch(new RegExp(studioFiles.map((f) => f.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|")));
  expect(await held()).toEqual([]);

  // The studio signs in and opens one tab; every screen it has is kept.
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(admin().email);
  await page.getByLabel("Password").fill(admin().password);
  await page.locator("form").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await controlled();
  await expect.poll(held, { timeout: 20000 }).toEqual([...studioFiles].sort());

  await context.setOffline(true);
  try {
    const tablet = await context.newPage();
    for (const tab of ["orders", "shipping", "discounts"]) {
      await tablet.goto(`/admin/${tab}`);
      await expect(tablet.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
      await expect(tablet.getByRole("tab", { selected: true })).toContainText(new RegExp(tab, "i"));
      await expect(tablet.getByText("Unexpected Application Error")).toHaveCount(0);
    }
  } finally {
    await context.setOffline(false);
    await context.close();
  }
});
