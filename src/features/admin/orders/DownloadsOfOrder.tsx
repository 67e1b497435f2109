import { useCallback, useEffect, useState } from "react";
import { pb } from "../../../lib/pocketbase";
import { Button } from "../../../ui/Button";
import { toast } from "../../../ui/toast";
import { dayOf, type OrderFile } from "../../orders/order";
import type { Order } from "./useOrders";
import styles from "./orders.module.css";

type Act = { act: "reset" | "extend" | "resend"; at: string; by: string; note?: string };
type Grant = OrderFile & { email: string; revoked: string; acts: Act[] };

const DONE: Record<Act["act"], string> = { reset: "Downloads reset", extend: "A year added", resend: "Link sent again" };

/**
 * An order's files as the studio runs them (pb_hooks/lib/orders/downloads.js): what each buyer has
 * used and until when, with Reset, Extend a year and Resend, and every such act kept with who did it.
 */
export function DownloadsOfOrder({ order }: { order: Order }) {
  const id = order.lines.some((p) => p.product_type === "digital" || p.product_type === "book") ? order.session?.id : undefined;
  const [grants, setGrants] = useState<Grant[] | "failed" | null>(null);
  const [busy, setBusy] = useState("");
  const load = useCallback(() => {
    if (!id) return;
    pb.send<{ items: Grant[] }>(`/api/studio/admin/orders/${encodeURIComponent(id)}/downloads`, { requestKey: null })
      .then((r) => setGrants(r.items))
      .catch(() => setGrants("failed"));
  }, [id]);
  useEffect(load, [load]);
  if (!id || (Array.isArray(grants) && !grants.length)) return null;

  async function act(grant: Grant, what: Act["act"]) {
    setBusy(grant.id + what);
    try {
      await pb.send(`/api/studio/admin/downloads/${encodeURIComponent(grant.id)}/${what}`, { method: "POST" });
      toast({ title: DONE[what], description: grant.title, tone: "success" });
      load();
    } catch (err) {
      toast({ title: "Not done", description: err instanceof Error ? err.message : String(err), tone: "error" });
    } finally {
      setBusy("");
    }
  }

  return (
    <>
      <h3>Downloads</h3>
      {grants === null ? (
        <p className="muted">Loading...</p>
      ) : grants === "failed" ? (
        <p className="error-text">The downloads could not be loaded. Close and open the order again.</p>
      ) : (
        <ul>
          {grants.map((g) => (
            <li key={g.id}>
              <strong>{g.title}</strong> · {g.used} of {g.allowed} used · until {dayOf(g.expires_at)}
              {g.ended && <> · {g.ended}</>}
              <div className={styles.downloadActs}>
                {(["reset", "extend", "resend"] as const).map((what) => (
                  <Button key={what} size="small" variant="secondary" onPress={() => act(g, what)} isDisabled={!!busy || (what !== "resend" && !!g.revoked)}>
                    {what === "reset" ? "Reset downloads" : what === "extend" ? "Add a year" : `Resend to ${g.email}`}
                  </Button>
                ))}
              </div>
              {g.acts.length > 0 && (
                <ul className="muted">
                  {g.acts.map((a, i) => (
                    <li key={i}>
                      {dayOf(a.at)}: {DONE[a.act]} by {a.by}
                      {a.note ? ` (${a.note})` : ""}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
