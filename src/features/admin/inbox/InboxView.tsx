import { Suspense } from "react";
import { Link } from "react-router-dom";
import { CommissionWorkspace, typeLabel } from "../../commissions";
import { Details, MoneyBadge, NextStepButton, StatusBadge, customerName } from "./commissionStatus";
import type { Conversation } from "./useInbox";
import styles from "./inbox.module.css";

const INBOX = "/admin/commissions";

function when(iso: string) {
  const d = new Date(iso);
  const today = new Date().toDateString() === d.toDateString();
  return today ? d.toLocaleTimeString("en-US", { timeStyle: "short" }) : d.toLocaleDateString("en-US", { month: "short", day: "numeric" });
}

function preview({ last, commission }: Conversation) {
  if (!last) return `New request: ${commission.description}`;
  const files = last.attachments?.length ?? 0;
  const line = last.content.split("\n").find((l) => l.trim()) ?? (files ? `📎 ${files} file${files === 1 ? "" : "s"}` : "");
  return last.sender_role === "admin" ? `You: ${line}` : line;
}

/**
 * The commission inbox: conversations by latest activity beside the open thread (wide screens),
 * or the list and the thread one at a time with a Back button (portrait and phones).
 */
export function InboxView({ conversations, openId }: { conversations: Conversation[]; openId: string | undefined }) {
  const open = conversations.find((c) => c.commission.id === openId);
  return (
    <div className={styles.inbox} data-open={openId ? "true" : "false"}>
      <nav className={styles.list} aria-label="Commission conversations">
        {conversations.length === 0 ? (
          <p className="empty-state">No commission requests yet.</p>
        ) : (
          <ul aria-label="Conversations">
            {conversations.map((c) => {
              const id = c.commission.id;
              return (
                <li key={id} data-testid="conversation">
                  <Link to={`${INBOX}/${id}`} className={styles.item} aria-current={id === openId ? "page" : undefined}>
                    <span className={styles.itemTop}>
                      <strong className={styles.name}>{customerName(c.commission)}</strong>
                      <time dateTime={c.activity} className={styles.when}>
                        {when(c.activity)}
                      </time>
                    </span>
                    <span className={styles.itemMeta}>
                      {typeLabel(c.commission.type)} <StatusBadge status={c.commission.status} /> <MoneyBadge c={c.commission} />
                    </span>
                    <span className={styles.itemBottom}>
                      <span className={`${styles.preview} ${c.unread ? styles.unreadPreview : ""}`}>{preview(c)}</span>
                      {c.unread > 0 && (
                        <span className={styles.count} data-testid="unread-count" aria-label={`${c.unread} unread`}>
                          {c.unread}
                        </span>
                      )}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </nav>
      <section className={styles.pane} aria-label={open ? `Conversation with ${customerName(open.commission)}` : "Conversation"}>
        {open ? (
          <>
            <header className={styles.paneHead}>
              <Link to={INBOX} className={styles.back} aria-label="Back to conversations">
                ← Back
              </Link>
              <div className={styles.paneTitle}>
                <h2>{customerName(open.commission)}</h2>
                <p>
                  {typeLabel(open.commission.type)} <StatusBadge status={open.commission.status} /> <MoneyBadge c={open.commission} />
                </p>
              </div>
              <NextStepButton c={open.commission} />
            </header>
            <Suspense fallback={<p className="muted">Loading...</p>}>
              <CommissionWorkspace key={open.commission.id} commissionId={open.commission.id} viewer="admin" details={<Details c={open.commission} />} initialTab="messages" fill />
            </Suspense>
          </>
        ) : openId ? (
          <p className={styles.placeholder}>
            This commission was not found. <Link to={INBOX}>Back to conversations</Link>
          </p>
        ) : (
          <p className={styles.placeholder}>Choose a conversation to read and reply.</p>
        )}
      </section>
    </div>
  );
}
