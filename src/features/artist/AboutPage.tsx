import { Thumb, ThumbSkeleton } from "../../ui/Thumb";
import { useCatalog } from "../../lib/sync";
import styles from "./artist.module.css";

const FALLBACK_BIO =
  "Elowen Marsh is a watercolor artist and picture-book maker who grew up in a foggy harbor town.\n\nHer paintings are full of small magical neighbors, glowing lanterns and creatures who would rather not be seen.";

const BLOCKS = [
  { title: "Mission", text: "To paint small, kind worlds that help children and grown-ups alike believe that gentleness is a kind of magic, and that there is always a light left on for them." },
  { title: "Artistic Style", text: "Loose, layered watercolor on cotton paper: wet-into-wet skies, glazed characters, and paper left bare for every glow. Ink is used sparingly, only where a story needs a line." },
  { title: "Inspiration/Artistic Influences", text: "Harbor fog and tide pools, old folk tales and field guides, the golden age of picture-book illustration, and every child who has ever asked what lives under the pier." },
];

export function AboutPage() {
  const { rows, loading } = useCatalog("artist_profile");
  const profile = rows[0];
  const name = profile?.name || "Elowen Marsh";
  const bio = profile?.bio?.trim() || FALLBACK_BIO;
  return (
    <div className="container section">
      <div className={styles.intro}>
        {profile ? (
          <Thumb owner={profile} file={profile.profile_image} alt={`Portrait of ${name}`} ratio={[4, 5]} sizes="(min-width: 800px) 360px, 80vw" priority className={styles.portrait} />
        ) : loading ? (
          <ThumbSkeleton ratio={[4, 5]} className={styles.portrait} lcpSlot />
        ) : (
          <div className={styles.portraitPlaceholder} aria-hidden="true" />
        )}
        <div>
          <p className="eyebrow">The artist</p>
          <h1>{name}</h1>
          <div className={styles.bio}>{bio}</div>
        </div>
      </div>
      <div className={styles.blocks}>
        {BLOCKS.map((b) => (
          <section key={b.title} className={styles.block}>
            <h2>{b.title}</h2>
            <p>{b.text}</p>
          </section>
        ))}
      </div>
    </div>
  );
}
