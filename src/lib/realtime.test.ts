import { describe, expect, it, vi } from "vitest";
import type PocketBase from "pocketbase";
import { reconnectWithTheNetwork } from "./realtime";

describe("the realtime connection on a bad network", () => {
  it("closes the stream when the browser goes offline and reopens it, subscriptions kept, back online", () => {
    const realtime = { reconnectAttempts: 0, disconnect: vi.fn(), initConnect: vi.fn(), hasSubscriptionListeners: () => true };
    const events = new EventTarget();
    const g = globalThis as unknown as Partial<EventTarget>;
    const saved = { add: g.addEventListener, remove: g.removeEventListener };
    g.addEventListener = events.addEventListener.bind(events);
    g.removeEventListener = events.removeEventListener.bind(events);
    try {
      const stop = reconnectWithTheNetwork({ realtime } as unknown as PocketBase);
      events.dispatchEvent(new Event("offline"));
      expect(realtime.disconnect).toHaveBeenCalledWith(true);
      events.dispatchEvent(new Event("online"));
      expect(realtime.initConnect).toHaveBeenCalledTimes(1);
      // Counted as a retry: a server still out of reach is tried again, not given up on.
      expect(realtime.reconnectAttempts).toBeGreaterThan(0);
      stop();
      events.dispatchEvent(new Event("online"));
      expect(realtime.initConnect).toHaveBeenCalledTimes(1);
    } finally {
      g.addEventListener = saved.add;
      g.removeEventListener = saved.remove;
    }
  });
});
