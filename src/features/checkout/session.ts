// What the server tells the browser about a checkout session.
import { pb } from "../../lib/pocketbase";

export interface SessionSummary {
  session_id: string;
  provider: "demo" | "stripe";
  status: "open" | "paid" | "canceled" | "expired" | "failed";
  amount_total: number;
  shipping: number;
  /** Tax added to the total (manual tax, or Stripe Tax once paid). */
  tax?: number;
  /** Tax the prices already hold: shown, not added. */
  tax_included?: number;
  tax_label?: string;
  ship_country?: string;
  /** The US state tax was priced for: the payment page keeps it. */
  ship_region?: string;
  shipping_zone_name?: string;
  /** The countries the address may be in: the zone the order was priced for, or its one country with the shop's own tax. */
  allowed_countries?: string[];
  /** The code the order used ("" or absent for none) and what it took off, in cents. */
  discount_code?: string;
  discount?: number;
  lines: { title: string; quantity: number; unit_amount: number; item_type: string; code_excluded?: boolean }[];
  /** A paid order's own page (with its key), told only to the session's buyer. */
  order_page?: string;
  /** false for an order of downloads alone: no parcel, so no address is asked for. */
  ships?: boolean;
  /** Set for a commission's deposit, balance or addition: nothing ships, and the customer goes back to it. */
  commission?: string;
}

export const fetchSession = (id: string) => pb.send<SessionSummary>(`/api/studio/checkout/${encodeURIComponent(id)}`, { method: "GET" });
