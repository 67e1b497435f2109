// "Tell me when it's back": the form an item that cannot be bought offers (wishes made offline wait
// in the outbox). The studio's count of who waits lives with the studio's editors.
import "./wish";

export { NotifyMe } from "./NotifyMe";
export type { WishItem } from "./wish";
