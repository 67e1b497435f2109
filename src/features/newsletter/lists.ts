// The lists a visitor can choose and the words the signup form shows. The server keeps the same
// lists and every wording by version (pb_hooks/lib/letters/newsletter-lists.js) and logs the version a
// signup agreed to; tests/integration/newsletter.test.ts checks that both say the same. The form
// must open offline (a signup then waits in the outbox), so the words live here too.

export interface LetterList {
  id: string;
  name: string;
  about: string;
  checked: boolean;
}

export const LISTS: readonly LetterList[] = [
  { id: "news", name: "Studio news", about: "New paintings, open commission slots and what happens in the studio.", checked: true },
  { id: "pebblewick", name: "Pebblewick", about: "New books, stories and characters from the seaside village.", checked: false },
  { id: "cryptids", name: "Hidden Cryptids Alliance", about: "New adventures of the Alliance and its members.", checked: false },
  { id: "originals", name: "New originals", about: "First word when an original painting is for sale.", checked: false },
];

export const WORDING_VERSION = 1;
export const WORDING =
  "Letters from Lanternwood Studio on the lists you tick, about once a month. We send a letter to confirm first. Every letter has a link to change your lists or stop them all, and we never share your address.";
