import { Dialog } from "../../ui/Dialog";
import { Button } from "../../ui/Button";
import type { Book } from "../../lib/catalog";
import { BookCarousel } from "./BookCarousel";
import { BookPurchaseOptions } from "./BookPurchaseOptions";
import { paragraphs } from "./paragraphs";
import styles from "./catalog.module.css";


export function BookDialog({ book, isOpen, onOpenChange }: { book: Book | null; isOpen: boolean; onOpenChange: (o: boolean) => void }) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      width={900}
      title={book?.title ?? ""}
      footer={
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      {book && (
        <div className={styles.bookDetail}>
          <BookCarousel book={book} />
          <div>
            {paragraphs(book.description).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
            <h3>Purchase options</h3>
            <BookPurchaseOptions book={book} />
          </div>
        </div>
      )}
    </Dialog>
  );
}
