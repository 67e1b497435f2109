import { chromium } from "@playwright/test";
const base = process.env.BASE ?? "http://127.0.0.1:8123";
const paths = (process.env.PATHS ?? "/,/gallery").split(",");
const widths = (process.env.WIDTHS ?? "1280,375").split(",").map(Number);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const w of widths) {
  const page = await browser.newPage({ viewport: { width: w, height: w > 800 ? 900 : 800 } });
  page.on("pageerror", (e) => console.log("PAGEERROR", e.message));
  page.on("console", (m) => m.type() === "error" && console.log("CONSOLE", m.text()));
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    await page.waitForTimeout(600);
    const name = `/tmp/shot-${w}${p.replace(/\//g, "_") || "_"}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL === "1" });
    console.log(name);
  }
  await page.close();
}
await browser.close();
