import { useEffect, useState } from "react";
import { pb } from "../../lib/pocketbase";
import { describeReplication, type ReplicationHealth } from "./replication";
import adminStyles from "./admin.module.css";
import styles from "./studio.module.css";

const CHECK_EVERY_MS = 60_000;

/** When the studio's data last reached the replica, from the server's /api/health. */
export function ReplicationStatus() {
  const [health, setHealth] = useState<ReplicationHealth>();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let live = true;
    const check = () =>
      pb
        .send<{ data?: { replication?: ReplicationHealth } }>("/api/health", {})
        .then((body) => {
          if (!live) return;
          setHealth(body.data?.replication);
          setNow(new Date());
        })
        .catch(() => undefined);
    void check();
    const timer = setInterval(() => void check(), CHECK_EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);

  const said = describeReplication(health, now);
  if (!said) return null;
  if (said.alert)
    return (
      <div className={adminStyles.banner} role="alert">
        {said.text}
      </div>
    );
  return <p className={styles.replication}>{said.text}</p>;
}
