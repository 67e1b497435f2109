import { useEffect, useLayoutEffect, useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { ACCEPT, fileProblem, formatBytes } from "../../ui/form";
import { fileUrl } from "../../lib/files";
import { pb } from "../../lib/pocketbase";
import { submitAction, useOutbox, type OutboxAction } from "../../lib/outbox";
import { useFileToken } from "./fileTokens";
import { useLiveList } from "../../lib/useLiveList";
import { useOnline } from "../../lib/pwa";
import { useSendProgress } from "./sendProgress";
import { usePageVisible } from "./usePageVisible";
import { PayButton } from "./PayButton";
import type { Quote } from "./money";
import { AcceptedTerms } from "./AcceptedTerms";
import type { Commission, CommissionMessage, MessageDraft } from "./types";
import styles from "./commissions.module.css";

export type Viewer = "admin" | "customer";

/** Messages drawn at first; earlier ones are added a page at a time, keeping what is on screen in place. */
const PAGE = 40;
/** Within this many pixels of the bottom, the thread follows new messages. */
const NEAR_BOTTOM = 120;

// Cards are posted by the server; their text is in the message, the label says what they are.
const CARD_LABEL = { quote: "Quote", receipt: "Receipt", refund: "Refund", decline: "Quote declined", mismatch: "Payment to check", revision: "Revision" } as const;

/** "Revision 2 of 3", counted by the server when it was asked for. */
function cardLabel(card: NonNullable<CommissionMessage["card"]>) {
  if (card.type !== "revision") return CARD_LABEL[card.type];
  const n = card.number ?? 0;
  const k = card.included ?? 0;
  if (n <= k) return `Revision ${n} of ${k}`;
  return k ? `Revision ${n}, past the ${k} included` : `Revision ${n}, none included`;
}

function senderLabel(m: CommissionMessage, viewer: Viewer) {
  if (m.sender_role === viewer) return viewer === "admin" ? "You (Admin)" : "You";
  return m.sender_role === "admin" ? "Lanternwood Studio" : m.sender_name || "Customer";
}

/** The live conversation about one commission, the same on both sides. */
export function CommissionThread({ commissionId, viewer }: { commissionId: string; viewer: Viewer }) {
  const { items, error, catchUp } = useLiveList<CommissionMessage>("commission_messages", pb.filter("commission = {:id}", { id: commissionId }), "created");
  const quotes = useLiveList<Quote>("commission_quotes", pb.filter("commission = {:id}", { id: commissionId }), "-created").items;
  const commission = useLiveList<Commission>("commissions", pb.filter("id = {:id}", { id: commissionId }), "created").items?.[0];
  const token = useFileToken();
  const visible = usePageVisible();
  const online = useOnline();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const fileInput = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const fromBottom = useRef<number | null>(null);
  const outbox = useOutbox<MessageDraft>("commission-message");
  const sentIds = new Set(items?.map((m) => m.id));
  // An action's id is its record's id: once the record is here, the bubble from the outbox goes.
  const queued = outbox.items.filter((a) => a.payload.commission === commissionId && !sentIds.has(a.id));
  const drawn = items?.slice(-shown) ?? [];
  const queuedKey = queued.map((a) => a.id).join();
  const lastQueued = useRef<string[]>([]);
  const hidden = (items?.length ?? 0) - drawn.length;
  const newestId = drawn.at(-1)?.id;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (fromBottom.current !== null) {
      // Earlier messages were added above: keep the ones being read where they were.
      el.scrollTop = el.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [drawn.length, newestId, queued.length]);

  // A message of ours left the outbox but its record has not come in yet (after a reconnect the
  // realtime stream may still be reopening): catch up by cursor rather than wait for the event.
  useEffect(() => {
    const now = queuedKey ? queuedKey.split(",") : [];
    const delivered = lastQueued.current.filter((id) => !now.includes(id));
    lastQueued.current = now;
    if (delivered.some((id) => !items?.some((m) => m.id === id))) void catchUp();
  }, [queuedKey, items, catchUp]);

  // What the other side sent is read once it is on screen here (not while the app is in the background).
  useEffect(() => {
    if (!visible) return;
    for (const m of items ?? []) {
      if (!m.is_read && m.sender_role !== viewer) void pb.collection("commission_messages").update(m.id, { is_read: true }).catch(() => undefined);
    }
  }, [items, viewer, visible]);

  function showEarlier() {
    const el = scroller.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    setShown((n) => n + PAGE);
  }

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM;
    if (el.scrollTop < 40 && hidden > 0 && fromBottom.current === null) showEarlier();
  }

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

  async function send(e?: FormEvent) {
    e?.preventDefault();
    if (!pb.authStore.isValid) return toast({ title: "Authentication required", description: "Please sign in to send a message.", tone: "error" });
    const content = text.trim();
    const attached = files;
    if (!content && attached.length === 0) return toast({ title: "Nothing to send", description: "Write a message or attach at least one file.", tone: "error" });
    // Like a messaging app: the box empties at once and the message shows as sending below the others.
    setText("");
    setFiles([]);
    atBottom.current = true;
    const result = await submitAction<MessageDraft>("commission-message", { commission: commissionId, content, files: attached }, `Message: ${content.slice(0, 40) || `${attached.length} file(s)`}`);
    if (result.state === "refused") {
      setText((now) => now || content);
      setFiles((now) => (now.length ? now : attached));
      toast({ title: "Error", description: result.reason || "Failed to send reply", tone: "error" });
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter starts a new line; an input method composing text keeps its Enter.
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void send();
  }

  function edit(a: OutboxAction<MessageDraft>) {
    setText(a.payload.content);
    setFiles(a.payload.files);
    void outbox.cancel(a.id);
  }

  const dropProps = {
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes("Files")) return;
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: (e: DragEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (e: DragEvent) => {
      if (!e.dataTransfer.files.length) return;
      e.preventDefault();
      setDragging(false);
      pick(e.dataTransfer.files);
    },
  };

  return (
    <div className={`${styles.thread} ${dragging ? styles.dragging : ""}`} {...dropProps}>
      {commission && <AcceptedTerms commission={commission} />}
      <div ref={scroller} className={styles.messages} onScroll={onScroll} aria-live="polite" aria-label="Messages" tabIndex={0}>
        {error && <p className="error-text">Failed to load messages</p>}
        {items === null && !error && <p className="muted">Loading...</p>}
        {items?.length === 0 && queued.length === 0 && <p className="muted">No messages yet. Say hello!</p>}
        {hidden > 0 && (
          <Button variant="ghost" size="small" className={styles.earlier} onPress={showEarlier}>
            Show earlier messages ({hidden})
          </Button>
        )}
        {drawn.map((m) => (
          <article key={m.id} className={`${styles.message} ${m.sender_role === viewer ? styles.mine : ""} ${m.card ? styles.card : ""}`} data-testid="message">
            <header>
              <strong>{senderLabel(m, viewer)}</strong> <time dateTime={m.created}>{new Date(m.created).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}</time>
            </header>
            {m.card && <span className={styles.cardLabel}>{cardLabel(m.card)}</span>}
            {m.content && <p>{m.content}</p>}
            {viewer === "admin" && m.card?.type === "revision" && (m.card.number ?? 0) > (m.card.included ?? 0) && (
              <p className={styles.revisionNote}>Past the revisions the quote includes: you can price it as an addition under Payments.</p>
            )}
            {viewer === "customer" && <CardPayment card={m.card} quotes={quotes} />}
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
          <QueuedMessage key={a.id} action={a} viewer={viewer} onEdit={() => edit(a)} onDiscard={() => void outbox.cancel(a.id)} />
        ))}
      </div>
      <form className={styles.reply} onSubmit={send}>
        {!online && (
          <p className={`muted ${styles.offline}`} role="status">
            You're offline: replies wait here and are sent when the connection returns.
          </p>
        )}
        <label className="visually-hidden" htmlFor={`reply-${commissionId}`}>
          Your reply
        </label>
        <textarea
          id={`reply-${commissionId}`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Write a reply… (Enter sends, Shift+Enter for a new line)"
          rows={2}
          enterKeyHint="send"
        />
        {files.length > 0 && (
          <ul className={styles.pending} aria-label="Files to send">
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
          <span className={`muted ${styles.dropHint}`}>{dragging ? "Drop to attach" : "or drop files here"}</span>
          <Button type="submit">Send</Button>
        </div>
      </form>
    </div>
  );
}

/** Under a quote card, the customer's next payment on that quote, while one is due. */
function CardPayment({ card, quotes }: { card: CommissionMessage["card"]; quotes: Quote[] | null }) {
  const quote = card?.type === "quote" ? quotes?.find((q) => q.id === card.quote) : undefined;
  return quote ? <PayButton quote={quote} size="small" /> : null;
}

/** A message still in the outbox: waiting, going out (with each file's progress), or refused (to edit or discard). */
function QueuedMessage({ action: a, viewer, onEdit, onDiscard }: { action: OutboxAction<MessageDraft>; viewer: Viewer; onEdit: () => void; onDiscard: () => void }) {
  const progress = useSendProgress(a.id);
  const refused = a.status === "refused";
  return (
    <article className={`${styles.message} ${styles.mine} ${styles.queued}`} data-testid="queued-message">
      <header>
        <strong>{viewer === "admin" ? "You (Admin)" : "You"}</strong>{" "}
        <span className={refused ? "error-text" : "muted"}>{refused ? `Not sent: ${a.error}` : a.status === "sending" ? "Sending…" : "Waiting to send"}</span>
      </header>
      {a.payload.content && <p>{a.payload.content}</p>}
      {a.payload.files.length > 0 && (
        <ul className={styles.attachments}>
          {a.payload.files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <span className={styles.fileName}>{f.name}</span> <span className="muted">{formatBytes(f.size)}</span>
              {progress && <progress max={100} value={progress[i] ?? 0} aria-label={`Sending ${f.name}`} />}
            </li>
          ))}
        </ul>
      )}
      {refused && (
        <div className={styles.queuedActions}>
          <Button size="small" variant="secondary" onPress={onEdit}>
            Edit
          </Button>
          <Button size="small" variant="ghost" onPress={onDiscard}>
            Discard
          </Button>
        </div>
      )}
    </article>
  );
}
