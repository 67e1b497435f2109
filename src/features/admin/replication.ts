/** The replication part of the server's /api/health answer (pocketbase/internal/replication/replication_watch.go). */
export interface ReplicationHealth {
  state: "off" | "ok" | "failing";
  lastReplicatedAt?: string;
  message: string;
}

/**
 * What the studio reads about the copy of its data: nothing while replication is off (the
 * nightly backup is the only copy then, as the server says at start), a quiet line while it
 * works, and an alert while it fails.
 */
export function describeReplication(health: ReplicationHealth | undefined, now: Date): { alert: boolean; text: string } | null {
  if (!health || health.state === "off") return null;
  if (health.state === "failing") return { alert: true, text: health.message };
  if (!health.lastReplicatedAt) return { alert: false, text: "Data: first copy to the backup bucket on its way" };
  return { alert: false, text: `Data last copied to the backup bucket ${ago(new Date(health.lastReplicatedAt), now)}` };
}

function ago(then: Date, now: Date): string {
  const s = Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));
  if (s < 10) return "just now";
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  return `at ${then.toLocaleString()}`;
}
