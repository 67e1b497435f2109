// US dollars, en-US, exactly two decimals (SPEC §1, §9): "$1,234.50", "-$4.95". Written out rather
// than with Intl.NumberFormat, whose currency formatter costs a slow phone about 25 ms to create,
// in the same task that starts the app.
function usd(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const dollars = formatCount(Math.floor(cents / 100));
  const sign = amount < 0 ? "-" : "";
  return `${sign}$${dollars}.${String(cents % 100).padStart(2, "0")}`;
}

/** A whole number with en-US thousands separators ("2,000"), without Intl for the same reason. */
export function formatCount(n: number): string {
  return Math.trunc(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export function formatPrice(amount: number | null | undefined): string {
  return typeof amount === "number" && Number.isFinite(amount) ? usd(amount) : "N/A";
}

export function formatCents(cents: number): string {
  return usd(cents / 100);
}

/** A price the shop can sell at: a positive number. */
export function isSellable(amount: unknown): amount is number {
  return typeof amount === "number" && Number.isFinite(amount) && amount > 0;
}

/** Dollars as typed ("120", "120.5", "$1,200.00") to whole cents, or null. */
export function parseDollars(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, part = ""] = clean.split(".");
  return Number(whole) * 100 + Number(part.padEnd(2, "0"));
}

