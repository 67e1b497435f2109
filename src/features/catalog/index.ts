// The catalogue: home, gallery & shop and the book page. Only HomePage is eager; the rest load per route.
export { HomePage } from "./HomePage";
// A piece's body, for its own page and its dialog over a list (src/features/pieces).
export { PaintingDetails } from "./PaintingDetails";
export { MuralDetails } from "./MuralDetails";
export { MerchDetails } from "./MerchDetails";
