import { Button } from "../../ui/Button";
import { useFocusOnMount } from "../../ui/useFocusOnMount";
import styles from "./commissions.module.css";

/** The sent request's confirmation; it replaces the form, so focus moves to its heading. */
export default function Thanks({ queued, onAnother }: { queued: boolean; onAnother: () => void }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="container section">
      <div className={`${styles.formCard} ${styles.thanks}`}>
        <h1 ref={heading} tabIndex={-1}>
          Thank You!
        </h1>
        <p role="status">
          {queued ? "Your request is saved on this device and will be sent as soon as you're back online." : "Success! Your commission request has been submitted successfully."}
        </p>
        <p className="muted">You can follow it and talk with the artist from your account.</p>
        <Button onPress={onAnother}>Submit Another Request</Button>
      </div>
    </div>
  );
}
