// The server's price of the cart with its code (POST /api/studio/cart/price): the discount and the
// total shown are the ones checkout then charges. Asked only while a code is in the cart.
import { useEffect, useState } from "react";
import { ClientResponseError } from "pocketbase";
import { pb } from "../../lib/pocketbase";
import { isPriced, type CartItem } from "./cartRules";

export interface PricePreview {
  lines: { title: string; quantity: number; unit_amount: number; item_type: string; discount_cents: number }[];
  subtotal: number;
  shipping: number;
  discount: number;
  tax: number;
  total: number;
  discount_code: string;
  free_shipping: boolean;
  code_error: string;
}

export type PreviewState = { preview: PricePreview | null; problem: string; pending: boolean };

export const orderLines = (items: CartItem[]) => items.filter(isPriced).map(({ id, type, variant, size, color, quantity }) => ({ id, type, variant, size, color, quantity }));

export function usePricePreview(items: CartItem[], code: string, sessionId: string): PreviewState {
  const [state, setState] = useState<PreviewState>({ preview: null, problem: "", pending: false });
  const body = code && items.some(isPriced) ? JSON.stringify({ items: orderLines(items), code, cart_session_id: sessionId }) : "";
  useEffect(() => {
    if (!body) {
      setState({ preview: null, problem: "", pending: false });
      return;
    }
    let current = true;
    setState((s) => ({ ...s, pending: true }));
    // Quantity buttons pressed in a row ask once.
    const timer = setTimeout(() => {
      pb.send<PricePreview>("/api/studio/cart/price", { method: "POST", body: JSON.parse(body), requestKey: null }).then(
        (preview) => current && setState({ preview, problem: "", pending: false }),
        (err) => {
          if (!current) return;
          const problem = err instanceof ClientResponseError && err.status >= 400 ? err.message : "The discount could not be checked: you seem to be offline. It is checked again at checkout.";
          setState({ preview: null, problem, pending: false });
        },
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [body]);
  return state;
}
