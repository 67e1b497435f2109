// The app's one realtime connection (the PocketBase client's event stream, shared by the catalogue
// and every live list) kept honest on bad networks. A lost connection does not always end the
// stream at once, nor does it say so; when the browser reports it is offline the stream is closed,
// and back online it is opened afresh with every subscription. Each subscriber catches up on its
// own from a cursor: the catalogue from the server's hint, live lists on PB_CONNECT.
import type PocketBase from "pocketbase";

// The SDK reconnects on its own after errors but offers no public "reconnect now" that keeps the
// subscriptions; these two members are what its own retry uses (pocketbase 0.28).
interface RealtimeInternals {
  reconnectAttempts: number;
  disconnect(keepSubscriptions: boolean): void;
  initConnect(): void;
  hasSubscriptionListeners(): boolean;
}

export function reconnectWithTheNetwork(pb: PocketBase): () => void {
  const realtime = pb.realtime as unknown as RealtimeInternals;
  const onOffline = () => realtime.disconnect(true);
  const onOnline = () => {
    if (!realtime.hasSubscriptionListeners()) return;
    // Counted as a retry, so a server still out of reach is tried again with the SDK's back-off
    // instead of being given up on as a first connection would be.
    realtime.reconnectAttempts = Math.max(1, realtime.reconnectAttempts);
    realtime.initConnect();
  };
  globalThis.addEventListener?.("offline", onOffline);
  globalThis.addEventListener?.("online", onOnline);
  return () => {
    globalThis.removeEventListener?.("offline", onOffline);
    globalThis.removeEventListener?.("online", onOnline);
  };
}
