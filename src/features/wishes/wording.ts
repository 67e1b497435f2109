// The words the notify-me form shows, by version. The server keeps every version
// (pb_hooks/lib/letters/wishes.js) and logs the one a wish agreed to; tests/integration/wishes.test.ts
// checks that both say the same. The form must work offline (a wish then waits in the outbox).
export const WISH_WORDING_VERSION = 1;
export const WISH_WORDING =
  "We'll write to you once when it's back. A first letter asks you to confirm your address. Every letter has a link to stop them, and we never share your address.";
