// The outbox: what a person does offline is kept and sent once, in order, when the connection returns.
//
// A feature registers a sender for its kind once (e.g. in its index.ts or when its form loads):
//   registerSender("commission-request", (payload, { id }) => pb.collection("commissions").create({ ...payload, id }));
// and submits through the outbox:
//   const r = await submitAction("commission-request", payload); // { state: "sent" | "queued" | "refused", ... }
// Use ctx.id as the record id (or idempotency key): a repeat after a lost answer is then not stored twice.
// A sender throws to fail: HTTP 4xx (or OutboxRefusal) means refused (kept with the reason for editing),
// anything else is retried with back-off (200 ms doubling, capped at 30 s), and on `online`.
// useOutbox(kind) lists the queued and refused actions live, with cancel(id) and retry(id, editedPayload).
import { outbox } from "./instance";

export type { OutboxAction, OutboxStatus, Sender, SendContext, SubmitResult } from "./outbox";
export { OutboxRefusal, backoffDelay } from "./outbox";
export { useOutbox } from "./useOutbox";

export const registerSender = outbox.registerSender;
/** Stores an action to be sent when possible; resolves once it is safely in IndexedDB. */
export const enqueue = outbox.enqueue;
/** Stores an action and tries to send it now (for an open form); see SubmitResult. */
export const submitAction = outbox.submit;
export const flushOutbox = outbox.flush;
export const cancelAction = outbox.cancel;
export const retryAction = outbox.retry;
/** Starts flushing at start-up and on every `online` event; called once by the app shell. */
export const startOutbox = outbox.start;
