import { createPortal } from "react-dom";
import { useToastStore, type ToastMessage } from "./toast";
import styles from "./Toaster.module.css";

function Card({ message, onDismiss }: { message: ToastMessage; onDismiss?: () => void }) {
  return (
    <div className={`${styles.toast} ${styles[message.tone]}`} data-testid="toast">
      <div>
        <p className={styles.title}>{message.title}</p>
        {message.description && <p className={styles.description}>{message.description}</p>}
      </div>
      {onDismiss && (
        <button type="button" className={styles.close} onClick={onDismiss} aria-label="Dismiss notification">
          ×
        </button>
      )}
    </div>
  );
}

/**
 * Renders the current toast in a polite live region (an error interrupts). The region is marked as
 * a live announcer, so an open dialog (the cart drawer) leaves it in the accessibility tree when it
 * hides the rest of the page: a toast raised under a dialog is still heard. While a dialog is open
 * the toast is seen inside it (its toast slot, in the dialog's flow), so it never covers the
 * dialog's controls; the region, hidden then, still speaks it.
 */
export function Toaster() {
  const current = useToastStore((s) => s.current);
  const dismiss = useToastStore((s) => s.dismiss);
  const slot = useToastStore((s) => s.slots.at(-1) ?? null);
  return (
    <>
      <div className={slot ? "visually-hidden" : styles.region} aria-live={current?.tone === "error" ? "assertive" : "polite"} role="status" data-live-announcer="true">
        {current &&
          (slot ? (
            <>
              <p>{current.title}</p>
              {current.description && <p>{current.description}</p>}
            </>
          ) : (
            <Card key={current.id} message={current} onDismiss={dismiss} />
          ))}
      </div>
      {slot && current && createPortal(<div aria-hidden="true"><Card key={current.id} message={current} /></div>, slot)}
    </>
  );
}
