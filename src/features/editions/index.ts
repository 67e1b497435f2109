// Numbered editions: the offer on a painting's page, a number's public ledger page (its own chunk,
// routes.tsx) and the helpers the order page uses to show a number.
export { EditionOffer } from "./EditionOffer";
export { verifyPath } from "./edition";
