// The address a cart's reminder was asked for, kept with the cart so the box stays ticked when the
// cart opens again; an emptied (or bought) cart forgets it, as the server's reminder ends with it.
const STORAGE_KEY = "lanternwood-cart-reminder";

export function rememberedReminder(sessionId: string): string {
  try {
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null") as { sessionId?: string; email?: string } | null;
    return kept?.sessionId === sessionId && typeof kept.email === "string" ? kept.email : "";
  } catch {
    return "";
  }
}

export function rememberReminder(sessionId: string, email: string) {
  try {
    if (email) localStorage.setItem(STORAGE_KEY, JSON.stringify({ sessionId, email }));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: the reminder is kept by the server all the same.
  }
}
