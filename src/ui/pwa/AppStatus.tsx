import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";
import { startOutbox } from "../../lib/outbox";
import { keepSeenImagesOnceControlled, keepStorageInBounds, requestPersistentStorage } from "../../lib/pwa";
import { whenIdle } from "../../lib/idle";
import { ConnectionStatus } from "./ConnectionStatus";
import styles from "./pwa.module.css";

// Registers the service worker, so it exists only in the browser (not in the pages rendered at
// build time), and its code (workbox-window) loads beside the page, not before its first paint.
// A first visit can lose its signal before this loads (nothing is cached yet): the prompt then
// waits for the connection instead of taking the page down with a failed import.
function loadUpdatePrompt(): Promise<{ default: ComponentType }> {
  return import("./UpdatePrompt").then(
    (m) => ({ default: m.UpdatePrompt }),
    () => new Promise((resolve) => window.addEventListener("online", () => resolve(loadUpdatePrompt()), { once: true })),
  );
}
const UpdatePrompt = lazy(loadUpdatePrompt);

/**
 * The offline app's visible edge, mounted once by the layout: starts the outbox, looks after
 * storage, registers the service worker, and shows the connection line and the update prompt.
 * None of it is for the first screen, so it waits until the browser is idle after the app's start
 * (within two seconds): a phone's main thread is busiest then, and a tap must not wait behind it.
 */
export function AppStatus() {
  // Effects run only in the browser, so this also keeps the worker out of the pages rendered at build time.
  const [settled, setSettled] = useState(false);
  useEffect(() => whenIdle(() => setSettled(true)), []);
  useEffect(() => {
    if (!settled) return;
    const stop = startOutbox();
    const stopWarming = keepSeenImagesOnceControlled();
    void requestPersistentStorage().catch(() => undefined);
    void keepStorageInBounds().catch(() => undefined);
    return () => {
      stop();
      stopWarming();
    };
  }, [settled]);

  return (
    <div className={styles.dock}>
      {settled && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
      {settled && <ConnectionStatus />}
    </div>
  );
}
