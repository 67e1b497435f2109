// Stripe's rules that stripe-mock does not enforce, as the hooks check them before a request
// leaves (pb_hooks/lib/money/stripe-rules.js): each rule with a request Stripe refuses and one it takes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper shared with the scripts
import { root } from "../../scripts/lib/project.mjs";

// The hooks' CommonJS, run as the server's JS engine runs it: with its own module object.
const hookModule = { exports: {} as { stripeProblem(path: string, params: unknown, nowMs: number): string } };
runInNewContext(readFileSync(join(root, "pb_hooks/lib/money/stripe-rules.js"), "utf8"), { module: hookModule });
const { stripeProblem } = hookModule.exports;

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const seconds = (s: number) => Math.floor(NOW / 1000) + s;
const session = (extra: Record<string, unknown> = {}) => ({
  mode: "payment",
  line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 3500, product_data: { name: "Cove (Print)" } } }],
  expires_at: seconds(35 * 60),
  metadata: { checkout_id: "abc" },
  ...extra,
});

describe("a Checkout Session's expires_at", () => {
  it("must be 30 minutes to 24 hours away when the request leaves, with two minutes of margin", () => {
    expect(stripeProblem("/v1/checkout/sessions", session(), NOW)).toBe("");
    // The shop's old hold: 30 minutes measured before pricing reached Stripe as 1,799.x seconds.
    expect(stripeProblem("/v1/checkout/sessions", session({ expires_at: seconds(30 * 60) - 1 }), NOW)).toMatch(/at least 30 minutes/);
    expect(stripeProblem("/v1/checkout/sessions", session({ expires_at: seconds(31 * 60) }), NOW)).toMatch(/at least 30 minutes/);
    expect(stripeProblem("/v1/checkout/sessions", session({ expires_at: seconds(24 * 3600 - 60) }), NOW)).toMatch(/at most 24 hours/);
    expect(stripeProblem("/v1/checkout/sessions", session({ expires_at: seconds(23 * 3600) }), NOW)).toBe("");
  });
});

describe("metadata", () => {
  it("has at most 50 keys of at most 40 characters, without brackets, and values of at most 500", () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"]));
    expect(stripeProblem("/v1/checkout/sessions", session({ metadata: many }), NOW)).toMatch(/metadata has 51 keys; Stripe allows 50/);
    expect(stripeProblem("/v1/checkout/sessions", session({ metadata: { ["k".repeat(41)]: "v" } }), NOW)).toMatch(/longer than 40 characters/);
    expect(stripeProblem("/v1/checkout/sessions", session({ metadata: { "a[b]": "v" } }), NOW)).toMatch(/square brackets/);
    expect(stripeProblem("/v1/refunds", { payment_intent: "pi_1", amount: 100, metadata: { note: "x".repeat(501) } }, NOW)).toMatch(/longer than 500 characters/);
    // Nested metadata (a product's) is checked too.
    const nested = session({ line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 3500, product_data: { name: "x", metadata: { ["y".repeat(41)]: "1" } } } }] });
    expect(stripeProblem("/v1/checkout/sessions", nested, NOW)).toMatch(/line_items\[0\]\[price_data\]\[product_data\]\[metadata\] key/);
    expect(stripeProblem("/v1/checkout/sessions", session({ metadata: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, "v".repeat(500)])) }), NOW)).toBe("");
  });
});

describe("amounts", () => {
  it("are whole cents, never negative", () => {
    const line = (unit_amount: unknown) => session({ line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount, product_data: { name: "x" } } }] });
    expect(stripeProblem("/v1/checkout/sessions", line(1999.5), NOW)).toMatch(/must be a whole number of cents/);
    expect(stripeProblem("/v1/checkout/sessions", line("1999"), NOW)).toMatch(/must be a whole number of cents/);
    expect(stripeProblem("/v1/refunds", { payment_intent: "pi_1", amount: -5 }, NOW)).toMatch(/must be a whole number of cents/);
    expect(stripeProblem("/v1/refunds", { payment_intent: "pi_1", amount: 5 }, NOW)).toBe("");
  });

  it("reach Stripe's 50-cent minimum for a USD payment", () => {
    const cheap = session({ line_items: [{ quantity: 2, price_data: { currency: "usd", unit_amount: 24, product_data: { name: "Sticker" } } }] });
    expect(stripeProblem("/v1/checkout/sessions", cheap, NOW)).toBe("The amount to pay must be at least $0.50.");
    const enough = session({ line_items: [{ quantity: 2, price_data: { currency: "usd", unit_amount: 25, product_data: { name: "Sticker" } } }] });
    expect(stripeProblem("/v1/checkout/sessions", enough, NOW)).toBe("");
  });
});

describe("shipping", () => {
  const option = (amount: number) => ({ shipping_rate_data: { type: "fixed_amount", fixed_amount: { amount, currency: "usd" }, display_name: "Shipping to Europe" } });
  it("names only countries Stripe's page can take, in at most five options", () => {
    expect(stripeProblem("/v1/checkout/sessions", session({ shipping_address_collection: { allowed_countries: ["DE", "FR"] }, shipping_options: [option(495)] }), NOW)).toBe("");
    expect(stripeProblem("/v1/checkout/sessions", session({ shipping_address_collection: { allowed_countries: ["DE", "CU", "VI"] } }), NOW)).toBe("Stripe cannot collect addresses in CU, VI.");
    expect(stripeProblem("/v1/checkout/sessions", session({ shipping_address_collection: { allowed_countries: [] } }), NOW)).toMatch(/at least one country/);
    expect(stripeProblem("/v1/checkout/sessions", session({ shipping_options: Array.from({ length: 6 }, () => option(495)) }), NOW)).toMatch(/at most 5 shipping options, not 6/);
  });

  it("counts toward the minimum charge", () => {
    const small = { line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 30, product_data: { name: "Sticker" } } }] };
    expect(stripeProblem("/v1/checkout/sessions", session(small), NOW)).toMatch(/at least \$0.50/);
    expect(stripeProblem("/v1/checkout/sessions", session({ ...small, shipping_options: [option(495)] }), NOW)).toBe("");
  });
});
