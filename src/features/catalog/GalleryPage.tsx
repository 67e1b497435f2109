import { ArtworkSection } from "./ArtworkSection";
import { BooksSection } from "./BooksSection";
import { MerchandiseSection } from "./MerchandiseSection";
import { MuralsSection } from "./MuralsSection";
import styles from "./catalog.module.css";

export function GalleryPage() {
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
}
