import { Link, useParams } from "react-router-dom";
import { Button } from "../../ui/Button";
import { ServerFilled } from "../../ui/ServerFilled";
import { formatPrice } from "../../lib/money";
import { fileUrl, thumbSrcSet } from "../../lib/files";
import { useCatalog } from "../../lib/sync";
import { NOT_FOUND_TITLE, downloadTitle, usePageTitle } from "../../lib/titles";
import { paragraphs } from "../catalog/paragraphs";
import { addToCart } from "../cart";
import { describeFile, downloadLine, KIND } from "./kinds";
import styles from "./downloads.module.css";

// The sizes the page draws its picture at (pocketbase/internal/heads/download.go preloads it with the same).
const PICTURE_SIZES = "(min-width: 800px) 420px, 92vw";
const WORLDS = { pebblewick: ["/pebblewick", "Pebblewick"], cryptid: ["/cryptids", "Hidden Cryptids Alliance"] } as const;

/**
 * /downloads/<slug>: a digital item's own page. The server sends the same words in the page
 * (pocketbase/internal/heads/download.go), kept until the catalogue is read; the app adds Add to Cart.
 */
export function DownloadPage() {
  const { slug } = useParams();
  const read = useCatalog("digital_items");
  const item = read.rows.find((d) => d.slug === slug && d.available);
  const missing = !item && !read.loading && !read.failed;
  usePageTitle(item ? downloadTitle(item.title) : missing ? NOT_FOUND_TITLE : undefined);

  let body = null;
  if (item) {
    const world = item.world ? WORLDS[item.world] : null;
    body = (
      <>
        <img src={fileUrl(item, item.image, "800x0")} srcSet={thumbSrcSet(item, item.image)} sizes={PICTURE_SIZES} width={1000} height={1400} alt={item.title} fetchPriority="high" />
        <div>
          <h1>{item.title}</h1>
          <p>{KIND[item.kind]}</p>
          <p className="price">{formatPrice(item.price)}</p>
          {paragraphs(item.description).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          {item.files && item.files.length > 0 && (
            <>
              <h2>What you get</h2>
              <ul>
                {item.files.map((f, i) => (
                  <li key={i}>{describeFile(f)}</li>
                ))}
              </ul>
            </>
          )}
          {world && (
            <p>
              From the world of <Link to={world[0]}>{world[1]}</Link>
            </p>
          )}
          <p>Delivered as files on your order&apos;s page as soon as you have paid: nothing to ship, no address needed.</p>
          <Button onPress={() => addToCart(downloadLine(item))} aria-label={`Add to Cart, ${item.title} (download)`}>
            Add to Cart
          </Button>
        </div>
      </>
    );
  } else if (read.failed) {
    body = <p className="error-text">Failed to load this download. Please try again later.</p>;
  } else if (missing) {
    body = (
      <div>
        <h1>Download not found</h1>
        <p className="muted">This download is no longer in the studio&apos;s shop.</p>
      </div>
    );
  }
  return (
    <div className="container section">
      {/* A catalogue that cannot be read leaves the page the server sent standing. */}
      <ServerFilled className={styles.page} ready={(!read.loading && !read.failed) || !!item}>
        {body}
      </ServerFilled>
    </div>
  );
}
