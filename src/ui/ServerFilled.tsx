import { useState, type ReactNode } from "react";
import { servedFill } from "./served-page";

// The server fills these boxes of the pages it sends (pocketbase/internal/web/frames.go) with what
// it knows, so a reader sees it before any script runs. The app takes that page over at start
// (src/boot/app.tsx); a box drawn empty while its data is still on the way collapsed and then
// pushed everything below it down when the data landed (CLS 0.157 on /commissions). Until then it
// keeps the server's words, which is also what lets the app take the page over as it stands.

/** A box the server fills in the page it sends: the server's markup until `ready`, then `children`. */
export function ServerFilled({ className, ready, children }: { className: string; ready: boolean; children: ReactNode }) {
  const [served] = useState(() => (ready ? "" : servedFill(className)));
  if (!ready && served) return <div className={className} data-server-fill="true" dangerouslySetInnerHTML={{ __html: served }} />;
  return (
    <div className={className} data-server-fill="true">
      {children}
    </div>
  );
}
