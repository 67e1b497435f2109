// The installable app: manifest and icons, a service worker that keeps the shell and stays out of
// the API, and the update prompt when a second build is served to an open page.
import { expect, test, type Page } from "@playwright/test";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error plain ESM helpers shared with the scripts
import { freePort, root } from "../../scripts/lib/project.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { launchServer } from "../../scripts/lib/server.mjs";
import { signUpForNewsletter } from "./support";
import { focusStop, installProbe, placement } from "./a11y-probe";

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 15000 });
}

function pngSize(buf: Buffer) {
  expect(buf.subarray(1, 4).toString("latin1")).toBe("PNG");
  return [buf.readUInt32BE(16), buf.readUInt32BE(20)];
}

test("the manifest makes the studio installable, with icons of the sizes it names", async ({ page, request }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBeTruthy();
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: "Lanternwood Studio",
    short_name: "Lanternwood",
    start_url: "/",
    display: "standalone",
    background_color: "#f8f2e7",
    theme_color: "#f8f2e7",
  });
  const purposes = new Set<string>();
  for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()["content-type"]).toContain(icon.type);
    if (icon.type === "image/png") {
      const [w, h] = pngSize(await res.body());
      expect(`${w}x${h}`).toBe(icon.sizes);
      purposes.add(`${icon.purpose}:${icon.sizes}`);
    }
  }
  expect([...purposes].sort()).toEqual(["any:192x192", "any:512x512", "maskable:512x512"]);
  const shots = manifest.screenshots as { src: string; sizes: string; form_factor: string }[];
  expect(shots.map((s) => s.form_factor).sort()).toEqual(["narrow", "wide"]);
  for (const shot of shots) {
    const [w, h] = pngSize(await (await request.get(shot.src)).body());
    expect(`${w}x${h}`).toBe(shot.sizes);
  }
});

test("the service worker takes charge at the first visit and never answers for the API or the admin UI", async ({ page, context }) => {
  await page.goto("/");
  await controlled(page);
  await context.setOffline(true);
  try {
    // A client route opens from the precached shell...
    await page.goto("/a/client/route/that/does/not/exist");
    await expect(page.getByText("Page not found")).toBeVisible();
    // ...but API calls are not answered by the worker (no cached data, no index.html in their place).
    const api = await page.evaluate(async () => {
      const out: string[] = [];
      for (const path of ["/api/health", "/api/collections/paintings/records", "/api/realtime"]) {
        try {
          const r = await fetch(path);
          out.push(`${path} answered ${r.status}`);
        } catch {
          out.push(`${path} failed`);
        }
      }
      return out;
    });
    expect(api).toEqual(["/api/health failed", "/api/collections/paintings/records failed", "/api/realtime failed"]);
    await expect(page.goto("/_/")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await expect(page.goto("/api/health")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  } finally {
    await context.setOffline(false);
  }
});

test.describe("updates", () => {
  let web: string;
  let dataDir: string;
  let server: { url: string; stop(): Promise<void> };

  test.beforeAll(async () => {
    // A server of its own, serving a copy of the build that the test can replace.
    web = mkdtempSync(join(tmpdir(), "studio-web-"));
    dataDir = mkdtempSync(join(tmpdir(), "studio-pb-"));
    cpSync(join(root, "dist"), web, { recursive: true });
    const port: number = await freePort();
    server = await launchServer({ http: `127.0.0.1:${port}`, dataDir, env: { STRIPE_SECRET_KEY: "", STUDIO_WEB_DIR: web } });
  });

  test.afterAll(async () => {
    await server?.stop();
    rmSync(web, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Writes a file and its compressed copies, as the build does (the server sends the copies). */
  function writeBuilt(path: string, body: string) {
    writeFileSync(path, body);
    writeFileSync(`${path}.br`, brotliCompressSync(body));
    writeFileSync(`${path}.gz`, gzipSync(body));
  }

  /** Deploys build n: a changed app shell, with the service worker's precache revision to match, as a real build would. */
  function deployBuild(n: number) {
    const indexPath = join(web, "index.html");
    const before = readFileSync(indexPath);
    const after = before.toString("utf8").replace("</body>", `<!-- build ${n} --></body>`);
    writeBuilt(indexPath, after);
    const md5 = (s: string | Buffer) => createHash("md5").update(s).digest("hex");
    const swPath = join(web, "sw.js");
    const sw = readFileSync(swPath, "utf8");
    expect(sw).toContain(md5(before));
    writeBuilt(swPath, sw.replace(md5(before), md5(after)));
  }

  const checkForUpdate = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

  test("a second build served to an open page shows the update prompt, and reloads only when asked", async ({ page }) => {
    await page.goto(server.url + "/");
    await controlled(page);
    await page.evaluate(() => ((window as unknown as { firstLoad: boolean }).firstLoad = true));
    await expect(page.getByTestId("update-prompt")).toHaveCount(0);

    deployBuild(2);
    // The app checks for a new build when the tab comes back into view; ask the same way.
    await checkForUpdate(page);

    const prompt = page.getByTestId("update-prompt");
    await expect(prompt).toBeVisible({ timeout: 15000 });
    await expect(prompt).toContainText("A new version of Lanternwood Studio is ready.");
    // Nothing reloads under the person's hands.
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { firstLoad?: boolean }).firstLoad)).toBe(true);

    // "Later" hides it; the next visit asks again.
    await prompt.getByRole("button", { name: "Later" }).click();
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await expect(prompt).toBeVisible({ timeout: 15000 });

    await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload" }).click()]);
    await expect(page.getByTestId("update-prompt")).toHaveCount(0);
    expect(await page.content()).toContain("<!-- build 2 -->");
  });
  test("reloading into a new build in one tab leaves another open tab alone until its own click", async ({ context }) => {
    const first = await context.newPage();
    await first.goto(server.url + "/");
    await controlled(first);
    const second = await context.newPage();
    await second.goto(server.url + "/gallery");
    await controlled(second);
    await second.evaluate(() => ((window as unknown as { firstLoad: boolean }).firstLoad = true));

    deployBuild(3);
    await checkForUpdate(first);
    await expect(first.getByTestId("update-prompt")).toBeVisible({ timeout: 15000 });
    await expect(second.getByTestId("update-prompt")).toBeVisible({ timeout: 15000 });

    await Promise.all([first.waitForEvent("load"), first.getByTestId("update-prompt").getByRole("button", { name: "Reload" }).click()]);
    expect(await first.content()).toContain("<!-- build 3 -->");

    // The other tab is told, and keeps what the person was doing.
    await expect(second.getByTestId("update-prompt")).toContainText("Lanternwood Studio was updated in another tab.");
    await second.waitForTimeout(1000);
    expect(await second.evaluate(() => (window as unknown as { firstLoad?: boolean }).firstLoad)).toBe(true);
    await Promise.all([second.waitForEvent("load"), second.getByTestId("update-prompt").getByRole("button", { name: "Reload" }).click()]);
    expect(await second.content()).toContain("<!-- build 3 -->");
    await expect(second.getByTestId("update-prompt")).toHaveCount(0);
  });

  test("at 320x256 the update prompt and three signups waiting offline share the screen: each button is on it and uncovered", async ({ page, context }) => {
    await installProbe(page);
    await page.goto(server.url + "/about");
    await controlled(page);
    deployBuild(4);
    await checkForUpdate(page);
    const prompt = page.getByTestId("update-prompt");
    await expect(prompt).toBeVisible({ timeout: 15000 });
    // The form's code loads on first use: once online, as a visitor's browser would have it.
    await page.getByRole("banner").getByRole("button", { name: "Newsletter Signup" }).click();
    await expect(page.getByRole("dialog").getByLabel("Email")).toBeVisible();
    await page.keyboard.press("Escape");
    await context.setOffline(true);
    for (let i = 0; i < 3; i++) await signUpForNewsletter(page, `dock-${Date.now()}-${i}@reader.example`, "Dock");
    await page.setViewportSize({ width: 320, height: 256 });
    const status = page.getByTestId("connection-status");
    await expect(status).toContainText("3 requests will be sent when the connection returns");

    // Together they keep to half the screen, the prompt's first line on it, and scroll.
    const dock = status.locator("xpath=..");
    const box = (await dock.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.height).toBeLessThanOrEqual(128 + 1);
    expect((await prompt.boundingBox())!.y).toBeGreaterThanOrEqual(box.y);
    const problems: string[] = [];
    for (const button of [prompt.getByRole("button", { name: "Later" }), prompt.getByRole("button", { name: "Reload" }), ...[0, 1, 2].map((i) => status.getByRole("button", { name: "Cancel" }).nth(i))]) {
      await button.focus();
      const stop = (await focusStop(page))!;
      const problem = placement(stop) ?? (stop.top < box.y - 1 || stop.bottom > box.y + box.height + 1 ? `${stop.what} is outside the dock` : null);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
    // A pointer scrolls it back to the prompt.
    expect(await dock.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await expect.poll(() => dock.evaluate((el) => el.scrollTop)).toBe(0);
    await expect(prompt).toContainText("A new version of Lanternwood Studio is ready.");
  });
});
