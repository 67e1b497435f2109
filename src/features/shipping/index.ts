// The studio's shipping actions (mark shipped, correct a number, mark delivered, an address
// checked before sending) go through the outbox like commission replies: saved offline, sent once when the connection returns. The
// action's outbox id is the request's request_id, so a resend after a lost answer finds the
// first shipment on the server (pb_hooks/lib/orders/shipments.js) instead of making a second.
// Registered at start-up, so what was queued before a reload leaves even if the tab never opens.
import type { RecordModel } from "pocketbase";
import { registerSender } from "../../lib/outbox";
import { pb } from "../../lib/pocketbase";

export interface ShipmentDraft {
  order: string;
  /** Line indexes into the order's line_items; empty for every line still to ship. */
  lines: number[];
  tracking_number: string;
  carrier: string;
  tracking_url: string;
  note: string;
}

export interface TrackingFix {
  shipment: string;
  tracking_number: string;
  carrier: string;
  tracking_url: string;
}

export interface Shipment extends RecordModel {
  order: string;
  commission: string;
  lines: number[] | null;
  carrier: string;
  tracking_number: string;
  tracking_url: string;
  note: string;
  shipped_at: string;
  request_id: string;
  stripe_sync: "none" | "pending" | "done" | "failed" | "";
  stripe_error: string;
}

registerSender<ShipmentDraft>("order-shipment", ({ order, ...body }, { id }) =>
  pb.send(`/api/studio/orders/${encodeURIComponent(order)}/shipments`, { method: "POST", body: { ...body, request_id: id } }),
);

registerSender<TrackingFix>("shipment-tracking", ({ shipment, ...body }) =>
  pb.send(`/api/studio/shipments/${encodeURIComponent(shipment)}/tracking`, { method: "POST", body }),
);

/** What the studio did about an address paid elsewhere than the order was priced for. */
export interface AddressCheckDraft {
  order: string;
  note: string;
}

registerSender<AddressCheckDraft>("order-address-checked", ({ order, note }) =>
  pb.send(`/api/studio/orders/${encodeURIComponent(order)}/address-checked`, { method: "POST", body: { note } }),
);

registerSender<{ order: string }>("order-delivered", ({ order }) => pb.send(`/api/studio/orders/${encodeURIComponent(order)}/delivered`, { method: "POST", body: {} }));
