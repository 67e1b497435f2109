import { useEffect, useRef } from "react";

/**
 * Focus for an element that replaces the control that had it (a form that becomes its
 * confirmation): without it focus falls to the page's body. A frame later, so that a dialog
 * closing at the same time has given focus back first and this comes after it.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return ref;
}
