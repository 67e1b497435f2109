import type { ReactNode } from "react";
import { LinkButton } from "../../ui/Button";
import { Thumb } from "../../ui/Thumb";
import type { Character } from "../../lib/catalog";
import styles from "./characters.module.css";

/** A character's page and dialog body: the portrait, the bio, the artist's notes and their links. */
export function CharacterDetails({ character: c, sizes, priority, heading }: { character: Character; sizes: string; priority?: boolean; heading?: ReactNode }) {
  return (
    <div className={styles.detail}>
      <Thumb owner={c} file={c.image} alt={c.name} ratio={[1, 1]} sizes={sizes} priority={priority} className={styles.portrait} />
      <div>
        {heading && <div className={styles.detailHeader}>{heading}</div>}
        <h2 className={styles.detailHeading}>Bio</h2>
        {(c.bio || c.description)
          .split("\n")
          .filter((p) => p.trim())
          .map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        {c.artist_notes && (
          <>
            <h2 className={styles.detailHeading}>Artist&apos;s Notes</h2>
            <p className={styles.notes}>{c.artist_notes}</p>
          </>
        )}
        <div className={styles.links}>
          {c.youtube_url && (
            <LinkButton variant="secondary" href={c.youtube_url} target="_blank" rel="noopener noreferrer">
              Watch Videos
            </LinkButton>
          )}
          {c.printful_store_url && (
            <LinkButton href={c.printful_store_url} target="_blank" rel="noopener noreferrer">
              {c.character_type === "pebblewick" ? "Pebblewick Merch" : "HCA Merch"}
            </LinkButton>
          )}
        </div>
      </div>
    </div>
  );
}
