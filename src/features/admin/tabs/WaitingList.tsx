import { useEffect, useState } from "react";
import { pb } from "../../../lib/pocketbase";
import styles from "../admin.module.css";

interface Waiting {
  label: string;
  confirmed: number;
  pending: number;
}

/**
 * Who waits to hear that an item is back ("12 waiting for Fox tote, L"), in its editor. Only
 * confirmed addresses get the letter; those still to confirm are counted apart.
 */
export function WaitingList({ kind, id }: { kind: "merchandise" | "book" | "painting"; id: string }) {
  const [rows, setRows] = useState<Waiting[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    pb.send<{ waiting: Waiting[] }>(`/api/studio/wishes/${kind}/${id}`, {})
      .then((r) => live && setRows(r.waiting))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [kind, id]);
  if (failed) return <p className="muted">Could not load who waits for this item.</p>;
  if (!rows) return null;
  return (
    <section className={styles.waiting} aria-label="Waiting to hear it's back">
      {rows.length === 0 ? (
        <p className="muted">Nobody is waiting to hear that this is back.</p>
      ) : (
        <ul>
          {rows.map((r) => (
            <li key={r.label}>
              <strong>{r.confirmed}</strong> waiting for {r.label}
              {r.pending > 0 && <span className="muted"> (and {r.pending} yet to confirm their address)</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
