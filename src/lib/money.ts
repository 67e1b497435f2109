// US dollars, en-US, exactly two decimals (SPEC §1, §9).
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatPrice(amount: number | null | undefined): string {
  return typeof amount === "number" && Number.isFinite(amount) ? usd.format(amount) : "N/A";
}

export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** A price the shop can sell at: a positive number. */
export function isSellable(amount: unknown): amount is number {
  return typeof amount === "number" && Number.isFinite(amount) && amount > 0;
}
