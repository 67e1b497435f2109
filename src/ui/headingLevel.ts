import { createContext, useContext } from "react";

/**
 * The level a section's heading takes where it is drawn: under a page's h1 it is an h2, inside a
 * dialog (titled by an h2) an h3, so the same part keeps the outline whole in both.
 */
export const HeadingLevel = createContext<2 | 3>(2);

export const useSectionHeading = (): "h2" | "h3" => (useContext(HeadingLevel) === 3 ? "h3" : "h2");
