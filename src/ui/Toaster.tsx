import { useEffect } from "react";
import { createPortal } from "react-dom";
import { useToastStore, type ToastMessage } from "./toast";
import styles from "./Toaster.module.css";

function Card({ message, onDismiss }: { message: ToastMessage; onDismiss: () => void }) {
  return (
    <div className={`${styles.toast} ${styles[message.tone]}`} data-testid="toast">
      <div className={styles.text}>
        <p className={styles.title}>{message.title}</p>
        {message.description && <p className={styles.description}>{message.description}</p>}
      </div>
      <button type="button" className={styles.close} onClick={onDismiss} aria-label="Dismiss notification">
        ×
      </button>
    </div>
  );
}

/**
 * Renders the current toast in a polite live region (an error interrupts). The region is marked as
 * a live announcer, so an open dialog (the cart drawer) leaves it in the accessibility tree when it
 * hides the rest of the page. While a dialog is open the toast goes into the dialog's own toast
 * slot, itself a live region there from the dialog's first paint, so it is laid out above the
 * dialog's content and never covers its controls, and is still heard.
 */
export function Toaster() {
  const current = useToastStore((s) => s.current);
  const dismiss = useToastStore((s) => s.dismiss);
  const slot = useToastStore((s) => s.slots.at(-1) ?? null);
  const live = current?.tone === "error" ? "assertive" : "polite";
  useEffect(() => slot?.setAttribute("aria-live", live), [slot, live]);
  const card = current && <Card key={current.id} message={current} onDismiss={dismiss} />;
  return (
    <>
      <div className={styles.region} aria-live={live} role="status" data-live-announcer="true">
        {!slot && card}
      </div>
      {slot && card && createPortal(card, slot)}
    </>
  );
}
