// The cart: a zustand store persisted in IndexedDB (one row), shared live between open tabs,
// and mirrored to the server as an abandoned cart while it is not empty (SPEC §4).
import { create } from "zustand";
import { liveQuery } from "dexie";
import { db } from "../../lib/db";
import { pb } from "../../lib/pocketbase";
import { isSellable } from "../../lib/money";
import { toast } from "../../ui/toast";
import { addLine, parseStoredCart, removeLine, setLineQuantity, type CartItem } from "./cartRules";

interface CartState {
  items: CartItem[];
  sessionId: string;
  isOpen: boolean;
}

export const useCart = create<CartState>(() => ({ items: [], sessionId: "", isOpen: false }));

let lastWrite = 0;
let abandonedTimer: ReturnType<typeof setTimeout> | undefined;

function commit(items: CartItem[]) {
  const { sessionId } = useCart.getState();
  lastWrite = Date.now();
  useCart.setState({ items });
  void db.cart.put({ id: "current", items, sessionId, updatedAt: lastWrite });
  clearTimeout(abandonedTimer);
  abandonedTimer = setTimeout(saveAbandonedCart, 1500);
}

/** Saves (or, when empty, forgets) this browser's abandoned cart; quietly waits for a connection. */
async function saveAbandonedCart() {
  const { items, sessionId } = useCart.getState();
  if (!sessionId) return;
  try {
    await pb.send("/api/studio/cart", { method: "POST", body: { session_id: sessionId, items } });
  } catch {
    // Offline or refused: the next change or the next 'online' event tries again.
  }
}

async function load() {
  const row = await db.cart.get("current");
  const items = parseStoredCart(row?.items);
  const sessionId = row?.sessionId || crypto.randomUUID();
  // A corrupt stored cart is discarded, the session id kept.
  if (!row || (row.items !== undefined && !items)) await db.cart.put({ id: "current", items: [], sessionId, updatedAt: Date.now() });
  useCart.setState({ items: items ?? [], sessionId });
  // Another tab changed the cart: adopt its version.
  liveQuery(() => db.cart.get("current")).subscribe((latest) => {
    if (latest && latest.updatedAt > lastWrite) {
      lastWrite = latest.updatedAt;
      useCart.setState({ items: parseStoredCart(latest.items) ?? [] });
    }
  });
}

if (typeof window !== "undefined") {
  void load();
  window.addEventListener("online", () => void saveAbandonedCart());
  // SPEC §2: the cart also opens from a global toggle-cart event.
  window.addEventListener("toggle-cart", () => useCart.setState((s) => ({ isOpen: !s.isOpen })));
}

export function openCart() {
  useCart.setState({ isOpen: true });
}

export function closeCart() {
  useCart.setState({ isOpen: false });
}

/** Adds one of an item; refuses an item without a positive price. Any add opens the drawer. */
export function addToCart(item: Omit<CartItem, "quantity">): boolean {
  if (!isSellable(item.price)) {
    toast({ title: "Price on request", description: "This piece has no price yet. Ask us about it through a commission request.", tone: "error" });
    return false;
  }
  const { items, outcome } = addLine(useCart.getState().items, item);
  commit(items);
  toast({ title: outcome === "increased" ? "Quantity updated" : "Added to cart", description: item.title });
  openCart();
  return true;
}

export function setQuantity(key: string, quantity: number) {
  const before = useCart.getState().items;
  const items = setLineQuantity(before, key, quantity);
  commit(items);
  if (items.length < before.length) toast({ title: "Removed from cart" });
}

export function removeFromCart(key: string) {
  commit(removeLine(useCart.getState().items, key));
  toast({ title: "Removed from cart" });
}

export function clearCart({ silently = false } = {}) {
  commit([]);
  if (!silently) toast({ title: "Cart cleared" });
}
