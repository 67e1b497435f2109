/* global document, MutationObserver -- the observers run inside the page */
// The gallery with the large catalogue, measured in Chromium (used by scripts/bench-sync.mjs):
// when the first artwork card appears, how many cards are rendered, layout shift, and how long
// the tag filter, View Details and the page links take from input to the next paint (Event
// Timing, the measure behind INP; durations are rounded by the browser to 8 ms).

const OBSERVERS = () => {
  const perf = (globalThis.__bench = { shifts: 0, events: [], firstCard: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) perf.shifts += e.value;
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "click" || e.name === "pointerup" || e.name === "keydown") perf.events.push({ name: e.name, duration: e.duration });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  new MutationObserver((_, observer) => {
    if (document.querySelector('section[aria-labelledby="artwork-heading"] article')) {
      perf.firstCard = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
};

const artwork = (page) => page.locator('section[aria-labelledby="artwork-heading"]');

async function firstPaint(page, url) {
  await page.goto(`${url}/gallery`);
  await artwork(page).locator("article").first().waitFor();
  await page.waitForTimeout(1500);
  return page.evaluate(() => ({
    firstCardMs: Math.round(globalThis.__bench.firstCard),
    cardsRendered: document.querySelectorAll('section[aria-labelledby="artwork-heading"] article').length,
    layoutShift: Math.round(globalThis.__bench.shifts * 1000) / 1000,
  }));
}

/**
 * Clicks `target` and returns the longest input-to-next-paint it caused (0: under 16 ms); `done`
 * then checks the outcome. The target is scrolled into view first and the page left to settle, as
 * a person scrolls to a button before tapping it: a click that scrolls the page itself would
 * count the drawing of everything the scroll brings into view as the tap's cost. Nothing may
 * query the page between the click and its next paint: a locator waiting for a role polls the
 * whole page on every animation frame, on the page's own main thread, and would be counted as
 * the page's slowness.
 */
async function interaction(page, target, done) {
  await target.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.evaluate(() => (globalThis.__bench.events = []));
  await target.click();
  await page.waitForTimeout(400);
  await done();
  return page.evaluate(() => Math.max(0, ...globalThis.__bench.events.map((e) => e.duration)));
}

const worst = (xs) => Math.max(...xs);

export async function measureGallery(context, url) {
  await context.addInitScript(OBSERVERS);
  const page = await context.newPage();
  const cold = await firstPaint(page, url);
  const warm = await firstPaint(page, url);

  const section = artwork(page);
  const tagNames = await section.getByRole("group", { name: "Filter artwork by tag" }).getByRole("button").allTextContents();
  const filter = [];
  for (const name of [...tagNames.slice(1), tagNames[0]]) {
    filter.push(
      await interaction(
        page,
        section.getByRole("button", { name, exact: true }),
        () => section.getByRole("button", { name, exact: true, pressed: true }).waitFor(),
      ),
    );
  }

  const details = [];
  for (let i = 0; i < 5; i++) {
    details.push(
      await interaction(
        page,
        section.getByRole("button", { name: "View Details" }).nth(i * 3),
        () => page.getByRole("dialog").waitFor(),
      ),
    );
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
  }

  const paging = [];
  for (let i = 0; i < 3; i++) {
    paging.push(
      await interaction(
        page,
        page.getByRole("navigation", { name: "Artwork pages" }).getByRole("link", { name: "Next" }),
        () => page.waitForURL(new RegExp(`page=${i + 2}`)),
      ),
    );
  }
  await page.close();

  const result = {
    coldVisit: cold,
    repeatVisit: warm,
    tagFilterToNextPaintMs: { worst: worst(filter), runs: filter },
    viewDetailsToNextPaintMs: { worst: worst(details), runs: details },
    nextPageToNextPaintMs: { worst: worst(paging), runs: paging },
  };
  console.log(
    `gallery: first card ${cold.firstCardMs} ms cold, ${warm.firstCardMs} ms repeat; ${warm.cardsRendered} cards rendered; layout shift ${warm.layoutShift};` +
      ` to next paint: tag filter ≤ ${result.tagFilterToNextPaintMs.worst} ms, View Details ≤ ${result.viewDetailsToNextPaintMs.worst} ms, next page ≤ ${result.nextPageToNextPaintMs.worst} ms`,
  );
  return result;
}
