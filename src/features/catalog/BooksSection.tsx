import { lazy, Suspense, useState } from "react";
import { Button } from "../../ui/Button";
import { Thumb, ThumbSkeleton } from "../../ui/Thumb";
import { TextLines } from "../../ui/Skeleton";
import { useDialogSelection } from "../../ui/useDialogSelection";
import { useCatalog } from "../../lib/sync";
import { byNewest, type Book } from "../../lib/catalog";
import { SectionState } from "./SectionState";
import styles from "./catalog.module.css";

// The dialog's code loads when a book is first opened, not with the page.
const BookDialog = lazy(() => import("./BookDialog").then((m) => ({ default: m.BookDialog })));

export function BooksSection() {
  const read = useCatalog("books");
  const [showOthers, setShowOthers] = useState(false);
  const dialog = useDialogSelection<Book>();
  const books = [...read.rows].sort(byNewest);
  const featured = books.find((b) => b.featured) ?? books[0];
  const others = books.filter((b) => b !== featured);

  return (
    <section className="section" aria-labelledby="books-heading">
      <div className="section-heading">
        <div>
          <p className="eyebrow">Picture books</p>
          <h2 id="books-heading">Books</h2>
        </div>
      </div>
      <SectionState read={read} errorText="Failed to load books. Please try again later." emptyText="No books available at the moment"
        skeleton={
          <div className={`card ${styles.featuredBook}`}>
            <ThumbSkeleton ratio={[3, 4]} lcpSlot />
            <div className="card-body">
              <TextLines lines={4} heading />
            </div>
          </div>
        }
      >
        {featured && (
          <article className={`card ${styles.featuredBook}`}>
            <Thumb owner={featured} file={featured.image} alt={`Cover of ${featured.title}`} ratio={[3, 4]} sizes="(min-width: 800px) 320px, 90vw" priority />
            <div className="card-body">
              <p className="eyebrow">Featured Book</p>
              <h3 className={styles.featuredTitle}>{featured.title}</h3>
              <p className="clamp-3">{featured.description}</p>
              <div className="card-actions">
                <Button onPress={() => dialog.open(featured)}>View Purchase Options</Button>
              </div>
            </div>
          </article>
        )}
        {others.length > 0 && (
          <>
            <Button variant="secondary" className={styles.toggle} onPress={() => setShowOthers((s) => !s)} aria-expanded={showOthers}>
              {showOthers ? "Hide Other Books" : "See More Books"}
            </Button>
            {showOthers && (
              <div className="grid grid-4">
                {others.map((b) => (
                  <article key={b.id} className="card">
                    <Thumb owner={b} file={b.image} alt={`Cover of ${b.title}`} ratio={[3, 4]} />
                    <div className="card-body">
                      <h3>{b.title}</h3>
                      <p className="clamp-3 muted">{b.description}</p>
                      <div className="card-actions">
                        <Button size="small" onPress={() => dialog.open(b)}>
                          View Purchase Options
                        </Button>
                      </div>
                    </div>
                  </article>
                ))}
              </div>
            )}
          </>
        )}
      </SectionState>
      {dialog.selected && (
        <Suspense fallback={null}>
          <BookDialog book={dialog.selected} isOpen={dialog.isOpen} onOpenChange={dialog.onOpenChange} />
        </Suspense>
      )}
    </section>
  );
}
