// Discount codes as the studio app reads and writes them, and the server's report of each.
import type { RecordModel } from "pocketbase";
import { pb } from "../../../lib/pocketbase";
import { formatCents } from "../../../lib/money";

export type CodeKind = "percent" | "fixed" | "free_shipping";
export type GoodsKind = "prints" | "originals" | "books" | "merchandise";
export const GOODS: { value: GoodsKind; label: string }[] = [
  { value: "prints", label: "Prints" },
  { value: "originals", label: "Originals" },
  { value: "books", label: "Books" },
  { value: "merchandise", label: "Merchandise" },
];

export interface DiscountCode extends RecordModel {
  code: string;
  kind: CodeKind;
  percent: number;
  amount_cents: number;
  applies_to: GoodsKind[];
  min_subtotal_cents: number;
  starts_at: string;
  ends_at: string;
  max_uses: number;
  once_per_buyer: boolean;
  active: boolean;
}

export interface CodeReport {
  id: string;
  code: string;
  uses: number;
  held: number;
  revenue_cents: number;
  discount_cents: number;
  orders: { session_id: string; paid_at: string; amount_total: number; discount_cents: number; refunded: boolean; flag: string }[];
}

export const fetchReport = () => pb.send<{ codes: CodeReport[] }>("/api/studio/discounts/report", { method: "GET", requestKey: null }).then((r) => r.codes);

export function describeOff(c: Pick<DiscountCode, "kind" | "percent" | "amount_cents">): string {
  if (c.kind === "percent") return `${c.percent} % off`;
  if (c.kind === "fixed") return `${formatCents(c.amount_cents)} off`;
  return "Free shipping";
}

export function describeGoods(kinds: GoodsKind[] | null | undefined): string {
  if (!kinds?.length) return "Everything but originals";
  return GOODS.filter((g) => kinds.includes(g.value))
    .map((g) => g.label)
    .join(", ");
}

/** A stored date ("2026-12-01 00:00:00.000Z") as the studio reads it, in its own time zone. */
export function shortDate(stored: string): string {
  if (!stored) return "";
  return new Date(stored.replace(" ", "T")).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}
