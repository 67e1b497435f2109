import { useEffect } from "react";
import { startOutbox } from "../outbox";
import { ConnectionStatus } from "./ConnectionStatus";
import { keepStorageInBounds, requestPersistentStorage } from "./storage";
import { UpdatePrompt } from "./UpdatePrompt";
import { keepSeenImagesOnceControlled } from "./warm";
import styles from "./pwa.module.css";

/**
 * The offline app's visible edge, mounted once by the layout: starts the outbox, looks after
 * storage, registers the service worker, and shows the connection line and the update prompt.
 */
export function AppStatus() {
  useEffect(() => {
    const stop = startOutbox();
    const stopWarming = keepSeenImagesOnceControlled();
    void requestPersistentStorage().catch(() => undefined);
    void keepStorageInBounds().catch(() => undefined);
    return () => {
      stop();
      stopWarming();
    };
  }, []);

  return (
    <div className={styles.dock}>
      <UpdatePrompt />
      <ConnectionStatus />
    </div>
  );
}
