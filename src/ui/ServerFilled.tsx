import { useState, type ReactNode } from "react";

// The server fills these boxes of the pages it sends (pocketbase/internal/web/frames.go) with what
// it knows, so a reader sees it before any script runs. The app draws over the page at start; a
// box drawn empty while its data is still on the way collapsed and then pushed everything below
// it down when the data landed (CLS 0.157 on /commissions). Until then it keeps the server's words.
function servedMarkup(className: string): string {
  if (typeof document === "undefined") return "";
  return document.querySelector(`div[data-server-fill="true"].${CSS.escape(className)}`)?.innerHTML ?? "";
}

/** A box the server fills in the page it sends: the server's markup until `ready`, then `children`. */
export function ServerFilled({ className, ready, children }: { className: string; ready: boolean; children: ReactNode }) {
  // Read at the first render, before the app's first commit replaces the page it was sent.
  const [served] = useState(() => (ready ? "" : servedMarkup(className)));
  if (!ready && served) return <div className={className} data-server-fill="true" dangerouslySetInnerHTML={{ __html: served }} />;
  return (
    <div className={className} data-server-fill="true">
      {children}
    </div>
  );
}
