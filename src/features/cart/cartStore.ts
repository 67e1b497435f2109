// The cart: a zustand store kept in localStorage under one key (SPEC §3 Browser storage). Every
// change is written synchronously, so a reload or a closed tab right after it keeps it; other
// tabs follow through the storage event. While not empty it is mirrored to the server as an
// abandoned cart (SPEC §4).
import { create } from "zustand";
import { db } from "../../lib/db";
import { pb } from "../../lib/pocketbase";
import { isSellable } from "../../lib/money";
import { toast } from "../../ui/toast";
import { rememberReminder } from "./reminderStorage";
import { addLine, isCodeShaped, lineKey, parseStoredCart, removeLine, setLineQuantity, type CartItem } from "./cartRules";

const STORAGE_KEY = "lanternwood-cart";

interface CartState {
  items: CartItem[];
  sessionId: string;
  isOpen: boolean;
  /** A discount code the buyer entered or followed a link with; the server decides what it takes off. */
  code: string;
}

type Change = (items: CartItem[]) => CartItem[];

function readStored(): { items: CartItem[]; sessionId: string; code: string } | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as { items?: unknown; sessionId?: unknown; code?: unknown };
    // A corrupt stored cart is discarded, the session id kept.
    return {
      items: parseStoredCart(stored.items) ?? [],
      sessionId: typeof stored.sessionId === "string" && stored.sessionId ? stored.sessionId : crypto.randomUUID(),
      code: typeof stored.code === "string" && isCodeShaped(stored.code) ? stored.code : "",
    };
  } catch {
    return null;
  }
}

// Empty at first, as a prerendered page draws it, with the stored cart following as a change: the
// app takes such a page over with the first state (src/boot/app.tsx), then redraws the cart button.
export const useCart = create<CartState>(() => ({ items: [], sessionId: "", isOpen: false, code: "" }));
const stored = typeof window !== "undefined" ? readStored() : null;
if (stored) useCart.setState(stored);

// Carts kept by earlier versions live in IndexedDB; until that one is read, changes are also queued
// and replayed onto it, so nothing made in the meantime replaces it or is replaced by it.
let pendingUpgrade: Change[] | null = null;
let abandonedTimer: ReturnType<typeof setTimeout> | undefined;

function write(items: CartItem[], sessionId: string) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ items, sessionId, code: useCart.getState().code, updatedAt: Date.now() }));
  } catch {
    // Storage full or blocked (private mode): the cart lives as long as this page.
  }
}

function change(apply: Change) {
  pendingUpgrade?.push(apply);
  const { items, sessionId } = useCart.getState();
  const next = apply(items);
  useCart.setState({ items: next });
  write(next, sessionId);
  if (!next.length) rememberReminder(sessionId, "");
  clearTimeout(abandonedTimer);
  abandonedTimer = setTimeout(saveAbandonedCart, 1500);
  return { before: items, after: next };
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

async function adoptEarlierCart() {
  pendingUpgrade = [];
  try {
    const row = await db.cart.get("current");
    const earlier = parseStoredCart(row?.items) ?? [];
    const sessionId = row?.sessionId || crypto.randomUUID();
    const items = pendingUpgrade.reduce((acc, apply) => apply(acc), earlier);
    useCart.setState({ items, sessionId });
    write(items, sessionId);
    if (row) await db.cart.delete("current");
  } catch {
    const { items } = useCart.getState();
    const sessionId = crypto.randomUUID();
    useCart.setState({ sessionId });
    write(items, sessionId);
  } finally {
    pendingUpgrade = null;
  }
}

if (typeof window !== "undefined") {
  if (!stored) void adoptEarlierCart();
  // Another tab changed the cart: adopt its version.
  window.addEventListener("storage", (e) => {
    if (e.key !== STORAGE_KEY) return;
    const latest = readStored();
    if (latest) useCart.setState({ items: latest.items, sessionId: latest.sessionId, code: latest.code });
  });
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
  const { outcome } = addLine(useCart.getState().items, item);
  change((items) => addLine(items, item).items);
  if (outcome === "unchanged") toast({ title: "Already in your cart", description: `${item.title} is one of a kind.` });
  else toast({ title: outcome === "increased" ? "Quantity updated" : "Added to cart", description: item.title });
  openCart();
  return true;
}

export function setQuantity(key: string, quantity: number) {
  const { before, after } = change((items) => setLineQuantity(items, key, quantity));
  if (after.length < before.length) toast({ title: "Removed from cart" });
}

export function removeFromCart(key: string) {
  change((items) => removeLine(items, key));
  toast({ title: "Removed from cart" });
}

export function clearCart({ silently = false } = {}) {
  change(() => []);
  if (!silently) toast({ title: "Cart cleared" });
}

/** Keeps a discount code with the cart ("" removes it); what it takes off is the server's preview. */
export function setCode(code: string) {
  useCart.setState({ code: code.trim().toUpperCase() });
  const { items, sessionId } = useCart.getState();
  write(items, sessionId);
}

/** A code from a shared link (?code=SPRING10): kept in the cart, and said so. */
export function takeCodeFromLink(raw: string) {
  if (!isCodeShaped(raw.trim())) {
    toast({ title: "This code isn't valid", description: "Check the link, or type the code in your cart.", tone: "error" });
    return;
  }
  setCode(raw);
  toast({ title: `Code ${useCart.getState().code} is in your cart`, description: "Its discount shows in your cart." });
}

/**
 * A reminder letter's link (/cart/restore/<token> leads to ?restore=<token>): the server rebuilds
 * the cart from what can be bought today, at today's prices; its lines join this cart (a line
 * already here stays as it is). A link the server refuses leaves the cart untouched, and says why.
 */
export async function restoreFromLink(token: string) {
  let answer: { items?: unknown; code?: unknown };
  try {
    answer = await pb.send("/api/studio/cart/restore", { method: "POST", body: { token } });
  } catch (err) {
    const message = (err as { response?: { message?: string }; status?: number }).response?.message;
    toast({ title: "This cart link does not work", description: message || "You appear to be offline. Open the link again when you're connected.", tone: "error" });
    return;
  }
  const lines = parseStoredCart(answer.items) ?? [];
  change((items) => lines.reduce((acc, line) => (acc.some((i) => lineKey(i) === lineKey(line)) ? acc : [...acc, line]), items));
  if (typeof answer.code === "string" && answer.code && !useCart.getState().code) setCode(answer.code);
  toast({ title: "Your cart is back", description: "At today's prices; shipping is worked out for where it goes." });
  openCart();
}
