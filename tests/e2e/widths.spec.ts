// Right at every width (docs/decisions/015-right-at-every-width.md): each common window width opened
// fresh, in both themes, signed out in the fallback fonts a first visit paints in, then signed in
// (a long name, items in the cart) in the studio's fonts. On every route the document is no wider
// than the window and no visible element sticks out of it, unless a container clips or scrolls it
// on purpose; and the header the server sends is the header the app draws over it, box for box.
import PocketBase from "pocketbase";
import { expect, test, type Page } from "@playwright/test";
import { admin, baseUrl, superuser, uniqueEmail } from "./support";
import { CUSTOMER_ROUTES, PUBLIC_ROUTES, resolveRoutes } from "./routes";

const WIDTHS = [320, 360, 390, 768, 820, 1024, 1280, 1366, 1440, 1920];
const THEMES = ["light", "dark"] as const;
const FACES = ['600 1em "Fraunces"', '400 1em "Nunito"', '600 1em "Nunito"', '700 1em "Nunito"'];

let publicRoutes: string[];
let customerRoutes: string[];
let session: string;
let cart: string;

test.beforeAll(async () => {
  publicRoutes = await resolveRoutes(PUBLIC_ROUTES);
  customerRoutes = await resolveRoutes(CUSTOMER_ROUTES);
  const su = await superuser();
  const email = uniqueEmail("wide");
  const password = "watercolor-123";
  await su.collection("users").create({
    email,
    password,
    passwordConfirm: password,
    verified: true,
    first_name: "Bartholomew-Maximilian Featherstonehaugh",
    last_name: "Wolfeschlegelsteinhausenbergerdorff-Montgomery",
  });
  const auth = await new PocketBase(baseUrl()).collection("users").authWithPassword(email, password);
  session = JSON.stringify({ token: auth.token, record: auth.record });
  const books = await su.collection("books").getList(1, 2, { sort: "title" });
  const items = books.items.map((b) => ({ id: b.id, type: "book", title: b.title, price: b.price, image_url: "", quantity: 12 }));
  cart = JSON.stringify({ items, sessionId: crypto.randomUUID(), updatedAt: Date.now() });
});

/** What sticks out of the window on this page, each named by tag, label and edges (controls first). */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== "visible") return true;
      return false;
    };
    const out: { control: boolean; text: string }[] = [];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const box = el.getBoundingClientRect();
      // Hidden, or hidden for the eye only (.visually-hidden is a 1 px box).
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === "hidden") continue;
      if (box.right <= width + 0.5 && box.left >= -0.5) continue;
      if (clipped(el)) continue;
      const label = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 48);
      out.push({ control: el.matches("a, button, input, select, textarea, summary, [role], [tabindex]"), text: `<${el.tagName.toLowerCase()}> "${label}" spans ${Math.round(box.left)}–${Math.round(box.right)} px` });
    }
    const named = [...out.filter((o) => o.control), ...out.filter((o) => !o.control)].slice(0, 4).map((o) => o.text);
    const wide = document.documentElement.scrollWidth;
    return wide > width ? [`the document is ${wide} px wide`, ...named] : named;
  });
}

/** The header's links and buttons, each with its box: the frame's and the app's must be the same. */
function headerBoxes(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll(":is(#root, #root > .prerendered, #root > .taken-over) > header :is(a, button)"))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 && box.height > 1)
      .map(({ el, box }) => ({
        name: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 32),
        box: [box.left, box.top, box.width, box.height].map((n) => Math.round(n * 2) / 2).join(","),
      })),
  );
}

/**
 * Opens `path` fresh from the server and checks it: the frame's header is measured while the app's
 * code is held back, then the app starts, and the page it draws is swept.
 */
async function sweep(page: Page, path: string, context: string): Promise<string[]> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  const problems: string[] = [];
  try {
    // The app's code is added by a script after the first paint, so the document is parsed
    // without it: the frame (when the route has one) is all there is.
    await page.goto(path, { waitUntil: "domcontentloaded" });
    const frame = (await page.locator("#root > .prerendered").count()) ? await headerBoxes(page) : null;
    release();
    await expect(page.locator("#root > .prerendered")).toHaveCount(0, { timeout: 15000 });
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByText("Loading...")).toHaveCount(0, { timeout: 15000 });
    if (frame) {
      const app = await headerBoxes(page);
      if (app.length !== frame.length) problems.push(`${path} ${context}: the header has ${frame.length} controls in the page sent and ${app.length} once the app runs`);
      else
        app.forEach((drawn, i) => {
          if (drawn.box !== frame[i].box) problems.push(`${path} ${context}: header "${drawn.name}" moved when the app started (x,y,w,h ${frame[i].box} → ${drawn.box})`);
        });
    }
    for (const found of await overflow(page)) problems.push(`${path} ${context}: ${found}`);
  } finally {
    release();
    await page.unroute(/\/assets\/.+\.js$/);
  }
  return problems;
}

// Each width is swept in both themes and in both states, a page load each: the themes differ only in
// colours (src/ui/tokens.css), so the states alternate between them from one width to the next
// rather than doubling the run, and every theme meets every state across the sweep.
THEMES.forEach((theme, t) => {
  test.describe(`${theme} theme`, () => {
    // Every page load comes from the server, as a first visit's does, not from the service worker.
    test.use({ colorScheme: theme, serviceWorkers: "block" });
    WIDTHS.forEach((width, w) => {
      const signedIn = (w + t) % 2 === 1;
      const state = signedIn ? "signed in" : "signed out";
      test(`at ${width} px, ${state}, nothing sticks out of the window`, async ({ page }) => {
        test.setTimeout(60_000);
        await page.setViewportSize({ width, height: 800 });
        const where = `at ${width} px (${theme}, ${state})`;
        const routes = signedIn ? [...publicRoutes, ...customerRoutes] : publicRoutes;
        if (signedIn) {
          // A long name, a full cart, and the studio's fonts kept (fetched into the cache by one
          // page, so the swept pages paint in them from the start).
          await page.goto("/about");
          await page.evaluate(
            ({ session, cart }) => {
              localStorage.setItem("pocketbase_auth", session);
              localStorage.setItem("lanternwood-cart", cart);
              localStorage.setItem("fonts", "kept");
            },
            { session, cart },
          );
          await page.reload();
          await page.evaluate((faces) => Promise.all(faces.map((face) => document.fonts.load(face))), FACES);
        } else {
          // A first visit paints in the fallback fonts: their files are refused, so no page switches.
          await page.route(/\.woff2$/, (route) => route.abort());
        }
        const problems: string[] = [];
        for (const path of routes) problems.push(...(await sweep(page, path, where)));
        expect(problems).toEqual([]);
      });
    });
  });
});

// The studio app holds the same rule on the studio's tablet (portrait) and a laptop.
const ADMIN_TABS = ["characters", "merchandise", "paintings", "books", "murals", "commissions", "orders", "discounts", "letters", "abandoned-carts", "shipping", "tax", "artist"];
for (const width of [820, 1366]) {
  test(`the studio app at ${width} px keeps every tab inside the window`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    const auth = await new PocketBase(baseUrl()).collection("users").authWithPassword(admin().email, admin().password);
    await page.addInitScript((value) => localStorage.setItem("pocketbase_auth", value), JSON.stringify({ token: auth.token, record: auth.record }));
    const problems: string[] = [];
    for (const tab of ADMIN_TABS) {
      await page.goto(`/admin/${tab}`);
      await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
      await expect(page.getByRole("tabpanel")).toBeVisible();
      await expect(page.getByText("Loading...")).toHaveCount(0, { timeout: 15000 });
      for (const found of await overflow(page)) problems.push(`/admin/${tab} at ${width} px: ${found}`);
    }
    expect(problems).toEqual([]);
  });
}
