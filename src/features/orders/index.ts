// Orders after their sale: an order's own page (its own chunk, routes.tsx) and the timeline the
// customer's dashboard shows for each of their orders.
export { OrderTimeline } from "./OrderTimeline";
export { fetchMyOrders, dayOf, type Order, type OrderStatus } from "./order";
