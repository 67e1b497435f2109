// 400 % zoom (320 CSS px), text at 200 % and WCAG text spacing: everything can still be reached
// and read, nothing is cut (WCAG 1.4.4, 1.4.10, 1.4.12).
import { expect, test, type Page } from "@playwright/test";
import { createCustomer, signInThroughUi, signUpForNewsletter, waitForCatalog } from "./support";
import { focusStop, installProbe, placement, TEXT_SPACING } from "./a11y-probe";
import { PUBLIC_ROUTES, resolveRoutes } from "./routes";

test.use({ serviceWorkers: "block" });
test.beforeEach(({ page }) => installProbe(page));

/** Everything the issue found cut at 200 % text: badges, card titles, stock, the cart count, the wordmark, the account button. */
const WATCHED = ["main .card h3", "main .card-body span", "header a[href='/'] span", "header button[aria-label^='Open cart'] span", "header a[href$='dashboard']"].join(", ");

/** Tabs from Open menu through the open menu, each stop on screen and uncovered; what each was. */
async function tabThroughMenu(page: Page) {
  const seen: string[] = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    const stop = await focusStop(page);
    if (!stop?.inHeader) break;
    seen.push(stop.what);
    expect(placement(stop)).toBeNull();
  }
  return seen;
}

for (const theme of ["light", "dark"]) {
  test(`with the menu open at 320x256, every item of the menu can be reached and seen (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await page.setViewportSize({ width: 320, height: 256 });
    await page.goto("/about");
    await expect(page.locator("#root > .prerendered")).toHaveCount(0);
    await page.getByRole("button", { name: "Open menu" }).focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Main" });
    const seen = await tabThroughMenu(page);
    for (const name of ["Cryptids", "Commissions", "About", "Newsletter Signup"]) expect(seen.join(" | ")).toContain(name);
    expect(seen.join(" | ")).toMatch(/theme/i);
    // And by scrolling, as a pointer would.
    await menu.hover();
    await page.mouse.wheel(0, 2000);
    await expect(menu.getByRole("link", { name: "About" })).toBeInViewport();
  });
}

for (const screen of [
  { name: "at 320x256", width: 320, height: 256, larger: false },
  { name: "at 320x800 with text at 200 %", width: 320, height: 800, larger: true },
]) {
  test(`offline, with the menu open ${screen.name}, every item of the menu fits the screen's width and the connection line covers none`, async ({ page, context }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto("/about");
    await expect(page.locator("#root > .prerendered")).toHaveCount(0);
    if (screen.larger) await textAt200(page);
    // The line's code loads once the page is idle; with no service worker here, a connection lost
    // before then would leave it waiting for the network.
    await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => e.name.includes("/ConnectionStatus-")));
    await context.setOffline(true);
    await expect(page.getByTestId("connection-status")).toContainText("You're offline.");
    await page.getByRole("button", { name: "Open menu" }).focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Main" });
    // Nothing to scroll sideways: a link or the theme switch past the edge is cut until focused.
    expect(await menu.evaluate((nav) => nav.scrollWidth - nav.clientWidth)).toBeLessThanOrEqual(0);
    const seen = await tabThroughMenu(page);
    expect(seen.join(" | ")).toMatch(/Newsletter Signup.*theme/i);
    // A pointer reaches the last item too: scrolled to the menu's end, the theme switch is what is drawn under it.
    await menu.hover({ position: { x: 10, y: 10 } });
    await page.mouse.wheel(0, 4000);
    const theme = menu.getByRole("button", { name: /theme/i });
    await expect(theme).toBeInViewport();
    await theme.click({ trial: true, timeout: 2000 });
    // The page's end scrolls above the line as well: the footer's last link, reached by keyboard.
    await page.keyboard.press("Escape");
    await page.getByRole("contentinfo").getByRole("link").last().focus();
    expect(placement((await focusStop(page))!)).toBeNull();
  });
}

test("offline at 320x256 with three signups waiting, the connection line keeps to half the screen and each Cancel can be reached and seen", async ({ page, context }) => {
  // The signups are made in a wide window, where the header has the button, then the window becomes a 400 % zoom's.
  await page.goto("/about");
  await expect(page.locator("#root > .prerendered")).toHaveCount(0);
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => e.name.includes("/ConnectionStatus-")));
  const signup = page.getByRole("banner").getByRole("button", { name: "Newsletter Signup" });
  const dialog = page.getByRole("dialog");
  // The form's code loads on first use: once online, as a visitor's browser would have it.
  await signup.click();
  await expect(dialog.getByLabel("Email")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await context.setOffline(true);
  for (let i = 0; i < 3; i++) await signUpForNewsletter(page, `queue-${Date.now()}-${i}@reader.example`, "Queue");
  await page.setViewportSize({ width: 320, height: 256 });
  const status = page.getByTestId("connection-status");
  await expect(status).toContainText("3 requests will be sent when the connection returns");
  // The dock that holds the line scrolls, and is what shows of it.
  const box = (await status.locator("xpath=..").boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.height).toBeLessThanOrEqual(128 + 1);
  const cancels = status.getByRole("button", { name: "Cancel" });
  await expect(cancels).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await cancels.nth(i).focus();
    const stop = (await focusStop(page))!;
    expect(placement(stop)).toBeNull();
    expect(stop.top).toBeGreaterThanOrEqual(box.y - 1);
    expect(stop.bottom).toBeLessThanOrEqual(box.y + box.height + 1);
  }
});

test("the checkout dialog at 320x256 keeps Proceed to Stripe inside it, reachable by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 256 });
  await page.goto("/gallery");
  await waitForCatalog(page);
  await page.getByRole("button", { name: "Add, print of Sea Glass Morning" }).click();
  const cart = page.getByRole("dialog", { name: /^Shopping Cart/ });
  await cart.getByRole("button", { name: "Checkout", exact: true }).click();
  const checkout = page.getByRole("dialog", { name: "Checkout" });
  const proceed = checkout.getByRole("button", { name: "Proceed to Stripe" });
  await proceed.focus();
  const stop = (await focusStop(page))!;
  expect(placement(stop)).toBeNull();
  // The dialog's visible frame is the modal around it.
  const dialogBox = await checkout.evaluate((el) => el.parentElement!.getBoundingClientRect().toJSON() as DOMRect);
  expect(stop.bottom).toBeLessThanOrEqual(dialogBox.bottom + 1);
  await expect(checkout.getByRole("heading", { name: "Checkout" })).toBeVisible();
});

/** The browser's own text size setting at 200 % (16 px becomes 32 px). */
async function textAt200(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
}

/** Text spacing as a reader's bookmarklet applies it: a style sheet over the site's own (its CSP allows no inline style). */
async function textSpacing(page: Page) {
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, TEXT_SPACING);
}

for (const width of [390, 1280]) {
  for (const how of ["text at 200 %", "WCAG text spacing"]) {
    test(`${how} at ${width} px cuts no badge, title, stock line, cart count, wordmark or account label`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const customer = await createCustomer("Marigold");
      await page.goto("/gallery");
      await waitForCatalog(page);
      await signInThroughUi(page, customer.email, customer.password);
      await page.getByRole("button", { name: "Add, print of Sea Glass Morning" }).click();
      await page.getByRole("dialog", { name: /^Shopping Cart/ }).getByRole("button", { name: "Close" }).first().click();
      if (how === "WCAG text spacing") await textSpacing(page);
      else await textAt200(page);
      await expect(page.getByText("Original - Sold Out").first()).toBeVisible();
      // Every card laid out, not only those near the screen (content-visibility), so each can be measured.
      await page.evaluate(() => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(".card { content-visibility: visible !important; }");
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      });
      const cut = await page.evaluate((sel) => window.a11yProbe.cut(sel), WATCHED);
      expect(cut).toEqual([]);
      // "My account", or "Account" where the header is narrow: never a bare "My".
      await expect(page.getByRole("banner").getByRole("link", { name: /^(My account|Account)$/ })).toBeVisible();
      const wordmark = page.getByRole("banner").getByText("Lanternwood");
      if (await wordmark.isVisible()) {
        expect(await wordmark.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      }
    });
  }
}

/** Whether Chromium's accessibility tree (what a screen reader reads) holds a text node with `text`. */
async function inAccessibilityTree(page: Page, text: string) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: Array<{ ignored: boolean; name?: { value?: string } }> };
    return nodes.some((n) => !n.ignored && n.name?.value === text);
  } finally {
    await cdp.detach();
  }
}

test("toasts raised with the cart drawer open are in the accessibility tree", async ({ page }) => {
  await page.goto("/gallery");
  await waitForCatalog(page);
  await page.getByRole("button", { name: "Add, print of Sea Glass Morning" }).click();
  const cart = page.getByRole("dialog", { name: /^Shopping Cart/ });
  await expect(cart).toBeVisible();
  await expect(page.getByTestId("toast")).toContainText("Added to cart");
  await expect.poll(() => inAccessibilityTree(page, "Added to cart")).toBe(true);
  await expect(page.getByRole("status").filter({ hasText: "Added to cart" })).toHaveCount(1);
  await cart.getByRole("button", { name: "Remove Sea Glass Morning" }).click();
  await expect(page.getByTestId("toast")).toContainText("Removed from cart");
  await expect.poll(() => inAccessibilityTree(page, "Removed from cart")).toBe(true);
});

test("a merchandise choice left out marks its select invalid and describes it with the message", async ({ page }) => {
  await page.goto("/gallery");
  await waitForCatalog(page);
  const tee = page.getByRole("article").filter({ hasText: "Pebblewick Lighthouse Tee" });
  await tee.getByRole("button", { name: /^Add to Cart, / }).click();
  const size = tee.getByLabel("Size *");
  await expect(size).toHaveAttribute("aria-invalid", "true");
  await expect(size).toHaveAccessibleDescription("Please select a size");
  await size.selectOption("M");
  await expect(size).not.toHaveAttribute("aria-invalid", "true");
});

test("a piece's page goes down its headings one level at a time", async ({ page }) => {
  await page.goto("/gallery");
  await waitForCatalog(page);
  const href = await page.getByRole("link", { name: "View Details, Sea Glass Morning" }).getAttribute("href");
  await page.goto(href!);
  await expect(page.getByRole("heading", { level: 1, name: "Sea Glass Morning" })).toBeVisible();
  const levels = await page.locator("main").evaluate((main) => Array.from(main.querySelectorAll("h1, h2, h3, h4, h5, h6")).map((h) => Number(h.tagName[1])));
  const jumps = levels.filter((l, i) => i > 0 && l > levels[i - 1] + 1);
  expect(levels).toContain(1);
  expect(jumps).toEqual([]);
});

test("with reduced motion the drawer, dialogs and toasts do not move and the page does not scroll smoothly", async ({ page }) => {
  // Every animation running when something is added to the page, recorded as it is added.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { animationsSeen: string[] }).animationsSeen = seen;
    new MutationObserver(() => seen.push(...document.getAnimations().map((a) => (a as CSSAnimation).animationName ?? "animation"))).observe(document, { childList: true, subtree: true, attributes: true });
  });
  const seen = () => page.evaluate(() => (window as unknown as { animationsSeen: string[] }).animationsSeen.splice(0));
  const journey = async () => {
    await page.goto("/gallery");
    await waitForCatalog(page);
    await seen();
    await page.getByRole("button", { name: "Add, print of Sea Glass Morning" }).click();
    await expect(page.getByRole("dialog", { name: /^Shopping Cart/ })).toBeVisible();
    await expect(page.getByTestId("toast")).toBeVisible();
    await page.getByRole("dialog", { name: /^Shopping Cart/ }).getByRole("button", { name: "Checkout", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Checkout" })).toBeVisible();
    return [...new Set(await seen())];
  };
  // The probe sees them with motion allowed...
  expect((await journey()).length).toBeGreaterThan(0);
  // ...and none with motion reduced.
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await journey()).toEqual([]);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
});

/** Boxes of `selector` in the page that reach past the window's right edge. */
function pastTheWindow(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll(sel))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 && box.right > width + 0.5)
      .map(({ el, box }) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}" ends at ${Math.round(box.right)} px`);
  }, selector);
}

test("text at 200 % in a 320 px window keeps the footer's address, the commissions header and the merchandise choices inside it", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await textAt200(page);
  await page.goto("/commissions");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await pastTheWindow(page, "main header, main header *, main form, footer a")).toEqual([]);
  await page.goto("/gallery");
  await waitForCatalog(page);
  await page.getByRole("heading", { name: "Merchandise" }).scrollIntoViewIfNeeded();
  await expect(page.getByRole("combobox", { name: /Size/ }).first()).toBeVisible();
  expect(await pastTheWindow(page, "main select, footer a")).toEqual([]);
});

test("text at 200 % in a 320 px window: no public page is wider than the window, and the cart's lines stay inside the drawer", async ({ page }) => {
  test.setTimeout(120_000);
  const routes = await resolveRoutes(PUBLIC_ROUTES);
  await page.setViewportSize({ width: 320, height: 700 });
  await textAt200(page);
  const wide: string[] = [];
  for (const path of routes) {
    await page.goto(path);
    await expect(page.locator("#root > .prerendered")).toHaveCount(0);
    await waitForCatalog(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > 320) wide.push(`${path} is ${scrollWidth} px wide`);
  }
  expect(wide).toEqual([]);
  await page.goto("/gallery");
  await waitForCatalog(page);
  await page.getByRole("button", { name: "Add, print of Sea Glass Morning" }).click();
  const cart = page.getByRole("dialog", { name: /^Shopping Cart/ });
  await expect(cart.getByRole("button", { name: "Remove Sea Glass Morning" })).toBeVisible();
  const outside = await cart.evaluate((dialog) => {
    const frame = dialog.getBoundingClientRect();
    return Array.from(dialog.querySelectorAll("*"))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 && (box.right > frame.right + 0.5 || box.left < frame.left - 0.5))
      .map(({ el, box }) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}" spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
  });
  expect(outside).toEqual([]);
});

for (const [what, width, larger] of [["390 px", 390, false], ["200 % text at 320 px", 320, true]] as const) {
  test(`the "Added to cart" toast covers none of the cart's controls (${what})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    if (larger) await textAt200(page);
    await page.goto("/gallery");
    await waitForCatalog(page);
    await page.getByRole("button", { name: "Add, print of Sea Glass Morning" }).click();
    const cart = page.getByRole("dialog", { name: /^Shopping Cart/ });
    await expect(page.getByTestId("toast")).toContainText("Added to cart");
    // Every control of the cart on screen is the element found at its own centre: nothing lies over it.
    const covered = await cart.evaluate((dialog) =>
      Array.from(dialog.querySelectorAll("button, input, select, a"))
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 1 && box.bottom > 0 && box.top < innerHeight)
        .filter(({ el, box }) => {
          const hit = document.elementFromPoint(box.left + box.width / 2, Math.min(innerHeight - 1, Math.max(0, box.top + box.height / 2)));
          return !!hit && !el.contains(hit) && !!hit.closest("[data-testid=toast]");
        })
        .map(({ el }) => (el.getAttribute("aria-label") ?? el.textContent ?? "").trim()),
    );
    expect(covered).toEqual([]);
    await cart.getByRole("button", { name: "Remove Sea Glass Morning" }).click();
  });
}
