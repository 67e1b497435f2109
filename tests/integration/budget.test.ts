// The speed budget that does not depend on the machine: what each public route downloads before
// its first render, as it travels on the wire (the Brotli copies the server sends), read from the
// build, and what the service worker's install downloads for every visitor. Timings are measured
// by `npm run bench`, never asserted.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helpers shared with the scripts
import { routeBudgets, BUDGET } from "../../scripts/lib/budget.mjs";
// @ts-expect-error plain ESM helpers shared with the scripts
import { root } from "../../scripts/lib/project.mjs";

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

describe("the app's start", () => {
  // src/main.tsx evaluates React, Dexie, the PocketBase client and the router each in a task of its
  // own; a stage's chunk the entry imported statically would be evaluated with the entry, all at once.
  it("evaluates none of the stages' chunks with the entry", () => {
    const manifest = JSON.parse(readFileSync(join(root, "dist", ".vite", "manifest.json"), "utf8")) as Record<string, { file: string; imports?: string[] }>;
    const reached = new Set<string>();
    const visit = (key: string) => {
      if (reached.has(key)) return;
      reached.add(key);
      manifest[key].imports?.forEach(visit);
    };
    visit("index.html");
    const files = [...reached].map((key) => manifest[key].file);
    expect(files.filter((file) => /^assets\/(react|db|pocketbase|router|routes|app)-/.test(file))).toEqual([]);
  });

  // A file that only re-exports another is a request to start and nothing else (vite.stage-facades.ts).
  it.each(Object.keys(routes))("%s starts with no file that only re-exports another", (route) => {
    const reexportOnly = routes[route].files.filter((file) => /^export\s*\{[^}]*\}\s*from\s*"[^"]+";?\s*$/.test(readFileSync(join(root, "dist", file), "utf8").trim()));
    expect(reexportOnly).toEqual([]);
  });
});

describe("the service worker's install", () => {
  const dist = join(root, "dist");
  const precached = [...readFileSync(join(dist, "sw.js"), "utf8").matchAll(/\{url:"([^"]+)",revision:/g)].map((m) => `/${m[1]}`);
  const studio = JSON.parse(readFileSync(join(dist, "studio-files.json"), "utf8")) as string[];

  it("holds none of the studio's code, which its tablet keeps after signing in", () => {
    expect(studio.length).toBeGreaterThan(0);
    expect(precached.filter((url) => studio.includes(url) || url.startsWith("/assets/admin-"))).toEqual([]);
  });

  // Each is built into a file named after it (vite.config.ts, ON_DEMAND).
  it("holds none of the code a visitor loads only when used: signing in, the commission form and workspace, checkout and order pages", () => {
    const onDemand = /^\/assets\/(AuthDialog|AccountSettings|ResetPasswordPage|ConfirmVerificationPage|ConfirmEmailChangePage|CommissionPage|CommissionWorkspace|DashboardPage|DemoCheckoutPage|SuccessPage|CanceledPage|OrderPage)-[\w-]+\.js$/;
    expect(readdirSync(join(dist, "assets")).filter((file) => onDemand.test(`/assets/${file}`)).length).toBeGreaterThanOrEqual(8);
    expect(precached.filter((url) => onDemand.test(url))).toEqual([]);
  });

  it("holds the catalogue's sync worker, so a visit with no signal still reads and syncs later", () => {
    expect(precached).toContain("/catalogue-sync.js");
  });
});
