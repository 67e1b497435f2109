// The Letters area on the studio's tablet: bad input told plainly, a letter with a piece of the
// catalogue previewed at phone width, sent, its progress shown live, and the letter as it arrives.
import { expect, test } from "@playwright/test";
import { signInToStudio, superuser, uniqueEmail } from "./support";

const SHOTS = "test-results/letters";

test("the studio writes a letter with a painting, previews it at phone width, sends it and watches it go", async ({ page }) => {
  test.setTimeout(60_000);
  const su = await superuser();
  const readers = [uniqueEmail("reader-a"), uniqueEmail("reader-b")];
  for (const email of readers) await su.collection("newsletter_subscribers").create({ email, first_name: "Reader", last_name: "Tester", state: "confirmed", lists: ["originals"] });
  const subject = `New originals ${Date.now().toString(36)}`;

  await page.setViewportSize({ width: 820, height: 1180 });
  await signInToStudio(page);
  await page.getByRole("tab", { name: "Letters" }).click();
  const settings = page.getByRole("form", { name: "Letter settings" });
  await settings.getByLabel("The studio's postal address").fill("Lanternwood Studio, 4 Harbour Lane, Pebble Cove, ME 04101");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Letter settings saved")).toBeVisible();

  await page.getByRole("button", { name: "New letter" }).click();
  const compose = page.getByRole("dialog", { name: "New letter" });
  await compose.getByRole("button", { name: "Save and preview" }).click();
  await expect(compose.getByText("Please write a subject.")).toBeVisible();
  await expect(compose.getByRole("textbox", { name: "Subject" })).toBeFocused();
  await compose.getByRole("textbox", { name: "Subject" }).fill(subject);
  await compose.getByRole("textbox", { name: "Preview line" }).fill("Two new paintings from the harbour");
  await compose.getByRole("checkbox", { name: "Studio news" }).uncheck();
  await compose.getByRole("checkbox", { name: "New originals" }).check();
  await compose.getByRole("textbox", { name: "Text" }).fill("## From the harbour\n\nTwo new paintings <script>alert(1)</script>came back from the framer. [Read the story](https://lanternwood.example/about).");
  await compose.getByLabel("Piece", { exact: true }).selectOption({ label: "The Teacup Ferry" });
  await compose.getByRole("button", { name: "Add piece" }).click();
  await expect(compose.getByRole("button", { name: "Remove The Teacup Ferry" })).toBeVisible();
  await compose.getByRole("button", { name: "Save and preview" }).click();
  await expect(page.getByText("Draft saved, with script and tags removed")).toBeVisible();

  const preview = page.getByRole("dialog", { name: `Preview: ${subject}` });
  const letter = preview.frameLocator("iframe");
  await expect(letter.getByRole("heading", { name: "From the harbour" })).toBeVisible();
  await expect(letter.getByText("The Teacup Ferry").first()).toBeVisible();
  await expect(letter.getByText(/Prints \$/)).toBeVisible();
  await expect(letter.getByText("4 Harbour Lane", { exact: false })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/preview-820x1180-light.png` });
  await page.keyboard.press("Escape");

  const row = page.getByRole("listitem").filter({ hasText: subject });
  await row.getByRole("button", { name: `Send ${subject}` }).click();
  const send = page.getByRole("dialog", { name: `Send "${subject}"` });
  // The browser tests share one shop: earlier runs may have left confirmed readers of their own.
  const members = (await su.collection("newsletter_subscribers").getList(1, 1, { filter: 'state = "confirmed" && lists ~ "originals"' })).totalItems;
  await send.getByRole("button", { name: "Send now" }).click();
  await expect(row.getByText("Sent", { exact: true })).toBeVisible({ timeout: 20000 });
  await expect(row.getByText(`${members} sent of ${members}`)).toBeVisible();

  for (const [width, height] of [[820, 1180], [1180, 820]]) {
    await page.setViewportSize({ width, height });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/letters-${width}x${height}-${scheme}.png`, fullPage: true });
    }
  }

  // The letter as it arrived, in the catcher.
  const api = process.env.STUDIO_E2E_MAIL_API!;
  const caught = (await (await fetch(`${api}/email`)).json()) as { id: string; subject: string; to: { address: string }[] }[];
  const arrived = caught.find((m) => m.subject === subject && m.to.some((t) => t.address === readers[0]));
  expect(arrived).toBeTruthy();
  await page.setViewportSize({ width: 390, height: 1000 });
  await page.goto(`${api}/email/${arrived!.id}/html`);
  await expect(page.getByText("The Teacup Ferry").first()).toBeVisible();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/caught-390-${scheme}.png`, fullPage: true });
  }
});
