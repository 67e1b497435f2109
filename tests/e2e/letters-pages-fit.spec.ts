// The pages letters link to, at a phone's 320 px with the reader's text doubled: nothing wider
// than the window, no word of a list's name or note split across lines, and the page's button
// reached by Tab with its focus ring showing.
import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./support";

async function confirmLinkFor(email: string) {
  const api = process.env.STUDIO_E2E_MAIL_API!;
  for (let tries = 0; tries < 60; tries++) {
    const all = (await (await fetch(`${api}/email`)).json()) as { html: string; to: { address: string }[] }[];
    const found = all.find((m) => m.to.some((t) => t.address === email));
    if (found) return /href="[^"]*(\/letters\/confirm\/[A-Za-z0-9_-]+)"/.exec(found.html)![1];
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no confirmation letter reached ${email}`);
}

async function fitsWithDoubledText(page: Page, button: string) {
  await page.evaluate(() => (document.documentElement.style.fontSize = "200%"));
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, win: innerWidth }));
  expect(widths.doc, "the page is no wider than the window").toBeLessThanOrEqual(widths.win);
  // Each word of the lists' names and notes fits the room its line has.
  const split = await page.evaluate(() => {
    const ruler = document.createElement("canvas").getContext("2d")!;
    return Array.from(document.querySelectorAll<HTMLElement>(".list span")).flatMap((span) => {
      const style = getComputedStyle(span);
      ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return span.innerText.split(/\s+/).filter((word: string) => ruler.measureText(word).width > span.clientWidth);
    });
  });
  expect(split, "words split across lines").toEqual([]);
  const target = page.getByRole("button", { name: button });
  for (let tabs = 0; tabs < 6 && !(await target.evaluate((el) => el === document.activeElement)); tabs++) await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
  const ring = await target.evaluate((el) => getComputedStyle(el));
  expect(ring.outlineStyle).toBe("solid");
  expect(parseFloat(ring.outlineWidth)).toBeGreaterThanOrEqual(3);
}

test("the confirm, your letters, unsubscribe and cart pages fit 320 px with doubled text, their button reached by Tab", async ({ page }) => {
  const email = uniqueEmail("fit");
  const signup = await fetch(`${process.env.STUDIO_E2E_URL}/api/studio/newsletter`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, first_name: "Fern", last_name: "Fit", lists: ["news"], wording_version: 1 }),
  });
  expect(signup.ok).toBe(true);
  await page.setViewportSize({ width: 320, height: 720 });

  await page.goto(await confirmLinkFor(email));
  await fitsWithDoubledText(page, "Confirm my letters");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "You are on the list" })).toBeVisible();
  const manage = (await page.getByRole("link", { name: "Choose your letters" }).getAttribute("href"))!;

  await page.goto(manage);
  await fitsWithDoubledText(page, "Save my letters");
  await page.goto(manage.replace("/manage/", "/unsubscribe/"));
  await fitsWithDoubledText(page, "Unsubscribe from all letters");

  for (const forged of ["/letters/unsubscribe/", "/cart/restore/"]) {
    const answer = await page.goto(forged + "x".repeat(43));
    expect(answer!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
    await page.evaluate(() => (document.documentElement.style.fontSize = "200%"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  }
});
