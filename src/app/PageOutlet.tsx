import { useContext, useRef } from "react";
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
  const background = page.current;
  return (
    <>
      <UNSAFE_LocationContext.Provider value={background.here}>{background.outlet}</UNSAFE_LocationContext.Provider>
      {overList && background.outlet !== outlet ? outlet : null}
    </>
  );
}
