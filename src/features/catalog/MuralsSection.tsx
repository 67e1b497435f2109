import { useMemo } from "react";
import { LinkButton } from "../../ui/Button";
import { overListState, pieceAddress } from "../../lib/addresses";
import { useRevealOnScroll } from "../../ui/useRevealOnScroll";
import { Thumb } from "../../ui/Thumb";
import { useCatalog } from "../../lib/sync";
import { byNewest } from "../../lib/catalog";
import { SectionState } from "./SectionState";
import { CardGridSkeleton } from "../../ui/Skeleton";

// Cards rendered at first and added per step as the list nears the screen (whole rows of 1 to 4).
const STEP = 12;

export function MuralsSection() {
  const read = useCatalog("murals");
  const murals = useMemo(() => [...read.rows].sort(byNewest), [read.rows]);
  const { count, marker } = useRevealOnScroll(murals.length, STEP);
  return (
    <section className="section" aria-labelledby="murals-heading">
      <div className="section-heading">
        <div>
          <p className="eyebrow">Walls that tell stories</p>
          <h2 id="murals-heading">Murals</h2>
        </div>
      </div>
      <SectionState read={read} errorText="Failed to load murals. Please try again later." emptyText="No murals available at this time" skeleton={<CardGridSkeleton count={2} ratio={[16, 10]} lines={1} />}>
        <div className="grid grid-4 grid-long">
          {murals.slice(0, count).map((m) => (
            <article key={m.id} className="card">
              <Thumb owner={m} file={m.image} alt={m.title} ratio={[16, 10]} />
              <div className="card-body">
                <h3>{m.title}</h3>
                <p className="muted">
                  {[m.location, m.year || ""].filter(Boolean).join(" · ")}
                </p>
                <div className="card-actions">
                  <LinkButton variant="secondary" size="small" href={pieceAddress("murals", m)} state={overListState()} aria-label={`View Details, ${m.title}`}>
                    View Details
                  </LinkButton>
                </div>
              </div>
            </article>
          ))}
        </div>
        {marker}
      </SectionState>
    </section>
  );
}
