// The admin area as the seeded admin: access, every kind of record, commissions, orders, carts.
import { expect, test, type Page } from "@playwright/test";
import { admin, baseUrl, createCustomer, superuser } from "./support";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const image = (name = "art.png") => ({ name, mimeType: "image/png", buffer: PNG });

async function logIn(page: Page, email = admin().email, password = admin().password) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.locator("form").getByRole("button", { name: "Sign in" }).click();
  if (email === admin().email) await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
}

const toast = (page: Page) => page.getByTestId("toast");
const dialog = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name });

test("visitors and customers are kept out; the admin gets in", async ({ page }) => {
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await page.locator("form").getByRole("button", { name: "Sign in" }).click();
  await expect(toast(page)).toContainText("Missing fields");
  await expect(toast(page)).toContainText("Please enter both email and password.");

  const customer = await createCustomer("Nina");
  await logIn(page, customer.email, customer.password);
  await expect(toast(page)).toContainText("You do not have admin privileges.");
  await expect(page).toHaveURL(/\/admin\/login$/);

  await logIn(page);
  await expect(toast(page)).toContainText("Login successful");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Paintings" })).toHaveAttribute("aria-selected", "true");
  const tabs = await page.getByRole("tab").allInnerTexts();
  expect(tabs.map((t) => t.replace(/\s*\d+$/, "").trim())).toEqual(["Characters", "Merchandise", "Paintings", "Editions", "Books", "Downloads", "Murals", "Commissions", "Orders", "Discounts", "Letters", "Abandoned Carts", "Shipping", "Tax", "Reports", "Artist"]);
  await page.getByRole("tab", { name: "Murals" }).click();
  await expect(page).toHaveURL(/\/admin\/murals$/);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Murals" })).toHaveAttribute("aria-selected", "true");
  await page.goto("/admin/login");
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(toast(page)).toContainText("Signed out");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("a mural is created with an image, edited and deleted, and the shop follows", async ({ page }) => {
  await logIn(page);
  await page.getByRole("tab", { name: "Murals" }).click();
  await page.getByRole("button", { name: "Add New Mural" }).click();
  const form = dialog(page, "Add New Mural");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Title is required")).toBeVisible();
  await expect(form.getByText("Image is required")).toBeVisible();
  await form.getByLabel("Title").fill("Lighthouse Stairwell");
  await form.getByLabel("Image").setInputFiles(image());
  await form.getByLabel("Location").fill("Harbor Museum");
  await form.getByLabel("Year").fill("2025");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Mural created successfully");
  await expect(form).toBeHidden();

  await page.getByRole("button", { name: "Edit Lighthouse Stairwell" }).click();
  await dialog(page, "Edit Mural").getByLabel("Title").fill("Lighthouse Stairwell, Restored");
  await dialog(page, "Edit Mural").getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Mural updated successfully");

  const shop = await page.context().newPage();
  await shop.goto("/gallery");
  await expect(shop.getByRole("heading", { name: "Lighthouse Stairwell, Restored" })).toBeVisible();

  await page.getByRole("button", { name: "Delete Lighthouse Stairwell, Restored" }).click();
  await expect(dialog(page, "Delete mural?")).toContainText("Are you sure you want to delete this mural?");
  await dialog(page, "Delete mural?").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Mural deleted successfully");
  await expect(shop.getByRole("heading", { name: "Lighthouse Stairwell, Restored" })).toHaveCount(0);
});

test("paintings: required fields, prices per priced tag, the featured limit, and a new painting in the shop", async ({ page }) => {
  await logIn(page);
  await page.getByRole("button", { name: "Add Painting" }).click();
  const form = dialog(page, "Add Painting");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Missing fields");
  await form.getByRole("textbox", { name: "Title" }).fill("Morning Ferry");
  await form.getByLabel("Image").setInputFiles(image());
  await form.getByRole("checkbox", { name: "Print - For Sale" }).check();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Please provide prices for: Print - For Sale");
  await form.getByLabel("Price for Print - For Sale").fill("42");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Painting added");

  // Four are featured already: a fifth is refused by the server.
  await page.getByRole("switch", { name: "Feature Morning Ferry on the home page" }).click();
  await expect(toast(page)).toContainText("Limit Reached");
  await expect(page.getByRole("switch", { name: "Feature Morning Ferry on the home page" })).not.toBeChecked();

  await page.goto("/gallery");
  const card = page.getByRole("article").filter({ hasText: "Morning Ferry" });
  await expect(card.getByText("$42.00")).toBeVisible();
  const su = await superuser();
  const p = await su.collection("paintings").getFirstListItem('title = "Morning Ferry"');
  await su.collection("paintings").delete(p.id);
});

test("books, merchandise, characters and the artist profile save with their rules", async ({ page }) => {
  await logIn(page);
  await page.getByRole("tab", { name: "Books" }).click();
  await page.getByRole("button", { name: "Add Book" }).click();
  let form = dialog(page, "Add Book");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Title is required")).toBeVisible();
  await expect(form.getByText("Main image is required")).toBeVisible();
  await form.getByLabel("Title").fill("Fog Over the Cove");
  await form.getByLabel("Main image").setInputFiles(image("cover.png"));
  await form.getByLabel("Add image to gallery images").setInputFiles(image("page.png"));
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Book added");
  await expect(page.getByRole("row").filter({ hasText: "Fog Over the Cove" })).toContainText("N/A");
  await page.getByRole("button", { name: "Delete Fog Over the Cove" }).click();
  await dialog(page, "Delete book?").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Book deleted");

  await page.getByRole("tab", { name: "Merchandise" }).click();
  await page.getByRole("button", { name: "Add New Item" }).click();
  form = dialog(page, "Add New Item");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Title is required")).toBeVisible();
  await form.getByLabel("Title").fill("Sea Glass Scarf");
  await form.getByLabel("Price (USD)").fill("19.5");
  const sizes = form.getByRole("textbox", { name: "Sizes" });
  await sizes.fill("  One size ");
  await sizes.press("Enter");
  await sizes.fill("one size");
  await sizes.press("Enter");
  await expect(form.getByRole("list", { name: "Sizes" }).getByRole("listitem")).toHaveCount(1);
  for (let i = 0; i < 4; i++) await form.getByLabel("Add image to more images").setInputFiles(image(`detail-${i}.png`));
  await expect(form.getByLabel("Add image to more images")).toHaveCount(0);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Merchandise added");
  const card = page.getByRole("article").filter({ hasText: "Sea Glass Scarf" });
  await expect(card).toContainText("In Stock");
  await expect(card).toContainText("$19.50");
  await page.getByRole("button", { name: "Delete Sea Glass Scarf" }).click();
  await expect(dialog(page, "Delete item?")).toContainText("This will also delete all associated images.");
  await dialog(page, "Delete item?").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Item deleted successfully");

  await page.getByRole("tab", { name: "Characters" }).click();
  await page.getByRole("button", { name: "Add Character" }).click();
  form = dialog(page, "Add Character");
  await expect(form.getByLabel("YouTube URL")).toHaveCount(0);
  await form.getByRole("checkbox", { name: "Has a video story" }).check();
  await form.getByLabel("Name").fill("Pip the Puffin");
  await form.getByLabel("YouTube URL").fill("not a url");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Please enter a full URL")).toBeVisible();
  await form.getByLabel("YouTube URL").fill("https://video.example/pip");
  await form.getByLabel("Image").setInputFiles(image("pip.png"));
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Character added");
  await page.goto("/pebblewick");
  await expect(page.getByRole("link", { name: /^(Coming Soon\s*)?Pip the Puffin(\s|$)/ })).toBeVisible();
  await page.goto("/admin/characters");
  await page.getByRole("button", { name: "Delete Pip the Puffin" }).click();
  await expect(dialog(page, "Delete character?")).toContainText("Are you sure you want to delete this character?");
  await dialog(page, "Delete character?").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Character deleted");

});

test("the artist profile needs a name", async ({ page }) => {
  await logIn(page);
  await page.goto("/admin/artist");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  const form = dialog(page, "Artist profile");
  await form.getByRole("textbox", { name: "Name" }).fill("");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Name is required")).toBeVisible();
  await form.getByRole("textbox", { name: "Name" }).fill("Elowen Marsh");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Artist profile updated");
});

test("a commission moves Not Started → In Progress → Complete", async ({ page }) => {
  const su = await superuser();
  await su.collection("commissions").create({ type: "outdoor-mural", description: "A garden wall of tide pools", contact_email: "garden@example.com", contact_name: "Gwen Garden" });
  await logIn(page);
  await page.getByRole("tab", { name: /Commissions/ }).click();
  await page.getByRole("link", { name: "All requests" }).click();
  await expect(page.getByRole("columnheader")).toHaveText(["Title", "Type", "Contact", "Status", "Created", "Actions"]);
  const row = page.getByRole("row").filter({ hasText: "Gwen Garden" });
  await expect(row).toContainText("Not Started");
  await row.getByRole("button", { name: "Start" }).click();
  await expect(row).toContainText("In Progress");
  await row.getByRole("button", { name: "Complete" }).click();
  await expect(row).toContainText("Complete");
  await expect(row.getByRole("button", { name: /Start|Complete/ })).toHaveCount(0);
  await row.getByRole("button", { name: "View Details" }).click();
  const details = page.getByRole("dialog");
  await expect(details.getByRole("tab", { name: "Details" })).toHaveAttribute("aria-selected", "true");
  await expect(details).toContainText("A garden wall of tide pools");
});

test("orders from the demo checkout and abandoned carts are there for the studio", async ({ page, request }) => {
  const su = await superuser();
  const painting = await su.collection("paintings").getFirstListItem('title = "The Midnight Fair"');
  const sessionId = `browser-cart-${Date.now()}`;
  await request.post(`${baseUrl()}/api/studio/cart`, { data: { session_id: sessionId, items: [{ id: painting.id, type: "painting", variant: "print", quantity: 2, title: "The Midnight Fair (Print)" }] } });
  const checkout = await (await request.post(`${baseUrl()}/api/studio/checkout`, { data: { items: [{ id: painting.id, type: "painting", variant: "print", quantity: 1 }] } })).json();
  await request.post(`${baseUrl()}/api/studio/checkout/${checkout.session_id}/pay`, {
    data: { customer: { name: "Olive Order", email: "olive@example.com" }, shipping: { address: { line1: "7 Quay St", city: "Portside", postal_code: "12345", country: "US" } } },
  });

  await logIn(page);
  await page.getByRole("tab", { name: "Orders" }).click();
  const order = page.getByRole("row").filter({ hasText: "Olive Order" });
  await expect(order).toContainText("The Midnight Fair (Print)");
  await expect(order).toContainText("$44.95");
  await expect(order).toContainText("Demo: no payment taken");
  await order.getByRole("button", { name: "View Details" }).click();
  const details = dialog(page, "Order details");
  await expect(details).toContainText("7 Quay St");
  await expect(details).toContainText("olive@example.com");
  await expect(details).toContainText("Shipping");
  await page.keyboard.press("Escape");

  await page.getByRole("tab", { name: "Abandoned Carts" }).click();
  const cartRow = page.getByRole("row").filter({ hasText: "$80.00" }).first();
  await cartRow.getByRole("button", { name: "View Details" }).click();
  await expect(dialog(page, "Cart Details")).toContainText(sessionId);
  await page.keyboard.press("Escape");
  await cartRow.getByRole("button", { name: /Delete cart/ }).click();
  await expect(toast(page)).toContainText("Abandoned cart deleted");
  expect((await su.collection("abandoned_carts").getList(1, 1, { filter: `session_id = "${sessionId}"` })).totalItems).toBe(0);
});

test("an original paid twice is refunded at once and shown so in the Orders tab, and held pieces are listed", async ({ page, request }) => {
  const su = await superuser();
  const pixel = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
  const fields = new FormData();
  const title = `Twice Sold ${Date.now()}`;
  fields.append("title", title);
  fields.append("tags", JSON.stringify(["Original - For Sale"]));
  fields.append("tag_prices", JSON.stringify({ "Original - For Sale": 300 }));
  fields.append("image", new File([pixel], "twice.png", { type: "image/png" }));
  const painting = await su.collection("paintings").create(fields);
  const checkout = await (await request.post(`${baseUrl()}/api/studio/checkout`, { data: { items: [{ id: painting.id, type: "painting", variant: "original", quantity: 1 }] } })).json();
  // Sold in the studio while this checkout was open.
  await su.collection("paintings").update(painting.id, { tags: ["Original - Sold Out"] });
  await request.post(`${baseUrl()}/api/studio/checkout/${checkout.session_id}/pay`, {
    data: { customer: { name: "Rhea Refund", email: "rhea@example.com" }, shipping: { address: { line1: "2 Mill Ln", city: "Portside", postal_code: "12345", country: "US" } } },
  });

  await logIn(page);
  await page.getByRole("tab", { name: "Orders" }).click();
  const order = page.getByRole("row").filter({ hasText: title });
  await expect(order).toContainText("Rhea Refund");
  await expect(order).toContainText("Refunded");
  await order.getByRole("button", { name: "View Details" }).click();
  const details = dialog(page, "Order details");
  await expect(details.getByRole("heading", { name: "Refunded" })).toBeVisible();
  await expect(details).toContainText(`${title} (Original): $304.95`);
  await expect(details).toContainText("The original was already sold when this payment arrived.");
  await page.keyboard.press("Escape");

  // A checkout left open keeps its original out of the shop: the studio sees which, and until when.
  fields.set("title", `${title} II`);
  const second = await su.collection("paintings").create(fields);
  expect((await request.post(`${baseUrl()}/api/studio/checkout`, { data: { items: [{ id: second.id, type: "painting", variant: "original", quantity: 1 }] } })).ok()).toBe(true);
  const held = page.getByRole("region", { name: "Held in open checkouts" });
  await expect(held).toContainText(`${title} II (Original) · a visitor · until`);
});
