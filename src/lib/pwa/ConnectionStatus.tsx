import { useEffect } from "react";
import { useOutbox } from "../outbox";
import { useOnline } from "./online";
import { requestPersistentStorage } from "./storage";
import styles from "./pwa.module.css";

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * A quiet line at the foot of the screen: shown only while offline, or while actions made offline
 * wait to be sent. Each waiting action can be cancelled here; refused ones are shown by the form
 * they came from, with the reason.
 */
export function ConnectionStatus() {
  const online = useOnline();
  const { items, cancel } = useOutbox();
  const waiting = items.filter((a) => a.status !== "refused");

  useEffect(() => {
    // Something the person made is stored only here: ask the browser to keep it.
    if (waiting.length > 0) void requestPersistentStorage(true);
  }, [waiting.length]);

  if (online && waiting.length === 0) return null;

  return (
    <aside className={styles.status} aria-label="Connection" data-online={online} data-testid="connection-status">
      <p role="status" className={styles.statusLine}>
        <span className={styles.dot} aria-hidden="true" />
        {online
          ? `Back online. Sending ${plural(waiting.length, "saved request", "saved requests")}…`
          : waiting.length > 0
            ? `You're offline. ${plural(waiting.length, "request", "requests")} will be sent when the connection returns.`
            : "You're offline. Showing the studio as last seen."}
      </p>
      {waiting.length > 0 && (
        <ul className={styles.queue}>
          {waiting.map((a) => (
            <li key={a.id}>
              <span>{a.summary ?? "Saved request"}</span>
              {a.status === "queued" && (
                <button type="button" className={styles.link} onClick={() => void cancel(a.id)}>
                  Cancel
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
