// Commissions: the request page and the customer's dashboard load per route; the thread and files
// panel are shared with the admin area. Senders are registered here, at start-up, so requests and
// messages queued offline are sent when the connection returns even before a form is reopened.
import { lazy } from "react";
import { registerSender } from "../../lib/outbox";
import { pb } from "../../lib/pocketbase";
import type { CommissionRequest, MessageDraft } from "./types";

registerSender<CommissionRequest>("commission-request", (payload, { id }) => pb.collection("commissions").create({ ...payload, id }));

registerSender<MessageDraft>("commission-message", (draft, { id }) => {
  const body = new FormData();
  body.set("id", id);
  body.set("commission", draft.commission);
  body.set("content", draft.content);
  for (const f of draft.files) body.append("attachments", f);
  return pb.collection("commission_messages").create(body);
});

export { COMMISSION_TYPES, typeLabel, type Commission, type CommissionMessage, type CommissionFile } from "./types";
export const CommissionWorkspace = lazy(() => import("./CommissionWorkspace"));
