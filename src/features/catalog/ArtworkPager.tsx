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

/**
 * The artwork list's pages as real links (`?page=N`), so a page survives a reload, the back
 * button and a shared address. Choosing one brings the top of the list into view.
 */
export function ArtworkPager({ page, pages, hrefFor, onNavigate }: { page: number; pages: number; hrefFor: (page: number) => string; onNavigate: () => void }) {
  if (pages <= 1) return null;
  const step = (to: number, label: string, rel: "prev" | "next") =>
    to < 1 || to > pages ? (
      <span className={styles.pageLink} aria-disabled="true">
        {label}
      </span>
    ) : (
      <Link className={styles.pageLink} to={hrefFor(to)} rel={rel} preventScrollReset onClick={onNavigate}>
        {label}
      </Link>
    );
  return (
    <nav className={styles.pager} aria-label="Artwork pages">
      {step(page - 1, "Previous", "prev")}
      {pageWindow(page, pages).map((n, i) =>
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
            onClick={onNavigate}
            aria-current={n === page ? "page" : undefined}
            aria-label={`Page ${n}`}
          >
            {n}
          </Link>
        ),
      )}
      {step(page + 1, "Next", "next")}
    </nav>
  );
}
