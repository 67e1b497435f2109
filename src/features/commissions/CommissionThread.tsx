import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { ACCEPT, fileProblem, formatBytes } from "../../ui/form";
import { fileUrl } from "../../lib/files";
import { pb } from "../../lib/pocketbase";
import { submitAction, useOutbox } from "../../lib/outbox";
import { useFileToken } from "./fileTokens";
import { useLiveList } from "../../lib/useLiveList";
import type { CommissionMessage, MessageDraft } from "./types";
import styles from "./commissions.module.css";

export type Viewer = "admin" | "customer";

function senderLabel(m: CommissionMessage, viewer: Viewer) {
  if (m.sender_role === viewer) return viewer === "admin" ? "You (Admin)" : "You";
  return m.sender_role === "admin" ? "Lanternwood Studio" : m.sender_name || "Customer";
}

/** The live conversation about one commission, the same on both sides. */
export function CommissionThread({ commissionId, viewer }: { commissionId: string; viewer: Viewer }) {
  const { items, error } = useLiveList<CommissionMessage>("commission_messages", pb.filter("commission = {:id}", { id: commissionId }), "created");
  const token = useFileToken();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const queued = useOutbox<MessageDraft>("commission-message").items.filter((a) => a.payload.commission === commissionId);

  // Braces matter: scrollIntoView may return a promise, which React would take for a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [items?.length]);

  // What the other side sent is read once it is on screen here.
  useEffect(() => {
    for (const m of items ?? []) {
      if (!m.is_read && m.sender_role !== viewer) void pb.collection("commission_messages").update(m.id, { is_read: true }).catch(() => undefined);
    }
  }, [items, viewer]);

  function pick(list: FileList | null) {
    const accepted: File[] = [];
    for (const f of Array.from(list ?? [])) {
      const problem = fileProblem(f);
      if (problem) toast({ ...problem, tone: "error" });
      else accepted.push(f);
    }
    setFiles((prev) => [...prev, ...accepted]);
    if (fileInput.current) fileInput.current.value = "";
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!pb.authStore.isValid) return toast({ title: "Authentication required", description: "Please sign in to send a message.", tone: "error" });
    if (!text.trim() && files.length === 0) return toast({ title: "Nothing to send", description: "Write a message or attach at least one file.", tone: "error" });
    setSending(true);
    const result = await submitAction<MessageDraft>("commission-message", { commission: commissionId, content: text.trim(), files }, `Message: ${text.trim().slice(0, 40) || `${files.length} file(s)`}`);
    setSending(false);
    if (result.state === "refused") return toast({ title: "Error", description: result.reason || "Failed to send reply", tone: "error" });
    setText("");
    setFiles([]);
    if (result.state === "queued") toast({ title: "Message queued", description: "You're offline: it will be sent when you're back online.", tone: "info" });
  }

  return (
    <div className={styles.thread}>
      <div className={styles.messages} aria-live="polite" aria-label="Messages">
        {error && <p className="error-text">Failed to load messages</p>}
        {items === null && !error && <p className="muted">Loading...</p>}
        {items?.length === 0 && <p className="muted">No messages yet. Say hello!</p>}
        {items?.map((m) => (
          <article key={m.id} className={`${styles.message} ${m.sender_role === viewer ? styles.mine : ""}`} data-testid="message">
            <header>
              <strong>{senderLabel(m, viewer)}</strong> <time dateTime={m.created}>{new Date(m.created).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}</time>
            </header>
            {m.content && <p>{m.content}</p>}
            {m.attachments?.length > 0 && (
              <ul className={styles.attachments}>
                {m.attachments.map((file, i) => {
                  const meta = m.attachment_meta?.[i];
                  const url = fileUrl(m as unknown as { id: string; collectionId: string }, file, undefined, token);
                  const isImage = (meta?.type ?? "").startsWith("image/");
                  return (
                    <li key={file}>
                      <span aria-hidden="true">{isImage ? "🖼" : "📄"}</span>
                      <span className={styles.fileName}>{meta?.name ?? file}</span>
                      {meta && <span className="muted">{formatBytes(meta.size)}</span>}
                      {isImage && (
                        <a href={url} target="_blank" rel="noopener noreferrer">
                          View
                        </a>
                      )}
                      <a href={`${url}&download=1`} download={meta?.name ?? file}>
                        Download
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
          </article>
        ))}
        {queued.map((a) => (
          <article key={a.id} className={`${styles.message} ${styles.mine} ${styles.queued}`}>
            <header>
              <strong>{viewer === "admin" ? "You (Admin)" : "You"}</strong> <span className="muted">{a.status === "refused" ? `Not sent: ${a.error}` : "Waiting to send"}</span>
            </header>
            <p>{a.payload.content}</p>
          </article>
        ))}
        <div ref={end} />
      </div>
      <form className={styles.reply} onSubmit={send}>
        <label className="visually-hidden" htmlFor={`reply-${commissionId}`}>
          Your reply
        </label>
        <textarea id={`reply-${commissionId}`} value={text} onChange={(e) => setText(e.target.value)} placeholder="Write a reply…" rows={3} disabled={sending} />
        {files.length > 0 && (
          <ul className={styles.pending}>
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`}>
                {f.name} <span className="muted">{formatBytes(f.size)}</span>
                <button type="button" onClick={() => setFiles((all) => all.filter((_, j) => j !== i))} aria-label={`Remove ${f.name}`}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.replyActions}>
          <input ref={fileInput} type="file" multiple accept={ACCEPT} onChange={(e) => pick(e.target.files)} className="visually-hidden" id={`attach-${commissionId}`} />
          <label htmlFor={`attach-${commissionId}`} className={styles.attach}>
            Attach files
          </label>
          <Button type="submit" isDisabled={sending}>
            {sending ? "Sending..." : "Send"}
          </Button>
        </div>
      </form>
    </div>
  );
}
