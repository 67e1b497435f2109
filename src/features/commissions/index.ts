// Commissions: the request page and the customer's dashboard load per route; the thread and files
// panel are shared with the admin area. Senders are registered here, at start-up, so requests and
// messages queued offline are sent when the connection returns even before a form is reopened.
import { lazy } from "react";
import { registerSender } from "../../lib/outbox";
import { pb } from "../../lib/pocketbase";
import type { CommissionRequest, MessageDraft } from "./types";

registerSender<CommissionRequest>("commission-request", (payload, { id }) => pb.collection("commissions").create({ ...payload, id }), {
  editPath: (id) => `/commissions?edit=${id}`,
});

registerSender<MessageDraft>("commission-message", async (draft, ctx) => (await import("./sendMessage")).sendMessage(draft, ctx));

export { COMMISSION_TYPES, typeLabel, type Commission, type CommissionMessage, type CommissionFile } from "./types";
export { chargedCents, moneyState, type MoneyState, type Payment } from "./money";
export const CommissionWorkspace = lazy(() => import("./CommissionWorkspace"));
