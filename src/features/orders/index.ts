// Orders after their sale: an order's own page (its own chunk, routes.tsx) and the timeline the
// customer's dashboard shows for each of their orders, and a numbered line's numbers, which the
// studio's orders show too, and the files bought with it.
export { OrderTimeline } from "./OrderTimeline";
export { EditionNumbers } from "./EditionNumbers";
export { OrderDownloads } from "./OrderFiles";
export { fetchMyOrders, readOrder, dayOf, type Order, type OrderStatus } from "./order";
