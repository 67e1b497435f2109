import { useToastStore } from "./toast";
import styles from "./Toaster.module.css";

/**
 * Renders the current toast in a polite live region (an error interrupts). The region is marked as
 * a live announcer, so an open dialog (the cart drawer) leaves it in the accessibility tree when it
 * hides the rest of the page: a toast raised under a dialog is still heard.
 */
export function Toaster() {
  const current = useToastStore((s) => s.current);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <div className={styles.region} aria-live={current?.tone === "error" ? "assertive" : "polite"} role="status" data-live-announcer="true">
      {current && (
        <div key={current.id} className={`${styles.toast} ${styles[current.tone]}`} data-testid="toast">
          <div>
            <p className={styles.title}>{current.title}</p>
            {current.description && <p className={styles.description}>{current.description}</p>}
          </div>
          <button type="button" className={styles.close} onClick={dismiss} aria-label="Dismiss notification">
            ×
          </button>
        </div>
      )}
    </div>
  );
}
