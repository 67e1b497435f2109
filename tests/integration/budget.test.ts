// The speed budget that does not depend on the machine: what each public route downloads before
// its first render, as it travels on the wire (the Brotli copies the server sends), read from the
// build. Timings are measured by `npm run bench`, never asserted.
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helpers shared with the scripts
import { routeBudgets, BUDGET } from "../../scripts/lib/budget.mjs";

interface RouteBudget {
  js: number;
  css: number;
  files: string[];
  onDemand: string[];
}

const { routes } = routeBudgets() as { routes: Record<string, RouteBudget> };
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

describe("the speed budget of the build", () => {
  it.each(Object.keys(routes))("%s starts with at most 150 KB of script and 20 KB of styles on the wire", (route) => {
    const r = routes[route];
    expect(r.js, `${route}: ${kb(r.js)} of script in ${r.files.join(", ")}`).toBeLessThanOrEqual(BUDGET.jsPerRoute);
    expect(r.css, `${route}: ${kb(r.css)} of styles`).toBeLessThanOrEqual(BUDGET.cssPerRoute);
  });

  it.each(Object.keys(routes))("%s loads no admin, sign-in or commission-workspace code before it is used", (route) => {
    expect(routes[route].onDemand).toEqual([]);
  });
});
