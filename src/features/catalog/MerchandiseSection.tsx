import { useMemo } from "react";
import { Link } from "react-router-dom";
import { Thumb } from "../../ui/Thumb";
import { useCatalog } from "../../lib/sync";
import { overListState, pieceAddress } from "../../lib/addresses";
import { byNewest, type Merchandise } from "../../lib/catalog";
import { MerchPurchase } from "./MerchPurchase";
import { SectionState } from "./SectionState";
import { CardGridSkeleton } from "../../ui/Skeleton";
import { useRevealOnScroll } from "../../ui/useRevealOnScroll";
import styles from "./catalog.module.css";

export const MERCH_STORE_URL = "https://shop.example/lanternwood";
// Cards rendered at first and added per step as the list nears the screen (whole rows of 1 to 4).
const STEP = 12;

function MerchCard({ item }: { item: Merchandise }) {
  return (
    <article className="card">
      <Thumb owner={item} file={item.primary_image} alt={item.title} ratio={[1, 1]} />
      <div className="card-body">
        <h3>
          <Link className={styles.cardLink} to={pieceAddress("shop", item)} state={overListState()}>
            {item.title}
          </Link>
        </h3>
        {item.description && <p className="muted clamp-3">{item.description}</p>}
        <MerchPurchase item={item} />
      </div>
    </article>
  );
}

export function MerchandiseSection() {
  const read = useCatalog("merchandise");
  const inStock = useMemo(() => read.rows.filter((m) => m.in_stock).sort(byNewest), [read.rows]);
  const { count, marker } = useRevealOnScroll(inStock.length, STEP);
  return (
    <section className="section" aria-labelledby="merch-heading">
      <div className="section-heading">
        <div>
          <p className="eyebrow">Wear the stories</p>
          <h2 id="merch-heading">Merchandise</h2>
        </div>
      </div>
      <a className={styles.banner} href={MERCH_STORE_URL} target="_blank" rel="noopener noreferrer">
        <strong>More prints, mugs and apparel</strong>
        <span>Visit our print-on-demand store ↗</span>
      </a>
      <SectionState read={{ ...read, rows: inStock }} errorText="Failed to load merchandise. Please try again later." emptyText="No merchandise available at the moment" skeleton={<CardGridSkeleton count={4} ratio={[1, 1]} lines={2} />}>
        <div className="grid grid-4 grid-long">
          {inStock.slice(0, count).map((m) => (
            <MerchCard key={m.id} item={m} />
          ))}
        </div>
        {marker}
      </SectionState>
    </section>
  );
}
