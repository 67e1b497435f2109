import { Link } from "react-router-dom";
import { characterList, overListState, pieceAddress } from "../../lib/addresses";
import { Thumb, ThumbSkeleton } from "../../ui/Thumb";
import { TextLines } from "../../ui/Skeleton";
import { Badge } from "../../ui/Badge";
import type { Character } from "../../lib/catalog";
import styles from "./characters.module.css";

/** SPEC §2: 1, 2, 3 or 4-and-more columns depending on the count. */
function columns(count: number) {
  return styles[`cols${Math.min(Math.max(count, 1), 4)}`];
}

/** Placeholders laid out like a grid of three character cards, while the catalogue loads. */
export function CharacterGridSkeleton({ leading = false }: { leading?: boolean }) {
  return (
    <ul className={`${styles.grid} ${styles.cols3}`} aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i}>
          <div className={styles.card}>
            <ThumbSkeleton ratio={[1, 1]} className={styles.cardImage} lcpSlot={leading && i === 0} />
            <span className={styles.cardText}>
              <TextLines lines={2} heading />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** `leading`: the grid opens its page, so its first picture is the page's largest and loads first. */
export function CharacterGrid({ characters, upcoming = false, leading = false }: { characters: Character[]; upcoming?: boolean; leading?: boolean }) {
  return (
    <>
      <ul className={`${styles.grid} ${columns(characters.length)}`}>
        {characters.map((c, i) => (
          <li key={c.id}>
            <Link className={styles.card} to={pieceAddress(characterList(c), c)} state={overListState()}>
              <Thumb owner={c} file={c.image} alt="" initial={c.name} ratio={[1, 1]} className={styles.cardImage} priority={leading && i === 0} />
              <span className={styles.cardText}>
                {upcoming && <Badge tone="lantern">Coming Soon</Badge>}
                <span className={styles.name}>{c.name}</span>
                <span className={styles.blurb}>{c.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
