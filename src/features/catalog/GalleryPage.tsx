import { memo } from "react";
import { ArtworkSection } from "./ArtworkSection";
import { BooksSection } from "./BooksSection";
import { MerchandiseSection } from "./MerchandiseSection";
import { MuralsSection } from "./MuralsSection";
import styles from "./catalog.module.css";

// Memoized: a new query string (another artwork page) redraws the artwork section, which reads it,
// and not the books, murals and merchandise beside it.
export const GalleryPage = memo(function GalleryPage() {
  return (
    <div className="container">
      <header className={`section ${styles.pageHeader}`}>
        <p className="eyebrow">Originals · prints · books · murals</p>
        <h1>{"Gallery & Shop"}</h1>
        <p className="muted">Every piece starts as a loose wash on cotton paper. Take one home, or ask for one of your own.</p>
      </header>
      <BooksSection />
      <ArtworkSection />
      <MuralsSection />
      <MerchandiseSection />
    </div>
  );
});
