import { useNavigate, useParams } from "react-router-dom";
import { Button } from "../../ui/Button";
import { useCatalog, useCatalogRecord } from "../../lib/sync";
import { formatPrice } from "../../lib/money";
import { BookCarousel } from "./BookCarousel";
import { ThumbSkeleton } from "../../ui/Thumb";
import { Loading, TextLines } from "../../ui/Skeleton";
import { BookPurchaseOptions } from "./BookPurchaseOptions";
import { paragraphs } from "./paragraphs";
import { bookTitle, NOT_FOUND_TITLE, usePageTitle } from "../../lib/titles";
import styles from "./catalog.module.css";

export function BookPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const read = useCatalog("books");
  const book = useCatalogRecord("books", id);
  usePageTitle(book ? bookTitle(book.title) : book === null && !read.loading ? NOT_FOUND_TITLE : undefined);

  const back = (
    <Button variant="ghost" onPress={() => (history.length > 1 ? navigate(-1) : navigate("/gallery"))}>
      ← Back
    </Button>
  );
  let body;
  if (!id) body = <p className="error-text">Book ID is missing</p>;
  else if (book) {
    body = (
      <div className={styles.bookDetail}>
        <BookCarousel book={book} />
        <div>
          <h1>{book.title}</h1>
          <p className="price">{book.price > 0 ? formatPrice(book.price) : "Price on request"}</p>
          {paragraphs(book.description).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          <h2 className={styles.optionsHeading}>Purchase options</h2>
          <BookPurchaseOptions book={book} />
        </div>
      </div>
    );
  } else if (read.loading)
    body = (
      <Loading>
        <div className={styles.bookDetail}>
          <ThumbSkeleton ratio={[3, 4]} className={styles.carouselImage} lcpSlot />
          <TextLines lines={5} heading />
        </div>
      </Loading>
    );
  else if (read.failed) body = <p className="error-text">Failed to load book details.</p>;
  else body = <p className="error-text">Book not found</p>;

  return (
    <div className="container section">
      {back}
      {body}
    </div>
  );
}
