import { LinkButton } from "../../ui/Button";
import { useCatalog } from "../../lib/sync";
import { byNewest, type CharacterType } from "../../lib/catalog";
import { CharacterGrid, CharacterGridSkeleton } from "./CharacterGrid";
import { Loading } from "../../ui/Skeleton";
import { WORLDS } from "./worlds";
import { WorldDownloads } from "../downloads";
import styles from "./characters.module.css";

function WorldPage({ world }: { world: CharacterType }) {
  const w = WORLDS[world];
  const read = useCatalog("characters");
  const mine = read.rows.filter((c) => c.character_type === world).sort(byNewest);
  const current = mine.filter((c) => c.status === "current");
  const upcoming = mine.filter((c) => c.status === "upcoming");
  const storytellers = current.filter((c) => c.has_video_story && c.youtube_url);

  return (
    <div className="container">
      <header className={`section ${styles.worldHeader} ${styles[world]}`}>
        <p className="eyebrow">{w.tagline}</p>
        <h1>{w.title}</h1>
        <p className={styles.intro}>{w.intro}</p>
      </header>
      <section className="section" aria-labelledby="current-heading">
        <h2 id="current-heading">{w.currentHeading}</h2>
        {read.loading ? (
          <Loading>
            <CharacterGridSkeleton leading />
          </Loading>
        ) : read.failed ? (
          <p className="error-text">Failed to load characters. Please try again later.</p>
        ) : current.length ? (
          <CharacterGrid characters={current} leading />
        ) : (
          <p className="empty-state">No characters here yet.</p>
        )}
      </section>
      {upcoming.length > 0 && (
        <section className="section" aria-labelledby="upcoming-heading">
          <h2 id="upcoming-heading">Coming Soon</h2>
          <CharacterGrid characters={upcoming} upcoming />
        </section>
      )}
      <WorldDownloads world={world} />
      <section className={`section ${styles.stories}`} aria-labelledby="stories-heading">
        <h2 id="stories-heading">Story videos</h2>
        <p className="muted">Watch the characters come to life in short painted stories, read aloud by the artist.</p>
        {storytellers.length > 0 && (
          <ul className={styles.storyList}>
            {storytellers.map((c) => (
              <li key={c.id}>
                <a href={c.youtube_url} target="_blank" rel="noopener noreferrer">
                  {c.name}&apos;s story ↗
                </a>
              </li>
            ))}
          </ul>
        )}
        <LinkButton href={w.videoChannel} target="_blank" rel="noopener noreferrer">
          Watch on our video channel
        </LinkButton>
      </section>
    </div>
  );
}

export const PebblewickPage = () => <WorldPage world="pebblewick" />;
export const CryptidsPage = () => <WorldPage world="cryptid" />;
