import { defineConfig, devices } from "@playwright/test";

// Browser tests run the built PWA served by the real server binary (see tests/e2e/global-setup.ts)
// in the system Chromium: nothing here downloads a browser.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30000,
  expect: { timeout: 7000 },
  reporter: [["list"], ["json"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: process.env.STUDIO_E2E_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
        },
      },
    },
  ],
});
