import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { pb } from "../../lib/pocketbase";
import { useAuth } from "../account";
import { useCommissionBoard } from "./board";
import type { QueueRow } from "../../lib/catalog";
import { ServerFilled } from "../../ui/ServerFilled";
import styles from "./board.module.css";

/** The signed-in customer's own rows, by the opaque references the queue carries. */
function useMyRefs(signedIn: string | undefined, rowsVersion: number) {
  const [refs, setRefs] = useState<string[]>([]);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    pb.send<{ refs: string[] }>("/api/studio/commission-queue/mine", {})
      .then((r) => live && setRefs(r.refs))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [signedIn, rowsVersion]);
  return signedIn ? refs : [];
}

/** The public queue: each commission's place, type, stage and wait, and nobody's name or words. */
export function QueuePage() {
  const { queue, queuePublic, loading, failed } = useCommissionBoard();
  const user = useAuth((s) => s.user);
  const mine = useMyRefs(user?.id, queue.length);
  if (!loading && !queuePublic) {
    return (
      <div className="container section">
        <h1>The queue is not shown just now</h1>
        <p className="muted">
          The studio keeps its queue private for the moment. <Link to="/commissions">Request a commission</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="container section">
      <header>
        <p className="eyebrow">Work in hand</p>
        <h1>Commission queue</h1>
        <p className="muted">Every commission the studio is working on, in the order it came in, and the waitlist after it. Names and details stay private.</p>
      </header>
      <div className={styles.links}>
        <Link to="/commissions">Request a commission</Link>
      </div>
      {/* A queue that cannot be read leaves the one the server sent standing. */}
      <ServerFilled className={styles.queue} ready={!loading && !failed}>
        {failed && <p>The queue could not be read just now. Please try again later.</p>}
        {!loading && !failed && queue.length === 0 && <p>No commissions in the queue just now.</p>}
        {queue.length > 0 && (
          <table>
            <thead>
              <tr>
                <th scope="col">Place</th>
                <th scope="col">Type</th>
                <th scope="col">Stage</th>
                <th scope="col">Waited</th>
              </tr>
            </thead>
            <tbody>
              {queue.map((r) => {
                const own = mine.includes(r.ref);
                return (
                  <tr key={r.ref} data-ref={r.ref} data-mine={own || undefined} aria-current={own || undefined}>
                    <td>
                      {queuePlace(r)}
                      {own && <span className={styles.yours}>Yours</span>}
                    </td>
                    <td>{r.type_label}</td>
                    <td>{r.stage}</td>
                    <td>{queueWaited(r)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </ServerFilled>
    </div>
  );
}

/** A queue row's place, as the server words it (pocketbase/internal/heads/board.go). */
function queuePlace(r: QueueRow): string {
  if (r.position > 0) return `#${r.position}`;
  if (r.waitlist_position > 0) return `Waitlist #${r.waitlist_position}`;
  return "Done";
}

function queueWaited(r: QueueRow): string {
  const prefix = r.stage === "Delivered" ? "took " : "";
  if (r.days === 0) return `${prefix}under a day`;
  if (r.days === 1) return `${prefix}1 day`;
  return `${prefix}${r.days} days`;
}
