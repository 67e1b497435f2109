import { useEffect } from "react";
import { useOutbox } from "../../lib/outbox";
import { requestPersistentStorage, useOnline } from "../../lib/pwa";
import { Button, LinkButton } from "../Button";
import { plural } from "./sayBackgroundOutcomes";
import styles from "./pwa.module.css";

/**
 * A quiet line at the foot of the screen: shown only while offline, while actions made offline wait
 * to be sent (each can be cancelled), or when the server refused one (with its reason, a link to
 * edit it and send it again where its feature offers one, and Dismiss).
 */
export function ConnectionStatus() {
  const online = useOnline();
  const { items, cancel, editPath } = useOutbox();
  const waiting = items.filter((a) => a.status !== "refused");
  const refused = items.filter((a) => a.status === "refused");

  useEffect(() => {
    // Something the person made is stored only here: ask the browser to keep it.
    if (waiting.length > 0) void requestPersistentStorage(true);
  }, [waiting.length]);

  if (online && waiting.length === 0 && refused.length === 0) return null;

  return (
    <aside className={styles.status} aria-label="Connection" data-online={online} data-testid="connection-status">
      <p role="status" className={styles.statusLine}>
        {(!online || waiting.length > 0) && <span className={styles.dot} aria-hidden="true" />}
        {!online
          ? waiting.length > 0
            ? `You're offline. ${plural(waiting.length, "request", "requests")} will be sent when the connection returns.`
            : "You're offline. Showing the studio as last seen."
          : waiting.length > 0
            ? `Back online. Sending ${plural(waiting.length, "saved request", "saved requests")}…`
            : ""}
      </p>
      {waiting.length > 0 && (
        <ul className={styles.queue}>
          {waiting.map((a) => (
            <li key={a.id}>
              <span>{a.summary ?? "Saved request"}</span>
              {a.status === "queued" && (
                <Button variant="ghost" size="small" onPress={() => void cancel(a.id)}>
                  Cancel
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {refused.length > 0 && (
        <ul className={styles.queue} aria-label="Not sent">
          {refused.map((a) => (
            <li key={a.id} className={styles.refused}>
              <span>
                <strong>Not sent: {a.summary ?? "a saved request"}.</strong> {a.error}
              </span>
              <span className={styles.refusedActions}>
                {editPath(a) && (
                  <LinkButton variant="secondary" size="small" href={editPath(a)!}>
                    Edit and resend
                  </LinkButton>
                )}
                <Button variant="ghost" size="small" onPress={() => void cancel(a.id)}>
                  Dismiss
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
