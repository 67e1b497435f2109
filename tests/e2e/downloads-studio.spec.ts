// The studio puts a new download on sale: a digital item with its picture and world, a damaged PDF
// refused with its reason while what was typed stays, the real book accepted and stamped, and the
// item for sale on its world's page.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { lanternStory } from "../support/story-pdf";
import { signInToStudio } from "./support";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const pdf = (name: string, buffer: Buffer) => ({ name, mimeType: "application/pdf", buffer });

test("the studio adds a digital item with a PDF, a damaged PDF is refused with its reason, and the item is for sale", async ({ page }) => {
  const mark = Date.now().toString(36);
  const title = `The Moss Fairy Colouring Book ${mark}`;
  await signInToStudio(page);
  await page.getByRole("tab", { name: "Downloads" }).click();
  await page.getByRole("button", { name: "Add Digital Item" }).click();
  let form = page.getByRole("dialog", { name: "Add Digital Item" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Address").fill(`Moss Fairy ${mark}`);
  await form.getByLabel("Price (USD)").fill("6.5");
  await form.getByLabel("Picture").setInputFiles({ name: "moss.png", mimeType: "image/png", buffer: PNG });
  await form.getByLabel("Story world").selectOption("pebblewick");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Use lower-case letters, digits and single hyphens only")).toBeVisible();
  await form.getByLabel("Address").fill(`moss-fairy-${mark}`);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("Digital item added");
  await expect(page.getByRole("article").filter({ hasText: title })).toContainText(`/downloads/moss-fairy-${mark}`);

  await page.getByRole("button", { name: `Edit ${title}` }).click();
  form = page.getByRole("dialog", { name: "Edit Digital Item" });
  const files = form.getByRole("region", { name: "Files sold to download" });
  await expect(files).toContainText("No files yet");
  await files.getByLabel("File title").fill("The Moss Fairy (PDF)");
  await files.getByLabel(/File to sell/).setInputFiles({ name: "moss-fairy.docx", mimeType: "application/octet-stream", buffer: PNG });
  await expect(files.getByRole("alert")).toHaveText("“moss-fairy.docx” cannot be sold: only PDF, PNG and ZIP files can.");
  const broken = Buffer.from(lanternStory(2).toString("latin1").replace("/Kids [", "/Kids ("), "latin1");
  await files.getByLabel(/File to sell/).setInputFiles(pdf("moss-fairy.pdf", broken));
  await files.getByRole("checkbox", { name: /Stamp each copy/ }).check();
  await files.getByRole("button", { name: "Upload file" }).click();
  await expect(files.getByRole("alert")).toContainText(/"moss-fairy.pdf" cannot be sold: it is damaged and cannot be read \(.+\)\. Export it again from the program that made it\./);
  await expect(files.getByLabel("File title")).toHaveValue("The Moss Fairy (PDF)");
  await expect(files.getByRole("checkbox", { name: /Stamp each copy/ })).toBeChecked();
  await expect(files).toContainText("No files yet");
  expect((await new AxeBuilder({ page }).include("[role=dialog]").analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

  await files.getByLabel(/File to sell/).setInputFiles(pdf("moss-fairy.pdf", lanternStory(3)));
  await expect(files.getByRole("alert")).toHaveCount(0);
  // Enter in the file's title uploads the file; it does not save and close the item around it.
  await files.getByLabel("File title").press("Enter");
  await expect(page.getByTestId("toast")).toContainText("File added");
  await expect(form).toBeVisible();
  await expect(files.getByRole("listitem")).toContainText(/The Moss Fairy \(PDF\)PDF · \d+ KB · 4 pages Stamped with its buyer’s name/);
  await expect(files.getByLabel("File title")).toHaveValue("");
  await files.getByRole("checkbox", { name: "Stamp", exact: true }).uncheck();
  await expect(page.getByTestId("toast")).toContainText("The Moss Fairy (PDF) will not be stamped");
  await expect(files.getByRole("listitem")).not.toContainText("Stamped with its buyer’s name");
  await form.getByRole("button", { name: "Cancel" }).click();

  // A book sells files the same way, from its own editor.
  await page.getByRole("tab", { name: "Books" }).click();
  await page.getByRole("button", { name: /^Edit / }).first().click();
  await expect(page.getByRole("dialog", { name: "Edit Book" }).getByRole("region", { name: "Files sold to download" })).toBeVisible();

  await page.goto("/pebblewick");
  const forSale = page.getByRole("region", { name: "To download" });
  await expect(forSale.getByRole("button", { name: `Add to Cart, ${title} (download)` })).toBeVisible();
  await expect(forSale).toContainText("$6.50");
});
