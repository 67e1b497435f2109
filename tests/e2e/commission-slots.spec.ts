// The commission page tells the truth about what the studio takes in: each type's state in the
// page the server sends and in the app, moved on live, and a closed type not offered and refused by the server.
import { expect, test } from "@playwright/test";
import PocketBase from "pocketbase";
import { baseUrl, superuser } from "./support";

type Plan = { type: string; state: string; slots: number; opens_at?: string };
const OPEN_ALL: Plan[] = ["outdoor-mural", "illustrated-book", "indoor-mural"].map((type) => ({ type, state: "open", slots: 0 }));

async function plan(types: Plan[]) {
  const su = await superuser();
  await su.send("/api/studio/admin/commission-slots", { method: "POST", body: { types } });
}

test.afterEach(async () => {
  await plan(OPEN_ALL);
});

test("/commissions shows each type's state, moves on live, and refuses a closed type", async ({ page }) => {
  const opens = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 11, 1, 9));
  await plan([
    { type: "outdoor-mural", state: "closed", slots: 0, opens_at: opens.toISOString() },
    { type: "illustrated-book", state: "waitlist", slots: 0 },
    { type: "indoor-mural", state: "open", slots: 5 },
  ]);
  const closedText = `Closed until 1 December ${opens.getUTCFullYear()}`;

  // What the server sends, before any script runs.
  const html = await (await page.request.get("/commissions")).text();
  expect(html).toContain(`<span>Outdoor mural</span> <strong>${closedText}</strong>`);
  expect(html).toContain("<span>Illustrated book</span> <strong>Waitlist: 0 waiting</strong>");
  // Other tests of the run may have paid a deposit on an indoor mural: what is free is counted in
  // tests/integration/commission-slots.test.ts; here the page and the app must agree on it.
  const indoor = html.match(/<span>Indoor mural<\/span> <strong>(Open: [0-5] of 5 slots free)<\/strong>/);
  expect(indoor).not.toBeNull();

  await page.goto("/commissions");
  const states = page.locator("[data-server-fill] li");
  await expect(states.filter({ hasText: "Outdoor mural" })).toContainText(closedText);
  await expect(states.filter({ hasText: "Indoor mural" })).toContainText(indoor![1]);
  await expect(states.filter({ hasText: "Illustrated book" })).toContainText("Waitlist: 0 waiting");

  // A closed kind is offered as closed, with when it opens, and cannot be chosen.
  const closedOption = page.getByLabel("Type of artwork").getByRole("option", { name: `Outdoor mural (${closedText})` });
  await expect(closedOption).toBeDisabled();
  await page.getByRole("textbox", { name: "Description" }).fill("A sea serpent along the garden wall");
  await page.getByRole("textbox", { name: "Email" }).fill("wren@example.com");
  // Whatever a browser sends, the server refuses it too, and says why.
  const refused = await page.evaluate(async () => {
    const res = await fetch("/api/collections/commissions/records", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ type: "outdoor-mural", description: "Please", contact_email: "wren@example.com" }),
    });
    return { status: res.status, body: await res.json() };
  });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toContain("closed until 1 December");
  await expect(page.getByRole("textbox", { name: "Description" })).toHaveValue("A sea serpent along the garden wall");

  // The studio opens it: the page moves on without a reload.
  await plan([{ type: "outdoor-mural", state: "open", slots: 2 }]);
  await expect(states.filter({ hasText: "Outdoor mural" })).toContainText("Open: 2 of 2 slots free", { timeout: 15_000 });
  await page.getByLabel("Type of artwork").selectOption("outdoor-mural");
  await expect(page.getByRole("status").filter({ hasText: "Outdoor mural: Open: 2 of 2 slots free." })).toBeVisible();
});

test("a request sent offline to a type that closed meanwhile comes back with the reason and is kept", async ({ page, context }) => {
  const su = await superuser();
  const email = `slots-${Date.now()}@reader.example`;
  const password = "tide-lantern-42";
  const user = await su.collection("users").create({ email, password, passwordConfirm: password, verified: true, first_name: "Ida", last_name: "Patron" });
  const auth = await new PocketBase(baseUrl()).collection("users").authWithPassword(email, password);
  await context.addInitScript((value) => localStorage.setItem("pocketbase_auth", value), JSON.stringify({ token: auth.token, record: auth.record }));

  await page.goto("/commissions");
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 15000 });
  await expect(page.locator("[data-server-fill] li").filter({ hasText: "Outdoor mural" })).toContainText("Open");
  await context.setOffline(true);
  try {
    await page.getByLabel("Type of artwork").selectOption("outdoor-mural");
    await page.getByRole("textbox", { name: "Description" }).fill("Herons on the boathouse, painted while offline");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByText("Thank You!")).toBeVisible();
    await plan([{ type: "outdoor-mural", state: "closed", slots: 0 }]);
  } finally {
    await context.setOffline(false);
  }
  const status = page.getByTestId("connection-status");
  await expect(status).toContainText("Not sent: Commission request: outdoor-mural.", { timeout: 15000 });
  await expect(status).toContainText("Requests for outdoor mural commissions are closed for now.");
  await page.reload();
  await expect(status).toContainText("Not sent: Commission request: outdoor-mural.");
  expect(await su.collection("commissions").getFullList({ filter: su.filter("user = {:u}", { u: user.id }) })).toHaveLength(0);
});
