// What a wish sends, and how: a wish made offline waits in the outbox, so the sender is registered
// when the app starts (through index.ts), not when a form first opens.
import { registerSender } from "../../lib/outbox";
import { pb } from "../../lib/pocketbase";

/** What to wait for: a merchandise item (with the size or colour wanted), a book's signed copies, or a sold original's world. */
export type WishItem = { kind: "merchandise"; id: string; size?: string; color?: string } | { kind: "book"; id: string } | { kind: "original"; id: string };

export type Wish = WishItem & { email: string; wording_version: number };

/** What "Tell me when it's back" is asked for: the item, its button's words, and how letters name it. */
export type NotifyMeProps = { item: WishItem; label?: string; what: string };

registerSender<Wish>("wish", (payload) => pb.send("/api/studio/wishes", { method: "POST", body: payload }));
