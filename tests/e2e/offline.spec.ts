// The shop with no signal: after one online visit every public page opens and navigates offline
// with the images seen, the cart keeps working, what a person sends offline reaches the server once
// on reconnect, and changes made meanwhile arrive when the connection returns.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import PocketBase from "pocketbase";
import { form, pngFile } from "../support/files";
import { pieceAddress } from "../../src/lib/addresses";
import { signUpForNewsletter } from "./support";

const url = () => process.env.STUDIO_E2E_URL!;

async function superuser() {
  const pb = new PocketBase(url());
  pb.autoCancellation(false);
  await pb.collection("_superusers").authWithPassword(process.env.STUDIO_E2E_SU_EMAIL!, process.env.STUDIO_E2E_SU_PASSWORD!);
  return pb;
}

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 15000 });
}

/** Scrolls through the page so lazy images load, then waits until every image has settled. */
async function settleImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  // Images that are laid out (not inside a closed section) have all loaded or failed.
  const pending = () =>
    page.evaluate(() =>
      Array.from(document.images)
        .filter((img) => !img.complete && img.getClientRects().length > 0)
        .map((img) => `${img.alt} ${img.loading} ${img.currentSrc || img.src}`),
    );
  await expect.poll(pending, { timeout: 20000 }).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Catalogue pictures on the page that loaded, by file: the browser may choose another size of the
 * same picture from its srcset (a larger one it already holds, say, after a piece's page).
 */
async function loadedImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((img) => img.currentSrc.includes("/api/files/") && img.naturalWidth > 0)
      .map((img) => img.currentSrc.split("?")[0]),
  );
}

async function noErrorScreen(page: Page) {
  for (const text of ["Unexpected Application Error", "Page not found", "Failed to load", "Something went wrong"]) {
    await expect(page.getByText(text, { exact: false })).toHaveCount(0);
  }
}

async function offline(context: BrowserContext, on: boolean) {
  await context.setOffline(on);
}

/** A new verified customer, signed in in this browser context the way the app keeps a session (PocketBase's persisted auth). */
async function signIn(context: BrowserContext) {
  const su = await superuser();
  const email = `patron-${Date.now()}@reader.example`;
  const password = "tide-lantern-42";
  const user = await su.collection("users").create({ email, password, passwordConfirm: password, verified: true, first_name: "Ida", last_name: "Patron" });
  const auth = await new PocketBase(url()).collection("users").authWithPassword(email, password);
  await context.addInitScript((value) => localStorage.setItem("pocketbase_auth", value), JSON.stringify({ token: auth.token, record: auth.record }));
  return { user, email };
}

interface RouteCheck {
  path: string;
  texts: string[];
}

async function publicRoutes(): Promise<RouteCheck[]> {
  const pb = new PocketBase(url());
  const book = await pb.collection("books").getFirstListItem("", { sort: "title" });
  const painting = await pb.collection("paintings").getFirstListItem('title = "Lanterns Over Pebble Cove"');
  const character = await pb.collection("characters").getFirstListItem('name = "Mothwing"');
  return [
    { path: "/", texts: ["Watercolor Fairy Tale Art", "Current Characters", "Core Alliance Members", "Featured Artwork"] },
    { path: "/gallery", texts: ["Gallery & Shop", "Lanterns Over Pebble Cove", "Harbor of Little Lights", "Pebblewick Lighthouse Tee"] },
    { path: "/about", texts: ["Elowen Marsh", "Mission", "Artistic Style"] },
    { path: "/pebblewick", texts: ["Marigold Periwinkle", "Coming Soon"] },
    { path: "/cryptids", texts: ["Mothwing", "Bramble"] },
    { path: "/commissions", texts: ["Commission Your Artwork", "Type of artwork"] },
    { path: `/book/${book.id}`, texts: [book.title as string] },
    // A piece's own address, as shared: its page comes from the catalogue kept in the browser.
    { path: pieceAddress("gallery", painting as never), texts: ["Lanterns Over Pebble Cove", "Pricing"] },
    { path: pieceAddress("cryptids", character as never), texts: ["Mothwing", "Bio"] },
  ];
}

async function expectTexts(page: Page, texts: string[]) {
  for (const text of texts) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
}

test.describe("offline", () => {
  test.setTimeout(180_000);

  test("every public page opens and navigates offline, with the images seen online", async ({ page, context }) => {
    const routes = await publicRoutes();
    await page.goto("/");
    await controlled(page);
    const seen = new Map<string, string[]>();
    for (const route of routes) {
      await page.goto(route.path);
      await expectTexts(page, route.texts);
      await settleImages(page);
      seen.set(route.path, await loadedImages(page));
    }
    expect([...seen.values()].flat().length, "the pages show catalogue images").toBeGreaterThan(10);

    await offline(context, true);
    try {
      for (const route of routes) {
        await page.goto(route.path);
        await expectTexts(page, route.texts);
        await noErrorScreen(page);
        await settleImages(page);
        const now = new Set(await loadedImages(page));
        const missing = seen.get(route.path)!.filter((src) => !now.has(src));
        expect(missing, `images seen online are shown offline on ${route.path}`).toEqual([]);
      }

      // In-app navigation and the gallery's dialogs, still offline.
      await page.goto("/");
      await page.getByRole("link", { name: "Shop Now" }).click();
      await expect(page.getByRole("heading", { name: "Gallery & Shop" })).toBeVisible();
      await page.getByRole("link", { name: /^View Details/ }).first().click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText("Pricing")).toBeVisible();
      await dialog.getByRole("button", { name: "Close" }).first().click();
      await expect(dialog).toHaveCount(0);
      await page.getByRole("button", { name: "View Purchase Options" }).first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);

      await page.goto("/pebblewick");
      await page.getByText("Marigold Periwinkle").first().click();
      await expect(page.getByRole("dialog")).toContainText("Bio");
      await page.keyboard.press("Escape");
      await noErrorScreen(page);
      await expect(page.getByTestId("connection-status")).toContainText("You're offline");
    } finally {
      await offline(context, false);
    }
    await expect(page.getByTestId("connection-status")).toHaveCount(0);
  });

  test("the cart works offline and survives a reload", async ({ page, context }) => {
    await page.goto("/");
    await controlled(page);
    await expect(page.getByText("Watercolor Fairy Tale Art")).toBeVisible();
    await offline(context, true);
    try {
      await page.reload();
      await page.getByRole("button", { name: "Add to Cart" }).first().click();
      await expect(page.getByText("Shopping Cart (1)")).toBeVisible();
      await page.reload();
      await page.getByRole("button", { name: /cart/i }).first().click();
      await expect(page.getByText("Shopping Cart (1)")).toBeVisible();
      await expect(page.getByText("The Lantern Keeper of Pebblewick").first()).toBeVisible();
      // Checkout says why payment waits instead of failing.
      await page.getByRole("button", { name: "Checkout" }).click();
      await expect(page.getByText("Payment needs a connection")).toBeVisible();
      await expect(page.getByRole("button", { name: "Proceed to Stripe" })).toBeDisabled();
    } finally {
      await offline(context, false);
    }
    await expect(page.getByRole("button", { name: "Proceed to Stripe" })).toBeEnabled();
  });

  test("a newsletter signup made offline waits in the outbox, survives a reload, and reaches the server once", async ({ page, context }) => {
    const email = `offline-${Date.now()}@reader.example`;
    const posts: string[] = [];
    page.on("requestfinished", (req) => {
      if (req.method() === "POST" && req.url().endsWith("/api/studio/newsletter")) posts.push(req.url());
    });
    await page.goto("/");
    await controlled(page);
    await offline(context, true);
    try {
      await signUpForNewsletter(page, email, "Offline");
      await expect(page.getByTestId("toast")).toContainText("Newsletter signup successful!");
      await expect(page.getByTestId("toast")).toContainText("Thank you for subscribing to our newsletter.");
      const status = page.getByTestId("connection-status");
      await expect(status).toContainText("1 request will be sent when the connection returns");
      await expect(status).toContainText(`Newsletter signup: ${email}`);
      await page.reload();
      await expect(status).toContainText(`Newsletter signup: ${email}`);
    } finally {
      await offline(context, false);
    }
    // Sent with no form open: said in the live region, not only by the line going away.
    await expect(page.getByRole("status").filter({ hasText: "Saved request sent" })).toContainText(`Newsletter signup: ${email}`, { timeout: 15000 });
    await expect(page.getByTestId("connection-status")).toHaveCount(0, { timeout: 15000 });
    const pb = await superuser();
    const rows = await pb.collection("newsletter_subscribers").getFullList({ filter: pb.filter("email = {:email}", { email }) });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ first_name: "Ada", last_name: "Offline" });
    // Sent once: one request reached the server, and the row was never written a second time.
    await page.waitForTimeout(1500);
    expect(posts).toHaveLength(1);
    expect(rows[0].updated).toBe(rows[0].created);
  });

  test("with text at 200 %, a sent request's toast breaks its long address and keeps Dismiss inside the card", async ({ page, context }) => {
    const email = `lanternkeeperofpebblewickbythesea${Date.now()}@reader.example`;
    await page.goto("/");
    await controlled(page);
    // The browser's own text size at 200 %.
    await (await context.newCDPSession(page)).send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
    await offline(context, true);
    try {
      await signUpForNewsletter(page, email, "Longname");
    } finally {
      await offline(context, false);
    }
    const toast = page.getByTestId("toast").filter({ hasText: "Saved request sent" });
    await expect(toast).toContainText(email, { timeout: 15000 });
    const card = (await toast.boundingBox())!;
    const dismiss = (await toast.getByRole("button", { name: "Dismiss notification" }).boundingBox())!;
    expect(dismiss.x + dismiss.width).toBeLessThanOrEqual(card.x + card.width);
    expect(await toast.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  test("changes made while a visitor is offline reach the open page on reconnect, deletions included", async ({ page, context }) => {
    const pb = await superuser();
    const stamp = Date.now();
    const changing = await pb.collection("paintings").create(
      form({ title: `Tide Lantern ${stamp}`, description: "Before", tags: ["Custom Artwork"], tag_prices: {}, featured: false }, { image: pngFile() }),
    );
    const leaving = await pb.collection("murals").create(form({ title: `Vanishing Mural ${stamp}`, location: "Pier 9", year: 2025 }, { image: pngFile() }));
    try {
      await page.goto("/gallery");
      await controlled(page);
      await expect(page.getByText(`Tide Lantern ${stamp}`)).toBeVisible();
      await expect(page.getByText(`Vanishing Mural ${stamp}`)).toBeVisible();

      await offline(context, true);
      await pb.collection("paintings").update(changing.id, { title: `Tide Lantern ${stamp} (repainted)` });
      await pb.collection("murals").delete(leaving.id);
      await page.waitForTimeout(500);
      await expect(page.getByText(`Vanishing Mural ${stamp}`)).toBeVisible();
      await offline(context, false);

      await expect(page.getByText(`Tide Lantern ${stamp} (repainted)`)).toBeVisible({ timeout: 15000 });
      await expect(page.getByText(`Vanishing Mural ${stamp}`)).toHaveCount(0);
      await noErrorScreen(page);
    } finally {
      await pb.collection("paintings").delete(changing.id).catch(() => undefined);
      await pb.collection("murals").delete(leaving.id).catch(() => undefined);
    }
  });
  test("a commission request made offline by a signed-in customer reaches the server once, as theirs", async ({ page, context }) => {
    const su = await superuser();
    const { user, email } = await signIn(context);
    const description = `A portrait of our lighthouse cat, painted offline ${Date.now()}`;
    const posts: string[] = [];
    page.on("requestfinished", (req) => {
      if (req.method() === "POST" && req.url().includes("/api/collections/commissions/records")) posts.push(req.url());
    });

    await page.goto("/commissions");
    await controlled(page);
    await expect(page.getByText(`We'll reply to ${email}.`)).toBeVisible();
    await offline(context, true);
    try {
      await page.reload();
      await page.getByLabel("Type of artwork").selectOption("watercolor-portrait");
      await page.getByRole("textbox", { name: "Description" }).fill(description);
      await page.getByRole("button", { name: "Submit Request" }).click();
      await expect(page.getByText("Thank You!")).toBeVisible();
      await expect(page.getByText("will be sent as soon as you're back online").first()).toBeVisible();
      await page.reload();
      await expect(page.getByTestId("connection-status")).toContainText("Commission request: watercolor-portrait");
      expect(posts).toEqual([]);
    } finally {
      await offline(context, false);
    }
    await expect(page.getByTestId("connection-status")).toHaveCount(0, { timeout: 15000 });
    const rows = await su.collection("commissions").getFullList({ filter: su.filter("description = {:d}", { d: description }) });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user: user.id, type: "watercolor-portrait", contact_email: email, status: "Not Started" });
    await page.waitForTimeout(1500);
    expect(posts).toHaveLength(1);
  });
  test("a commission's quote and receipt seen online stay readable offline, and paying says it needs a connection", async ({ page, context }) => {
    const su = await superuser();
    const { user, email } = await signIn(context);
    const commission = await su.collection("commissions").create({ user: user.id, type: "indoor-mural", description: "Foxes along the stairs", contact_email: email });
    const quoted = await su.send(`/api/studio/commissions/${commission.id}/quotes`, { method: "POST", body: { total_cents: 60000, deposit_percent: 25 } });
    // The deposit is paid (on the demo page, through the API): a receipt to read later.
    const customer = new PocketBase(url());
    await customer.collection("users").authWithPassword(email, "tide-lantern-42");
    const started = await customer.send(`/api/studio/commission-quotes/${quoted.id}/pay`, { method: "POST" });
    await customer.send(`/api/studio/checkout/${started.session_id}/pay`, { method: "POST", body: {} });
    await page.goto("/customer/dashboard");
    await controlled(page);
    await page.getByRole("button", { name: "Open conversation" }).click();
    await page.getByRole("tab", { name: "Payments" }).click();
    await expect(page.getByTestId("quote")).toContainText("Quote: $600.00");
    await expect(page.getByTestId("receipt")).toContainText("Deposit $150.00");
    await expect(page.getByRole("button", { name: "Pay balance $450.00" }).first()).toBeEnabled();
    await offline(context, true);
    try {
      await page.reload();
      await page.getByRole("button", { name: "Open conversation" }).click();
      await page.getByRole("tab", { name: "Payments" }).click();
      await expect(page.getByTestId("quote")).toContainText("Deposit $150.00 · balance $450.00");
      await expect(page.getByTestId("receipt")).toContainText("Deposit $150.00");
      await expect(page.getByText("Paying needs a connection.").first()).toBeVisible();
    } finally {
      await offline(context, false);
    }
  });

  test("a request the server refuses after reconnect is shown with the reason and kept until dismissed", async ({ page, context }) => {
    const su = await superuser();
    const { user } = await signIn(context);
    await page.goto("/commissions");
    await controlled(page);
    await offline(context, true);
    try {
      await page.getByLabel("Type of artwork").selectOption("indoor-mural");
      // Longer than the server keeps (10,000 characters): the form lets it through, the server will not.
      await page.getByRole("textbox", { name: "Description" }).fill("A very long wall. ".repeat(600));
      await page.getByRole("button", { name: "Submit Request" }).click();
      await expect(page.getByText("Thank You!")).toBeVisible();
    } finally {
      await offline(context, false);
    }
    // Said in the live region; the list it points to is outside it.
    await expect(page.getByRole("status").filter({ hasText: "A saved request was not sent" })).toContainText("The reason is under “Not sent” at the foot of the screen.", {
      timeout: 15000,
    });
    const status = page.getByTestId("connection-status");
    await expect(status).toContainText("Not sent: Commission request: indoor-mural.");
    await expect(status).toContainText("description");
    await page.reload();
    await expect(status).toContainText("Not sent: Commission request: indoor-mural.");
    expect(await su.collection("commissions").getFullList({ filter: su.filter("user = {:u}", { u: user.id }) })).toHaveLength(0);
    await status.getByRole("button", { name: "Dismiss" }).click();
    await expect(status).toHaveCount(0);
  });
});
