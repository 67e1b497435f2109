import { useEffect, useRef, useState } from "react";
import { useRegisterSW } from "virtual:pwa-register/react";
import { Button } from "../Button";
import styles from "./pwa.module.css";

const HOURLY = 60 * 60 * 1000;

/**
 * Registers the service worker and, when a new build is waiting, offers to reload into it. Nothing
 * reloads on its own: only the person's click on Reload does (in this tab; other open tabs then
 * say the app was updated and wait for their own click).
 */
export function UpdatePrompt() {
  const chosen = useRef(false);
  const [updatedElsewhere, setUpdatedElsewhere] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const registration = useRef<ServiceWorkerRegistration | undefined>(undefined);
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // After the page has loaded: the worker's precache must not compete with the first paint.
    immediate: false,
    onRegisteredSW(_url, r) {
      registration.current = r;
    },
    // The plugin would reload every tab here, and only tabs that had a worker when they opened hear
    // of it; the controllerchange listener below decides instead.
    onNeedReload() {},
    onRegisterError(err) {
      console.warn("Service worker registration failed", err);
    },
  });

  useEffect(() => {
    // A new worker took charge: reload this tab if the person asked for it here, else say so and wait.
    // The very first worker taking charge (first visit) is not an update.
    const sw = navigator.serviceWorker;
    if (!sw) return;
    let previous = sw.controller;
    const onChange = () => {
      const wasControlled = previous !== null;
      previous = sw.controller;
      if (!wasControlled) return;
      if (chosen.current) window.location.reload();
      else setUpdatedElsewhere(true);
    };
    sw.addEventListener("controllerchange", onChange);
    return () => sw.removeEventListener("controllerchange", onChange);
  }, []);

  useEffect(() => {
    // Look for a new build now and then: hourly, when the tab comes back into view, and on reconnect.
    const check = () => {
      if (navigator.onLine && document.visibilityState === "visible") void registration.current?.update().catch(() => undefined);
    };
    const timer = window.setInterval(check, HOURLY);
    document.addEventListener("visibilitychange", check);
    window.addEventListener("online", check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
      window.removeEventListener("online", check);
    };
  }, []);

  useEffect(() => {
    if (needRefresh || updatedElsewhere) setDismissed(false);
  }, [needRefresh, updatedElsewhere]);

  if ((!needRefresh && !updatedElsewhere) || dismissed) return null;

  const reload = () => {
    if (updatedElsewhere) {
      window.location.reload();
      return;
    }
    chosen.current = true;
    void updateServiceWorker(true);
  };

  return (
    <section className={styles.update} aria-label="Update available" data-testid="update-prompt">
      <p className={styles.updateText}>
        {updatedElsewhere ? "Lanternwood Studio was updated in another tab." : "A new version of Lanternwood Studio is ready."}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" size="small" onPress={() => setDismissed(true)}>
          Later
        </Button>
        <Button size="small" onPress={reload}>
          Reload
        </Button>
      </div>
    </section>
  );
}
