import { LinkButton } from "../../ui/Button";
import { useCatalog } from "../../lib/sync";
import { byNewest, type CharacterType } from "../../lib/catalog";
import { CharacterGrid, CharacterGridSkeleton } from "./CharacterGrid";
import { Loading } from "../../ui/Skeleton";
import { WORLDS } from "./worlds";

/** A home-page section: the world's current characters only, and the way in. */
export function CharacterShowcase({ world }: { world: CharacterType }) {
  const w = WORLDS[world];
  const { rows, loading } = useCatalog("characters");
  const current = rows.filter((c) => c.character_type === world && c.status === "current").sort(byNewest);
  if (current.length === 0 && !loading) return null;
  return (
    <section className="section" aria-labelledby={`${world}-heading`}>
      <div className="section-heading">
        <div>
          <p className="eyebrow">{w.tagline}</p>
          <h2 id={`${world}-heading`}>{w.currentHeading}</h2>
        </div>
        <LinkButton variant="secondary" href={w.path}>
          {w.enterLabel}
        </LinkButton>
      </div>
      {loading ? (
        <Loading>
          <CharacterGridSkeleton />
        </Loading>
      ) : (
        <CharacterGrid characters={current} />
      )}
    </section>
  );
}
