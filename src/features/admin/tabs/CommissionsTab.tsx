import { Link, useParams, useSearchParams } from "react-router-dom";
import { useInbox } from "../inbox/useInbox";
import { InboxView } from "../inbox/InboxView";
import { CommissionsTable } from "../inbox/CommissionsTable";
import { SlotsPanel } from "../slots/SlotsPanel";
import styles from "../inbox/inbox.module.css";

/** Commissions: the inbox (/admin/commissions[/<id>]) or every request as a table (?view=table). */
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
        <Link to="/admin/commissions" aria-current={view === "table" || view === "slots" ? undefined : "page"}>
          Inbox
        </Link>
        <Link to="/admin/commissions?view=table" aria-current={table ? "page" : undefined}>
          All requests
        </Link>
        <Link to="/admin/commissions?view=slots" aria-current={view === "slots" ? "page" : undefined}>
          Slots & waitlist
        </Link>
      </div>
      {view === "slots" ? <SlotsPanel /> : table ? <CommissionsTable commissions={conversations.map((c) => c.commission)} /> : <InboxView conversations={conversations} openId={openId || undefined} />}
    </div>
  );
}
