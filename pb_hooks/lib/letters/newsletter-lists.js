// The lists a visitor can choose and the words the signup form shows, versioned: the consent log
// keeps the version a person agreed to, so the words of any version must never change once used.
// A new wording is a new version.

const LISTS = [
  { id: "news", name: "Studio news", about: "New paintings, open commission slots and what happens in the studio.", checked: true },
  { id: "pebblewick", name: "Pebblewick", about: "New books, stories and characters from the seaside village.", checked: false },
  { id: "cryptids", name: "Hidden Cryptids Alliance", about: "New adventures of the Alliance and its members.", checked: false },
  { id: "originals", name: "New originals", about: "First word when an original painting is for sale.", checked: false },
];

const WORDINGS = {
  1: "Letters from Lanternwood Studio on the lists you tick, about once a month. We send a letter to confirm first. Every letter has a link to change your lists or stop them all, and we never share your address.",
};
const CURRENT_WORDING = 1;

const LIST_IDS = LISTS.map((l) => l.id);

/** The lists named in `value` (an array or one id), known ones only, in the lists' order. */
function chosenLists(value) {
  const asked = Array.isArray(value) ? value.filter((v) => typeof v === "string") : typeof value === "string" ? [value] : [];
  return LIST_IDS.filter((id) => asked.indexOf(id) >= 0);
}

function listName(id) {
  const list = LISTS.find((l) => l.id === id);
  return list ? list.name : id;
}

/** What the signup form shows: its lists and the words a signup agrees to. */
function signupForm() {
  return { lists: LISTS, wording: WORDINGS[CURRENT_WORDING], wording_version: CURRENT_WORDING };
}

module.exports = { LISTS, LIST_IDS, WORDINGS, CURRENT_WORDING, chosenLists, listName, signupForm };
