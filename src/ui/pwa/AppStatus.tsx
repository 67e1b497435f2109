import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { startOutbox } from "../../lib/outbox";
import { keepSeenImagesOnceControlled, keepStorageInBounds, requestPersistentStorage } from "../../lib/pwa";
import { ConnectionStatus } from "./ConnectionStatus";
import styles from "./pwa.module.css";

// Registers the service worker, so it exists only in the browser (not in the pages rendered at
// build time), and its code (workbox-window) loads beside the page, not before its first paint.
const UpdatePrompt = lazy(() => import("./UpdatePrompt").then((m) => ({ default: m.UpdatePrompt })));
const noSubscription = () => () => undefined;

/**
 * The offline app's visible edge, mounted once by the layout: starts the outbox, looks after
 * storage, registers the service worker, and shows the connection line and the update prompt.
 */
export function AppStatus() {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
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
      {inBrowser && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
      <ConnectionStatus />
    </div>
  );
}
