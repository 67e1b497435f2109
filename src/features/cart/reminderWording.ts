// The words of the cart's reminder box, by version: the server keeps which version a person
// agreed to (pb_hooks/lib/letters/cart-reminders.js holds the same words; a test keeps them equal).
export const REMINDER_WORDING = {
  version: 1,
  label: "Remind me about this cart if I don't finish",
  hint: "At most two letters to this address about this cart. It does not sign you up for the newsletter.",
} as const;
