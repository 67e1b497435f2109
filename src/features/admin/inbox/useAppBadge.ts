// The installed app's icon shows the unread customer messages (Badging API, where the browser has it).
import { useEffect } from "react";

interface BadgingNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

export function setAppBadge(count: number) {
  const nav = navigator as BadgingNavigator;
  // A browser without the API, or a denied permission, simply shows no badge.
  if (count > 0) void nav.setAppBadge?.(count).catch(() => undefined);
  else void nav.clearAppBadge?.().catch(() => undefined);
}

/** Follows `count` once it is known (null while loading, so a badge is not cleared before the data arrives). */
export function useAppBadge(count: number | null) {
  useEffect(() => {
    if (count !== null) setAppBadge(count);
  }, [count]);
}
