// The cart: add from anywhere, the navbar button, and the drawer with the checkout dialog.
export { addToCart, openCart, closeCart, clearCart, useCart, takeCodeFromLink, restoreFromLink } from "./cartStore";
export { AUTOGRAPHED_PRICE, AUTOGRAPHED_SUFFIX, type CartItem } from "./cartRules";
export { CartButton } from "./CartButton";
export { CartDrawer } from "./CartDrawer";
