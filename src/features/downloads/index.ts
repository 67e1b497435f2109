// Files sold to download, as the shop shows them: each story world's downloads with Add to Cart.
// What a buyer gets is on their order (src/features/orders/OrderFiles.tsx).
export { WorldDownloads } from "./WorldDownloads";
