import { Link } from "react-router-dom";
import { Button } from "../../ui/Button";
import { formatPrice } from "../../lib/money";
import { fileUrl } from "../../lib/files";
import { byNewest, type CharacterType } from "../../lib/catalog";
import { useCatalog } from "../../lib/sync";
import { addToCart } from "../cart";
import { downloadLine, downloadPath, KIND } from "./kinds";
import styles from "./downloads.module.css";

/** A story world's files to download: each with its picture, what it is, its price and Add to Cart. */
export function WorldDownloads({ world }: { world: CharacterType }) {
  const { rows } = useCatalog("digital_items");
  const mine = rows.filter((d) => d.world === world && d.available).sort(byNewest);
  if (!mine.length) return null;
  return (
    <section className="section" aria-labelledby="downloads-heading">
      <h2 id="downloads-heading">To download</h2>
      <p className="muted">Delivered as files on your order's page as soon as you have paid: nothing to ship, no address needed.</p>
      <ul className={styles.grid}>
        {mine.map((d) => (
          <li key={d.id} className={styles.card} id={d.slug}>
            <img src={fileUrl(d, d.image, "400x0")} alt="" width={400} height={560} loading="lazy" className={styles.picture} />
            <div className={styles.body}>
              <h3>
                <Link to={downloadPath(d)}>{d.title}</Link>
              </h3>
              <p className={styles.kind}>{KIND[d.kind]}</p>
              {d.description && <p className={styles.description}>{d.description}</p>}
              <div className={styles.buy}>
                <strong>{formatPrice(d.price)}</strong>
                <Button size="small" onPress={() => addToCart(downloadLine(d))} aria-label={`Add to Cart, ${d.title} (download)`}>
                  Add to Cart
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
