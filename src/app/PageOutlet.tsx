import { useContext, useLayoutEffect, useRef } from "react";
import { UNSAFE_LocationContext, useOutlet } from "react-router-dom";
import { isOverList } from "../lib/addresses";

/**
 * The page the route names, or, for a piece opened from a list, the list kept as it was (its
 * scroll, its filters, its location) with the piece's dialog over it: Back closes the dialog and
 * the list is still there. The list goes on reading its own location, not the piece's.
 */
export function PageOutlet() {
  const outlet = useOutlet();
  const here = useContext(UNSAFE_LocationContext);
  const overList = isOverList(here.location.state);
  const page = useRef({ outlet, here });
  if (!overList) page.current = { outlet, here };
  useListKeptInPlace(overList);
  const background = page.current;
  return (
    <>
      <UNSAFE_LocationContext.Provider value={background.here}>{background.outlet}</UNSAFE_LocationContext.Provider>
      {overList && background.outlet !== outlet ? outlet : null}
    </>
  );
}

/**
 * Puts the link a piece was opened from back where it was on the screen when the dialog closes.
 * Cards the browser had skipped drawing (content-visibility) may be drawn while the dialog is open,
 * which moves the list under a fixed scroll offset; the link is what the person looked at.
 */
function useListKeptInPlace(overList: boolean) {
  const opener = useRef<{ element: Element; top: number } | null>(null);
  useLayoutEffect(() => {
    if (overList) {
      const element = document.activeElement;
      opener.current = element && element !== document.body ? { element, top: element.getBoundingClientRect().top } : null;
      return;
    }
    const was = opener.current;
    opener.current = null;
    if (was?.element.isConnected) window.scrollBy(0, was.element.getBoundingClientRect().top - was.top);
  }, [overList]);
}
