import { useCallback, useEffect, useState } from "react";
import { pb } from "../../lib/pocketbase";
import { Button } from "../../ui/Button";
import styles from "./admin.module.css";

const CHECKED = [
  ["paintings", "Paintings"],
  ["books", "Books"],
  ["murals", "Murals"],
  ["artist_profile", "Artist profile"],
] as const;

/** Shown when paintings, books and murals are all empty: what the database holds, with a refresh. */
export function DataStatusBanner() {
  const [counts, setCounts] = useState<Record<string, number> | null>(null);
  const [failed, setFailed] = useState(false);
  const check = useCallback(async () => {
    try {
      const found = await Promise.all(CHECKED.map(([c]) => pb.collection(c).getList(1, 1, { fields: "id" }).then((r) => [c, r.totalItems] as const)));
      setCounts(Object.fromEntries(found));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => void check(), [check]);

  if (failed)
    return (
      <div className={styles.banner} role="alert">
        Failed to check data status. Please try again.
        <Button size="small" variant="secondary" onPress={() => void check()}>
          Refresh
        </Button>
      </div>
    );
  if (!counts || counts.paintings + counts.books + counts.murals > 0) return null;
  return (
    <div className={styles.banner} role="status">
      <p>
        <strong>No data found in the database...</strong> Add paintings, books and murals, or start the shop with the demo studio.
      </p>
      <ul>
        {CHECKED.map(([c, label]) => (
          <li key={c}>
            {label}: {counts[c] > 0 ? "Available" : "Missing"}
          </li>
        ))}
      </ul>
      <Button size="small" variant="secondary" onPress={() => void check()}>
        Refresh
      </Button>
    </div>
  );
}
