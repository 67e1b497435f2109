// The outbox: what a person does offline is kept and sent once, in order, when the connection returns.
//
// 1. A feature registers one sender per kind, at start-up (from code the app loads eagerly, such as
//    its index.ts, not only inside a lazy form chunk), so an action queued before a reload is sent
//    when the connection returns even if the person never opens that form again:
//      registerSender("commission-request", (payload, { id }) => pb.collection("commissions").create({ ...payload, id }));
//    A sender can keep its weight lazy:
//      registerSender("newsletter-signup", async (p, ctx) => (await import("./send")).sendSignup(p, ctx));
// 2. A form submits through the outbox, with a short summary for the list of waiting actions:
//      const r = await submitAction("commission-request", payload, "Commission request: mural");
//      // r.state: "sent" (r.result is what the sender returned), "queued" (offline: say so), or
//      // "refused" (r.reason: show it; nothing is left in the outbox, the form still holds the content)
//    enqueue(kind, payload, summary) only stores (nothing is tried at once).
// 3. Use ctx.id as the record id (or idempotency key): a resend after a lost answer is then refused as
//    a duplicate, which the outbox counts as delivered.
// A sender throws to fail: HTTP 4xx (or OutboxRefusal) means refused (kept with the reason for editing),
// anything else is retried with back-off (200 ms doubling, capped at 30 s) and on `online`.
// A sender may name where a refused action is edited: registerSender(kind, send, { editPath: (id) => `/x?edit=${id}` });
// the status line then offers "Edit and resend" there.
// A form hears its own action's outcome from submitAction; onBackgroundOutcomes(listener) hears the
// rest (the app shell says them in the toast).
// useOutbox(kind) lists queued, in-flight and refused actions live, with cancel(id) and
// retry(id, editedPayload). The app shell (src/ui/pwa) starts the outbox and shows waiting actions.
import { outbox } from "./instance";

export type { BackgroundOutcome, OutboxAction, OutboxStatus, Sender, SenderOptions, SendContext, SubmitResult } from "./outbox";
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
/** How saved actions ended with no form waiting for them (sent or refused after a reconnect), one call per flush. */
export const onBackgroundOutcomes = outbox.onBackgroundOutcomes;
