// The catalogue: home, gallery & shop and the book page. Only HomePage is eager; the rest load per route.
export { HomePage } from "./HomePage";
