import { Button, LinkButton } from "../../ui/Button";
import { formatPrice } from "../../lib/money";
import type { Book } from "../../lib/catalog";
import { addToCart, AUTOGRAPHED_PRICE } from "../cart";
import { autographedBookLine } from "./cartItems";
import { NotifyMe } from "../wishes";
import styles from "./catalog.module.css";

/** SPEC §4 Book purchase options: the publisher's copy and the studio's autographed copy. */
export function BookPurchaseOptions({ book }: { book: Book }) {
  const signedCopiesBack = <NotifyMe item={{ kind: "book", id: book.id }} label="Tell me when signed copies are back" what={`signed copies of ${book.title}`} />;
  if (!book.publisher_available && !book.website_cart_available) {
    return (
      <div className={styles.options}>
        <p className={styles.unavailable}>Currently Unavailable</p>
        {signedCopiesBack}
      </div>
    );
  }
  return (
    <div className={styles.options}>
      {book.publisher_available && (
        <div className={styles.option}>
          <div>
            <h4>From the publisher</h4>
            <p className="muted">The standard edition, shipped by the publisher.</p>
          </div>
          {book.publisher_in_stock && book.publisher_link ? (
            <LinkButton variant="secondary" href={book.publisher_link} target="_blank" rel="noopener noreferrer">
              Buy Now
            </LinkButton>
          ) : (
            <Button variant="secondary" isDisabled>
              Coming Soon 2026
            </Button>
          )}
        </div>
      )}
      {book.website_cart_available && (
        <div className={styles.option}>
          <div>
            <h4>Autographed copy</h4>
            <p className="muted">Signed by the artist with a small painted dedication. {formatPrice(AUTOGRAPHED_PRICE)} plus $4.95 shipping.</p>
          </div>
          <Button variant="accent" onPress={() => addToCart(autographedBookLine(book))}>
            Add to Cart
          </Button>
        </div>
      )}
      {!book.website_cart_available && (
        <div className={styles.option}>
          <div>
            <h4>Autographed copy</h4>
            <p className="muted">Signed copies are out for now.</p>
          </div>
          {signedCopiesBack}
        </div>
      )}
    </div>
  );
}
