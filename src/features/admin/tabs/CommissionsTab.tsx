import { Link, useParams, useSearchParams } from "react-router-dom";
import { useInbox } from "../inbox/useInbox";
import { InboxView } from "../inbox/InboxView";
import { CommissionsTable } from "../inbox/CommissionsTable";
import { CommissionTerms } from "./CommissionTerms";
import { SlotsPanel } from "../slots/SlotsPanel";
import styles from "../inbox/inbox.module.css";

/**
 * Commissions: the inbox (/admin/commissions[/<id>]), every request as a table (?view=table), the
 * slots and waitlist (?view=slots), or the terms a request accepts (?view=terms); SPEC fixes the
 * studio's tabs, so these live here.
 */
export function CommissionsTab() {
  const { conversations, error } = useInbox();
  const [, openId] = (useParams()["*"] ?? "").split("/");
  const [search] = useSearchParams();
  const view = search.get("view");
  const table = view === "table";
  if (error) return <p className="error-text">Could not load commission requests</p>;
  if (!conversations) return <p className="muted">Loading...</p>;
  return (
    <div className={styles.tab}>
      <div className={styles.views} role="group" aria-label="Show commissions as">
        <Link to="/admin/commissions" aria-current={view ? undefined : "page"}>
          Inbox
        </Link>
        <Link to="/admin/commissions?view=table" aria-current={table ? "page" : undefined}>
          All requests
        </Link>
        <Link to="/admin/commissions?view=slots" aria-current={view === "slots" ? "page" : undefined}>
          Slots & waitlist
        </Link>
        <Link to="/admin/commissions?view=terms" aria-current={view === "terms" ? "page" : undefined}>
          Terms
        </Link>
      </div>
      {view === "slots" ? <SlotsPanel /> : view === "terms" ? <CommissionTerms /> : table ? <CommissionsTable commissions={conversations.map((c) => c.commission)} /> : <InboxView conversations={conversations} openId={openId || undefined} />}
    </div>
  );
}
