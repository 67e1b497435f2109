// The studio's shipping and tax settings: two documents of shop_settings, read live and saved
// whole. The server checks every save and refuses it with one message; nothing is half-saved.
import type { RecordModel } from "pocketbase";
import { ClientResponseError } from "pocketbase";
import { toast } from "../../../ui/toast";
import { pb } from "../../../lib/pocketbase";
import { useLiveList } from "../../../lib/useLiveList";

export interface Rate {
  first_cents: number;
  additional_cents: number;
  min_days: number | null;
  max_days: number | null;
}
export interface ShippingClass {
  id: string;
  name: string;
  tax_code: string;
}
export interface Zone {
  id: string;
  name: string;
  rest_of_world: boolean;
  countries: string[];
  free_over_cents: number | null;
  rates: Record<string, Rate>;
}
export interface Shipping {
  classes: ShippingClass[];
  defaults: Record<ProductKind, string>;
  zones: Zone[];
}
export interface TaxRate {
  country: string;
  region: string;
  percent: number;
  class_percent: Record<string, number>;
}
export interface Tax {
  prices_include_tax: boolean;
  rates: TaxRate[];
  home_country: string;
  tax_behavior: "exclusive" | "inclusive";
  commission_tax_code: string;
  shipping_tax_code: string;
}

export const PRODUCT_KINDS = [
  ["painting:print", "Prints (paintings tagged Print - For Sale)"],
  ["painting:original", "Originals (paintings tagged Original - For Sale)"],
  ["book:autographed", "Autographed books"],
  ["merchandise", "Merchandise (unless an item names its own class)"],
] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number][0];

interface Setting extends RecordModel {
  key: "shipping" | "tax";
  value: unknown;
}

/** The two documents, or null while loading. */
export function useShopSettings() {
  const { items, error } = useLiveList<Setting>("shop_settings", "", "key");
  const shipping = items?.find((s) => s.key === "shipping");
  const tax = items?.find((s) => s.key === "tax");
  return {
    error,
    shipping: shipping ? { id: shipping.id, value: shipping.value as Shipping } : null,
    tax: tax ? { id: tax.id, value: tax.value as Tax } : null,
  };
}

/** Saves a whole document; answers the server's refusal ("" when saved). */
/** Saves one settings document whole and says so in a toast: true when saved, else the server's reason is shown. */
export async function saveSetting(id: string, value: Shipping | Tax, said: { done: string; failed: string }): Promise<boolean> {
  try {
    await pb.collection("shop_settings").update(id, { value });
    toast({ title: said.done });
    return true;
  } catch (err) {
    const description = err instanceof ClientResponseError && err.status > 0 ? err.message : "The settings could not be saved. Check the connection and try again.";
    toast({ title: said.failed, description, tone: "error" });
    return false;
  }
}

/** "4.95" → 495; null for anything that is not a non-negative amount with at most two decimals. */
export function toCents(text: string): number | null {
  const t = text.trim().replace(/^\$/, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

export const dollars = (cents: number | null | undefined) => (typeof cents === "number" ? (cents / 100).toFixed(2) : "");

export const AMOUNT_HINT = "Enter an amount like 4.95: digits, no minus sign.";
