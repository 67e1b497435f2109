import { LinkButton } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Thumb } from "../../ui/Thumb";
import type { Character } from "../../lib/catalog";
import styles from "./characters.module.css";

export default function CharacterDialog({ character, isOpen, onOpenChange }: { character: Character | null; isOpen: boolean; onOpenChange: (o: boolean) => void }) {
  const c = character;
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={c?.name ?? ""} width={760}>
      {c && (
        <div className={styles.detail}>
          <Thumb owner={c} file={c.image} alt={c.name} ratio={[1, 1]} sizes="(min-width: 760px) 320px, 90vw" className={styles.portrait} />
          <div>
            <h3>Bio</h3>
            {(c.bio || c.description)
              .split("\n")
              .filter((p) => p.trim())
              .map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            {c.artist_notes && (
              <>
                <h3>Artist&apos;s Notes</h3>
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
      )}
    </Dialog>
  );
}
