import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import { onBackgroundOutcomes, startOutbox } from "../../lib/outbox";
import { keepSeenImagesOnceControlled, keepStorageInBounds, requestPersistentStorage } from "../../lib/pwa";
import { inTurn, whenIdle } from "../../lib/idle";
import { sayBackgroundOutcomes } from "./sayBackgroundOutcomes";
import { keepRootLength } from "../keepRootLength";
import styles from "./pwa.module.css";

// Neither is part of a first paint, so their code loads beside the page once it is up. The
// prompt registers the service worker, so it exists only in the browser (not in the pages rendered
// at build time), and its code (workbox-window) is not in the first load either. A first visit can
// lose its signal before they load (nothing is cached yet): each then waits for the connection
// instead of taking the page down with a failed import.
function loadWhenOnline(load: () => Promise<ComponentType>): Promise<{ default: ComponentType }> {
  return load().then(
    (component) => ({ default: component }),
    () => new Promise((resolve) => window.addEventListener("online", () => resolve(loadWhenOnline(load)), { once: true })),
  );
}
/** A component whose code loads when `load` is first called, or when it is first drawn. */
function lazyLoaded(load: () => Promise<ComponentType>) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => (loading ??= loadWhenOnline(load));
  return [lazy(start), start] as const;
}
const [UpdatePrompt, loadUpdatePrompt] = lazyLoaded(() => import("./UpdatePrompt").then((m) => m.UpdatePrompt));
const [ConnectionStatus, loadConnectionStatus] = lazyLoaded(() => import("./ConnectionStatus").then((m) => m.ConnectionStatus));

/**
 * The offline app's visible edge, mounted once by the layout: starts the outbox, looks after
 * storage, registers the service worker, and shows the connection line and the update prompt.
 * None of it is for the first screen, so it waits until the browser is idle after the app's start
 * (within two seconds): a phone's main thread is busiest then, and a tap must not wait behind it.
 */
export function AppStatus() {
  // Effects run only in the browser, so this also keeps the worker out of the pages rendered at build time.
  const [settled, setSettled] = useState(false);
  const dock = useRef<HTMLDivElement>(null);
  useEffect(() => keepRootLength("--dock-block", dock.current, dockBlock), []);
  // From the start, not once settled: a saved request can be sent as soon as its feature loads.
  useEffect(() => onBackgroundOutcomes(sayBackgroundOutcomes), []);
  // Each file's request starts in a task of its own, before the render that draws them: starting a
  // request costs a phone's main thread a few milliseconds, and both at once, with that render,
  // made one of the longest tasks after a cold visit's start (up to 40 ms at full speed).
  useEffect(() => inTurn([loadUpdatePrompt, loadConnectionStatus, () => setSettled(true)], whenIdle), []);
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
    <div className={styles.dock} ref={dock}>
      {settled && (
        <>
          <Suspense fallback={null}>
            <UpdatePrompt />
          </Suspense>
          {/* Apart: a prompt that cannot load yet must not hold back the connection line. */}
          <Suspense fallback={null}>
            <ConnectionStatus />
          </Suspense>
        </>
      )}
    </div>
  );
}

/**
 * How much of the screen's foot the dock covers, kept in --dock-block so that what the page scrolls
 * to, the end of the page and the open phone menu stay above it (global.css, Navbar.module.css):
 * with large text or at 400 % zoom the connection line can take half of it. Its height and its gap
 * above the screen's edge: a phone's address bar coming and going moves the dock without
 * resizing it, and changes neither.
 */
function dockBlock(dock: HTMLElement) {
  const height = dock.getBoundingClientRect().height;
  return height > 0 ? height + parseFloat(getComputedStyle(dock).bottom) : 0;
}
