import { LinkButton, Button } from "../../ui/Button";
import { Thumb, ThumbSkeleton } from "../../ui/Thumb";
import { CardGridSkeleton, Loading } from "../../ui/Skeleton";
import { useCatalog } from "../../lib/sync";
import { byNewest } from "../../lib/catalog";
import { CharacterShowcase } from "../characters";
import { addToCart } from "../cart";
import { ArtworkCard } from "./ArtworkCard";
import { autographedBookLine } from "./cartItems";
import styles from "./catalog.module.css";

function FeaturedBookCard() {
  const { rows, loading } = useCatalog("books");
  const book = rows.find((b) => b.featured);
  if (!book)
    return loading ? (
      // The card as it will be, its text boxes reserved (see .heroBookTitle) and its buttons in place
      // but unseen, so nothing below it moves when the book arrives.
      <div className={`card ${styles.heroCard}`} aria-hidden="true">
        <ThumbSkeleton ratio={[3, 4]} className={styles.heroCover} lcpSlot />
        <div className="card-body">
          <p className="eyebrow">Featured Book</p>
          <p className={`${styles.heroBookTitle} ${styles.textPending}`} />
          <p className={`${styles.heroBlurb} ${styles.textPending}`} />
          <div className={`card-actions ${styles.unseen}`}>
            <LinkButton variant="secondary" size="small" href="/gallery">
              View Details
            </LinkButton>
            <Button size="small" variant="accent" isDisabled>
              Add to Cart
            </Button>
          </div>
        </div>
      </div>
    ) : null;
  return (
    <article className={`card ${styles.heroCard}`}>
      <Thumb owner={book} file={book.image} alt={`Cover of ${book.title}`} ratio={[3, 4]} sizes="(min-width: 861px) 40vw, 92vw" priority className={styles.heroCover} />
      <div className="card-body">
        <p className="eyebrow">Featured Book</p>
        <h2 className={styles.heroBookTitle}>{book.title}</h2>
        <p className={`clamp-3 muted ${styles.heroBlurb}`}>{book.description}</p>
        <div className="card-actions">
          <LinkButton variant="secondary" size="small" href={`/book/${book.id}`}>
            View Details
          </LinkButton>
          {book.website_cart_available && (
            <Button size="small" variant="accent" onPress={() => addToCart(autographedBookLine(book))}>
              Add to Cart
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

function FeaturedArtwork() {
  const { rows, loading } = useCatalog("paintings");
  const featured = rows.filter((p) => p.featured).sort(byNewest).slice(0, 4);
  if (featured.length === 0 && !loading) return null;
  return (
    <section className="section" aria-labelledby="featured-heading">
      <div className="section-heading">
        <div>
          <p className="eyebrow">From the studio wall</p>
          <h2 id="featured-heading">Featured Artwork</h2>
        </div>
        <LinkButton variant="secondary" href="/gallery">
          View All
        </LinkButton>
      </div>
      {loading ? (
        <Loading>
          <CardGridSkeleton count={4} ratio={[4, 3]} lines={2} />
        </Loading>
      ) : (
        <div className="grid grid-4">
          {featured.map((p) => (
            <ArtworkCard key={p.id} painting={p} />
          ))}
        </div>
      )}
    </section>
  );
}

export function HomePage() {
  return (
    <>
      <section className={styles.hero}>
        <div className={`container ${styles.heroGrid}`}>
          <div className={styles.heroText}>
            <p className="eyebrow">Lanternwood Studio</p>
            <h1>Watercolor Fairy Tale Art</h1>
            <p className={styles.lede}>
              Original paintings, prints and picture books from two hidden worlds: a seaside village of tiny magical neighbors, and the gentle
              creatures who keep the woods at night.
            </p>
            <div className={styles.heroActions}>
              <LinkButton href="/gallery">Shop Now</LinkButton>
              <LinkButton variant="secondary" href="/commissions">
                Commission Art
              </LinkButton>
            </div>
          </div>
          <FeaturedBookCard />
        </div>
      </section>
      <div className="container">
        <CharacterShowcase world="pebblewick" />
        <CharacterShowcase world="cryptid" />
        <FeaturedArtwork />
      </div>
    </>
  );
}
