import { useDeferredValue, useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useCatalog } from "../../lib/sync";
import { byNewest } from "../../lib/catalog";
import { formatCount } from "../../lib/money";
import { ArtworkCard } from "./ArtworkCard";
import { ArtworkPager } from "./ArtworkPager";
import { SectionState } from "./SectionState";
import { CardGridSkeleton } from "../../ui/Skeleton";
import styles from "./catalog.module.css";

const ALL = "All Tags";
// Divisible by 1 to 4 columns, so every full page fills its rows.
const PAGE_SIZE = 24;

export function ArtworkSection() {
  const read = useCatalog("paintings");
  const [tag, setTag] = useState(ALL);
  // The pressed button paints at once; the cards for the new tag follow in a render that yields to input.
  const listTag = useDeferredValue(tag);
  const [params, setParams] = useSearchParams();
  const paintings = useMemo(() => [...read.rows].sort(byNewest), [read.rows]);
  const tags = useMemo(() => [...new Set(paintings.flatMap((p) => p.tags ?? []))].sort(), [paintings]);
  const shown = useMemo(() => (listTag === ALL ? paintings : paintings.filter((p) => (p.tags ?? []).includes(listTag))), [paintings, listTag]);
  // Only one page of cards is ever rendered; the page lives in the address.
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number.parseInt(params.get("page") ?? "", 10) || 1));
  const visible = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const hrefFor = (n: number) => {
    const next = new URLSearchParams(params);
    if (n === 1) next.delete("page");
    else next.set("page", String(n));
    const query = next.toString();
    return query ? `?${query}` : "?";
  };
  const chooseTag = (t: string) => {
    setTag(t);
    if (params.has("page")) setParams((p) => (p.delete("page"), p), { replace: true, preventScrollReset: true });
  };
  // A chosen page brings the list's heading into view and takes focus there, so the next Tab
  // reaches the page's new cards instead of leaving the visitor at the pager below them.
  const toListTop = () => {
    const heading = document.getElementById("artwork-heading");
    heading?.scrollIntoView({ block: "start" });
    heading?.focus({ preventScroll: true });
  };

  return (
    <section className="section" aria-labelledby="artwork-heading">
      <div className="section-heading">
        <div>
          <p className="eyebrow">Originals and prints</p>
          <h2 id="artwork-heading" tabIndex={-1}>
            Artwork
          </h2>
        </div>
      </div>
      <SectionState read={read} errorText="Failed to load artwork. Please try again later." emptyText="No artwork available at the moment"
        skeleton={
          <>
            <div className={`${styles.filters} ${styles.filtersPending}`} />
            <CardGridSkeleton count={4} ratio={[4, 3]} lines={2} />
          </>
        }
      >
        <div className={styles.filters} role="group" aria-label="Filter artwork by tag">
          {[ALL, ...tags].map((t) => (
            <button key={t} type="button" aria-pressed={tag === t} className={styles.filter} onClick={() => chooseTag(t)}>
              {t}
            </button>
          ))}
        </div>
        {shown.length === 0 ? (
          <p className="empty-state">No artwork matches the selected tag</p>
        ) : (
          <>
            {pages > 1 && (
              <p className={`muted ${styles.listSummary}`} aria-live="polite">
                {`Showing ${(page - 1) * PAGE_SIZE + 1}–${(page - 1) * PAGE_SIZE + visible.length} of ${formatCount(shown.length)}`}
              </p>
            )}
            <div className="grid grid-4">
              {visible.map((p) => (
                <ArtworkCard key={p.id} painting={p} />
              ))}
            </div>
            <ArtworkPager page={page} pages={pages} hrefFor={hrefFor} onNavigate={toListTop} />
          </>
        )}
      </SectionState>
    </section>
  );
}
