import { Badge, type BadgeTone } from "../../../ui/Badge";
import { FULFILMENT_LABEL, type Fulfilment } from "./useOrders";

const TONE: Record<Fulfilment, BadgeTone> = { unfulfilled: "lantern", partly_shipped: "sea", shipped: "moss", delivered: "neutral", refunded: "lavender" };

export function FulfilmentBadge({ state }: { state: Fulfilment | "" }) {
  return state ? <Badge tone={TONE[state]}>{FULFILMENT_LABEL[state]}</Badge> : null;
}
