// The sync engine closes the realtime connection when the browser goes offline, which drops every
// subscription, and opens a new one when the connection returns. A thread or an inbox must keep
// following new messages after that, so once the new connection is up its filter changes form
// (never meaning): useLiveList then subscribes again and re-reads what arrived meanwhile.
import { useEffect, useState } from "react";
import { pb } from "../../lib/pocketbase";

export function useLiveAgain(filter: string): string {
  const [returns, setReturns] = useState(0);
  useEffect(() => {
    let alive = true;
    let stop: (() => Promise<void>) | undefined;
    const onOnline = () => {
      void stop?.();
      stop = undefined;
      pb.realtime
        .subscribe("PB_CONNECT", () => setReturns((n) => n + 1))
        .then((u) => (alive ? (stop = u) : void u()), () => undefined);
    };
    window.addEventListener("online", onOnline);
    return () => {
      alive = false;
      window.removeEventListener("online", onOnline);
      void stop?.();
    };
  }, []);
  if (returns === 0) return filter;
  const alwaysTrue = `id != "~${returns}"`;
  return filter ? `(${filter}) && ${alwaysTrue}` : alwaysTrue;
}
