// The carrier guessed from a tracking number's shape and the page the buyer follows it on, as
// the hooks work them out (pb_hooks/lib/orders/carriers.js), and the studio app's copy agreeing with them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import * as app from "../../src/features/admin/orders/carriers";
// @ts-expect-error plain ESM helper shared with the scripts
import { root } from "../../scripts/lib/project.mjs";

interface HookCarriers {
  CARRIERS: Record<string, { name: string; url: string }>;
  guessCarrier(number: string): string;
  trackingUrl(carrier: string, number: string): string;
  trackingProblem(number: string): string;
  urlProblem(url: string): string;
}
const hookModule = { exports: {} as HookCarriers };
runInNewContext(readFileSync(join(root, "pb_hooks/lib/orders/carriers.js"), "utf8"), { module: hookModule });
const hooks = hookModule.exports;

const NUMBERS: [string, string][] = [
  ["9400 1000 0000 0000 0000 00", "usps"],
  ["9205590164917312751089", "usps"],
  ["420941019400111899223197428490", "usps"],
  ["EA123456785US", "usps"],
  ["1Z999AA10123456784", "ups"],
  ["1z 999 aa1 01 2345 6784", "ups"],
  ["123456789012", "fedex"],
  ["9612345678901234567890", "fedex"],
  ["1234567890", "dhl"],
  ["RR123456785GB", "royal_mail"],
  ["1234567890123456", "canada_post"],
  ["RR123456785CA", "canada_post"],
  ["RR123456785AU", "australia_post"],
  ["33ABC1234567", "other"],
  ["ABC12345678", "australia_post"],
  ["JJD0001234567890123", "deutsche_post"],
  ["LX123456785DE", "deutsche_post"],
  ["6A12345678901", "la_poste"],
  ["RR123456785FR", "la_poste"],
  ["RR123456785JP", "other"],
  ["HELLO", "other"],
];

describe("guessing the carrier", () => {
  it.each(NUMBERS)("%s is %s", (number, carrier) => {
    expect(hooks.guessCarrier(number)).toBe(carrier);
    expect(app.guessCarrier(number)).toBe(carrier);
  });

  it("links to the carrier's page with the number as printed, without its spacing", () => {
    expect(hooks.trackingUrl("usps", "9400 1000-0000")).toBe("https://tools.usps.com/go/TrackConfirmAction?tLabels=940010000000");
    expect(hooks.trackingUrl("ups", "1z999aa10123456784")).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(hooks.trackingUrl("other", "ABC")).toBe("");
    for (const carrier of Object.keys(hooks.CARRIERS)) expect(app.trackingUrl(carrier as app.Carrier, "RR 123")).toBe(hooks.trackingUrl(carrier, "RR 123"));
    expect(Object.keys(app.CARRIERS)).toEqual(Object.keys(hooks.CARRIERS));
  });

  it("refuses numbers that are too long or carry anything but letters, digits, spaces and dashes", () => {
    for (const check of [hooks.trackingProblem, app.trackingProblem]) {
      expect(check("9".repeat(40))).toBe("");
      expect(check("9".repeat(41))).toBe("A tracking number has at most 40 characters.");
      expect(check("9".repeat(500))).toBe("A tracking number has at most 40 characters.");
      expect(check("94<b>")).toBe("A tracking number has only letters, digits, spaces and dashes.");
      expect(check("   ")).toBe("Please enter the tracking number.");
    }
  });

  it("takes a typed tracking page only as a web address", () => {
    expect(hooks.urlProblem("https://track.example/abc")).toBe("");
    expect(hooks.urlProblem("javascript:alert(1)")).toMatch(/web address/);
    expect(hooks.urlProblem("")).toMatch(/tracking page/);
  });
});
