import { useState, type MouseEvent } from "react";
import { Link } from "react-router-dom";
import styles from "./catalog.module.css";

/** Page numbers to offer: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, pages: number): Array<number | "gap"> {
  const wanted = [...new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: Array<number | "gap"> = [];
  for (const n of wanted) {
    const prev = out.at(-1);
    if (typeof prev === "number" && n - prev > 1) out.push("gap");
    out.push(n);
  }
  return out;
}

/** A click the router follows in this tab (not one opening a new tab or window). */
const followedHere = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey;

/**
 * The artwork list's pages as real links (`?page=N`), so a page survives a reload, the back
 * button and a shared address. Choosing one marks it current at once, while the list for it
 * renders in a transition, and brings the top of the list into view.
 */
export function ArtworkPager({ page, pages, hrefFor, onNavigate }: { page: number; pages: number; hrefFor: (page: number) => string; onNavigate: () => void }) {
  // The page chosen while `from` was showing stands for the current one until the list moves.
  const [chosen, setChosen] = useState<{ from: number; to: number } | null>(null);
  if (chosen && chosen.from !== page) setChosen(null);
  if (pages <= 1) return null;
  const current = chosen?.from === page ? chosen.to : page;
  const go = (to: number) => (e: MouseEvent) => {
    if (!followedHere(e)) return;
    setChosen({ from: page, to });
    onNavigate();
  };
  const step = (to: number, label: string, rel: "prev" | "next") =>
    to < 1 || to > pages ? (
      <span className={styles.pageLink} aria-disabled="true">
        {label}
      </span>
    ) : (
      <Link className={styles.pageLink} to={hrefFor(to)} rel={rel} preventScrollReset onClick={go(to)}>
        {label}
      </Link>
    );
  return (
    <nav className={styles.pager} aria-label="Artwork pages">
      {step(current - 1, "Previous", "prev")}
      {pageWindow(current, pages).map((n, i) =>
        n === "gap" ? (
          <span key={`gap-${i}`} className={styles.pageGap} aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={n}
            className={styles.pageLink}
            to={hrefFor(n)}
            preventScrollReset
            onClick={go(n)}
            aria-current={n === current ? "page" : undefined}
            aria-label={`Page ${n}`}
          >
            {n}
          </Link>
        ),
      )}
      {step(current + 1, "Next", "next")}
    </nav>
  );
}
