// Where the cart is shipped to, and what the server's preview charges for it there. The place is
// remembered in this browser; the first guess is the region of the browser's language. Prices
// are the server's alone (POST /api/studio/cart/price): the cart shows what checkout will charge.
import { useEffect, useState } from "react";
import { create } from "zustand";
import { ClientResponseError } from "pocketbase";
import { pb } from "../../lib/pocketbase";
import { useOnline } from "../../lib/pwa";
import { isPriced, type CartItem } from "./cartRules";
import { useCart } from "./cartStore";

const STORAGE_KEY = "lanternwood-ship-to";

export interface Places {
  countries: string[];
  shipped: string[];
  /** Set when sales tax is set per US state: a US order names its state. */
  us_states: string[];
  tax_mode: "off" | "manual" | "stripe";
  /** "demo": the built-in demo page stands in for Stripe's and charges nothing; "" before payments are set up. */
  payments: "demo" | "stripe" | "";
}

export interface Preview {
  lines: { title: string; code_excluded: boolean }[];
  subtotal: number;
  shipping: number;
  discount: number;
  tax: number;
  total: number;
  ship_country: string;
  shipping_zone_name: string;
  delivery_estimate: { min_days: number | null; max_days: number | null } | null;
  tax_mode: Places["tax_mode"];
  tax_included: number;
  tax_label: string;
  /** The code as applied ("" for none), or why it was not: the order is then priced without it. */
  discount_code: string;
  free_shipping: boolean;
  code_error: string;
  /** false when every line is a download: nothing ships, no address is asked for. */
  ships: boolean;
  /** The EU and UK box a download needs before checkout (its exact words), or null. */
  withdrawal_box: { wording: string; version: string } | null;
}

/** The region of a language tag, or its likely one ("de" is Germany): "" when there is none. */
export function regionOf(language: string | undefined): string {
  if (!language) return "";
  try {
    const locale = new Intl.Locale(language);
    return (locale.region ?? locale.maximize().region ?? "").toUpperCase();
  } catch {
    return "";
  }
}

let names: Intl.DisplayNames | null = null;
/** A country's name in English, from the browser (the shop keeps only the codes). */
export function countryName(code: string): string {
  try {
    names ??= new Intl.DisplayNames(["en"], { type: "region" });
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

function readStored(): { country: string; region: string } {
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? "null") as { country?: unknown; region?: unknown } | null;
    if (v && typeof v.country === "string" && /^[A-Z]{2}$/.test(v.country)) return { country: v.country, region: typeof v.region === "string" ? v.region : "" };
  } catch {
    // A broken entry is replaced by the guess.
  }
  return { country: regionOf(globalThis.navigator?.language), region: "" };
}

export const useShipTo = create<{ country: string; region: string }>(() => (typeof window !== "undefined" ? readStored() : { country: "", region: "" }));

export function setShipTo(country: string, region = "") {
  useShipTo.setState({ country, region });
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ country, region }));
  } catch {
    // Not kept: the choice lasts as long as this page.
  }
}

let placesRequest: Promise<Places> | null = null;
export function usePlaces(): Places | null {
  const [places, setPlaces] = useState<Places | null>(null);
  useEffect(() => {
    let live = true;
    placesRequest ??= pb.send<Places>("/api/studio/shipping/places", { method: "GET" });
    placesRequest.then(
      (p) => live && setPlaces(p),
      () => {
        placesRequest = null;
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return places;
}

export type PreviewState = { state: "empty" | "pricing" | "offline" | "needs-state" } | { state: "priced"; price: Preview } | { state: "refused"; message: string };

export const linesOf = (items: CartItem[]) => items.filter(isPriced).map(({ id, type, variant, size, color, quantity }) => ({ id, type, variant, size, color, quantity }));

/** The server's price of these items shipped to the chosen place with the cart's code, asked again whenever one changes. */
export function usePreview(items: CartItem[], sessionId: string, enabled: boolean): PreviewState {
  const { country, region } = useShipTo();
  const code = useCart((s) => s.code);
  const online = useOnline();
  // Sales tax set per state: a US order is priced once its state is chosen, not refused before.
  const places = usePlaces();
  const needsState = country === "US" && !region && !!places?.us_states.length;
  const [result, setResult] = useState<PreviewState>({ state: "pricing" });
  // One string for the lines and the place: the preview is asked again only when one changes.
  const key = JSON.stringify([linesOf(items), country, region, code]);
  useEffect(() => {
    if (!enabled) return;
    const [lines, country, region, code] = JSON.parse(key) as [ReturnType<typeof linesOf>, string, string, string];
    if (!lines.length) return setResult({ state: "empty" });
    if (!online) return setResult({ state: "offline" });
    if (!country) return setResult({ state: "refused", message: "Please choose the country to ship to." });
    if (needsState) return setResult({ state: "needs-state" });
    let live = true;
    setResult({ state: "pricing" });
    pb.send<Preview>("/api/studio/cart/price", { method: "POST", body: { items: lines, cart_session_id: sessionId, country, region, code }, requestKey: "cart-preview" }).then(
      (price) => live && setResult({ state: "priced", price }),
      (err) => {
        if (!live || (err instanceof ClientResponseError && err.isAbort)) return;
        const refused = err instanceof ClientResponseError && err.status >= 400 && err.status < 500;
        setResult(refused ? { state: "refused", message: err.message } : { state: "offline" });
      },
    );
    return () => {
      live = false;
    };
  }, [key, online, enabled, sessionId, needsState]);
  return result;
}
