// The cart never loses a change: not to a reload right after it, not to a cart that loads late.
import { expect, test, type Page } from "@playwright/test";
import { superuser } from "./support";

const cartButton = (page: Page) => page.getByRole("button", { name: /^Open cart, / });

async function addTeacupFerryPrint(page: Page) {
  await page.goto("/gallery");
  await page.getByRole("article").filter({ hasText: "The Teacup Ferry" }).getByRole("button", { name: /print of The Teacup Ferry/ }).click();
  await expect(page.getByRole("dialog", { name: "Shopping Cart (1)" })).toBeVisible();
}

test("every quantity change survives a reload made right after it", async ({ page }) => {
  // Ten full page loads on a shared machine: more than the default 30 s, never a measure of speed.
  test.setTimeout(120000);
  await addTeacupFerryPrint(page);
  for (let quantity = 2; quantity <= 11; quantity++) {
    await page.getByRole("button", { name: "One more The Teacup Ferry (Print)" }).click();
    // No waiting for anything: the reload follows the click at once.
    await page.reload();
    await expect(cartButton(page)).toHaveAccessibleName(`Open cart, ${quantity} items`);
    await cartButton(page).click();
    await expect(page.getByRole("dialog", { name: `Shopping Cart (${quantity})` })).toBeVisible();
  }
  await page.getByRole("button", { name: "Clear Cart" }).click();
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 0 items");
});

test("an original can be added once, at quantity 1", async ({ page }) => {
  await page.goto("/gallery");
  const add = page.getByRole("article").filter({ hasText: "The Teacup Ferry" }).getByRole("button", { name: /original of The Teacup Ferry/ });
  await add.click();
  const cart = page.getByRole("dialog", { name: "Shopping Cart (1)" });
  await expect(cart.getByRole("button", { name: "One more The Teacup Ferry (Original)" })).toBeDisabled();
  await cart.getByRole("button", { name: "Close" }).click();
  await add.click();
  await expect(page.getByRole("dialog", { name: "Shopping Cart (1)" })).toBeVisible();
  await expect(page.getByText("Already in your cart")).toBeVisible();
  await page.getByRole("button", { name: "Clear Cart" }).click();
});

test("a cart kept by an earlier version merges with a change made before it has loaded", async ({ page }) => {
  const su = await superuser();
  const painting = await su.collection("paintings").getFirstListItem('title = "Sea Glass Morning"');
  const earlier = [{ id: painting.id, type: "painting", title: "Sea Glass Morning (Print)", price: 28, image_url: "", quantity: 2, variant: "print" }];
  await page.goto("/");
  await expect(cartButton(page)).toBeVisible();
  // This first visit settles its own (empty) cart before the earlier version's is staged;
  // otherwise its late write to localStorage would hide the staged row from the next load.
  await page.waitForFunction(() => localStorage.getItem("lanternwood-cart") !== null);
  // What an earlier version left: the cart as a row in IndexedDB, nothing in localStorage.
  await page.evaluate(async (items) => {
    localStorage.removeItem("lanternwood-cart");
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open("lanternwood-studio");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction("cart", "readwrite");
        tx.objectStore("cart").put({ id: "current", items, sessionId: "earlier-session-1", updatedAt: Date.now() });
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
      };
    });
  }, earlier);
  // Reading that row is slowed down, so the visitor's click certainly comes first.
  await page.addInitScript(() => {
    const get = IDBObjectStore.prototype.get;
    IDBObjectStore.prototype.get = function (this: IDBObjectStore, key: IDBValidKey | IDBKeyRange) {
      const request = get.call(this, key);
      if (this.name !== "cart") return request;
      const native = Object.getOwnPropertyDescriptor(IDBRequest.prototype, "onsuccess")!;
      let handler: ((this: IDBRequest, ev: Event) => unknown) | null = null;
      Object.defineProperty(request, "onsuccess", {
        configurable: true,
        get: () => handler,
        set: (fn: typeof handler) => {
          handler = fn;
          native.set!.call(request, fn && ((ev: Event) => void setTimeout(() => fn.call(request, ev), 5000)));
        },
      });
      return request;
    };
  });
  // The click, not the cart it opens: on a busy machine the slowed row may land before the dialog
  // is checked, and either way the cart must end up holding both.
  await page.goto("/gallery");
  await page.getByRole("article").filter({ hasText: "The Teacup Ferry" }).getByRole("button", { name: /print of The Teacup Ferry/ }).click();
  await expect(page.getByRole("dialog", { name: "Shopping Cart (3)" })).toBeVisible({ timeout: 15000 });
  await expect(page.getByRole("dialog", { name: "Shopping Cart (3)" })).toContainText("Sea Glass Morning (Print)");
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 3 items");
  await cartButton(page).click();
  await page.getByRole("button", { name: "Clear Cart" }).click();
});
