import { useCallback, useEffect, useState } from "react";
import { Badge, type BadgeTone } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { toast } from "../../../ui/toast";
import { formatCents, formatCount } from "../../../lib/money";
import { AdminTable } from "../parts";
import { shortDate } from "../discounts/codes";
import { CampaignForm } from "./CampaignForm";
import { SenderDnsCheck } from "./SenderDnsCheck";
import { LetterSettingsForm } from "./LetterSettingsForm";
import { LetterPreview } from "./LetterPreview";
import { SendDialog } from "./SendDialog";
import { cancelAnnouncement, doneCount, fetchOverview, pause, refusal, removeDraft, resume, sendTest, STATE_LABEL, type Campaign, type Overview } from "./letters";
import adminStyles from "../admin.module.css";
import styles from "./letters.module.css";

const TONE: Record<Campaign["state"], BadgeTone> = { draft: "neutral", scheduled: "lavender", sending: "sea", paused: "lantern", sent: "moss" };
// While a campaign is on its way the figures are read again this often: live progress.
const LIVE_EVERY_MS = 2000;

/** The studio's letters: who is on each list, the settings every letter needs, and campaigns. */
export default function LettersTab() {
  const [overview, setOverview] = useState<Overview | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<Campaign | "new" | null>(null);
  const [previewing, setPreviewing] = useState<Campaign | null>(null);
  const [sending, setSending] = useState<Campaign | null>(null);

  const load = useCallback(() => {
    fetchOverview().then(
      (o) => {
        setOverview(o);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, []);
  useEffect(load, [load]);
  const live = overview?.campaigns.some((c) => c.state === "sending" || c.state === "scheduled");
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(load, LIVE_EVERY_MS);
    return () => clearInterval(timer);
  }, [live, load]);

  async function act(what: () => Promise<unknown>, done: string, failedTitle: string) {
    try {
      await what();
      toast({ title: done });
      load();
    } catch (err) {
      toast({ title: failedTitle, description: refusal(err), tone: "error" });
    }
  }

  if (failed && !overview) return <p className="error-text">Failed to load the letters</p>;
  if (!overview) return <p className="muted">Loading...</p>;
  return (
    <div className={adminStyles.manager}>
      <section aria-labelledby="letters-lists" className={styles.section}>
        <h2 id="letters-lists">Lists</h2>
        <AdminTable headers={["List", "Confirmed", "Waiting to confirm", "Unsubscribed", "Suppressed", "Paused (bouncing)"]}>
          {overview.lists.map((l) => (
            <tr key={l.id}>
              <th scope="row">{l.name}</th>
              <td>{formatCount(l.confirmed)}</td>
              <td>{formatCount(l.pending)}</td>
              <td>{formatCount(l.unsubscribed)}</td>
              <td>{formatCount(l.suppressed)}</td>
              <td>{formatCount(l.paused)}</td>
            </tr>
          ))}
        </AdminTable>
      </section>

      <section aria-labelledby="letters-sender" className={styles.section}>
        <h2 id="letters-sender">Sender domain</h2>
        <SenderDnsCheck selector={overview.settings.dkim_selector} />
      </section>

      <section aria-labelledby="letters-campaigns" className={styles.section}>
        <div className={styles.heading}>
          <h2 id="letters-campaigns">Campaigns</h2>
          <Button variant="accent" onPress={() => setEditing("new")}>
            New letter
          </Button>
        </div>
        {overview.campaigns.length === 0 ? (
          <p className="empty-state">No letters yet. Only members who confirmed their address receive them.</p>
        ) : (
          <ul className={styles.campaigns}>
            {overview.campaigns.map((c) => (
              <CampaignRow
                key={c.id}
                c={c}
                listNames={overview.lists}
                onEdit={() => setEditing(c)}
                onPreview={() => setPreviewing(c)}
                onSend={() => setSending(c)}
                onTest={() => void act(() => sendTest(c.id), "Test letter sent to the studio", "The test was not sent")}
                onPause={() => void act(() => pause(c.id), `Paused: ${c.subject}`, "Not paused")}
                onResume={() => void act(() => resume(c.id), `Resumed: ${c.subject}`, "Not resumed")}
                onDelete={() => void act(() => removeDraft(c.id), "Draft deleted", "The draft was not deleted")}
                onCancel={() => void act(() => cancelAnnouncement(c.id), `Canceled: ${c.subject}`, "Not canceled")}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="letters-settings" className={styles.section}>
        <h2 id="letters-settings">Settings</h2>
        <LetterSettingsForm settings={overview.settings} onSaved={load} />
      </section>

      <Dialog isOpen={editing !== null} onOpenChange={(open) => !open && setEditing(null)} title={editing === "new" ? "New letter" : "Edit letter"} width={720}>
        {editing !== null && (
          <CampaignForm
            campaign={editing === "new" ? null : editing}
            onSaved={(saved) => {
              setEditing(null);
              load();
              setPreviewing(saved);
            }}
          />
        )}
      </Dialog>
      <Dialog isOpen={!!previewing} onOpenChange={(open) => !open && setPreviewing(null)} title={previewing ? `Preview: ${previewing.subject}` : ""} width={460}>
        {previewing && <LetterPreview campaign={previewing} />}
      </Dialog>
      <Dialog isOpen={!!sending} onOpenChange={(open) => !open && setSending(null)} title={sending ? `Send "${sending.subject}"` : ""} width={520}>
        {sending && (
          <SendDialog
            campaign={sending}
            lists={overview.lists}
            onDone={() => {
              setSending(null);
              load();
            }}
          />
        )}
      </Dialog>
    </div>
  );
}

interface RowProps {
  c: Campaign;
  listNames: Overview["lists"];
  onEdit: () => void;
  onPreview: () => void;
  onSend: () => void;
  onTest: () => void;
  onPause: () => void;
  onResume: () => void;
  onDelete: () => void;
  onCancel: () => void;
}

function CampaignRow({ c, listNames, onEdit, onPreview, onSend, onTest, onPause, onResume, onDelete, onCancel }: RowProps) {
  const done = doneCount(c);
  const named = c.lists.map((id) => listNames.find((l) => l.id === id)?.name ?? id).join(", ");
  const lists = c.kind === "wish" ? "To those who asked to hear it is back" : c.kind === "announcement" ? `The day's new work, to ${named}` : named;
  const cancelable = c.kind === "announcement" && !c.started_at && (c.state === "scheduled" || c.state === "paused");
  const when =
    c.state === "scheduled" && c.send_at ? `Sends ${shortDate(c.send_at)}` : c.finished_at ? `Sent ${shortDate(c.finished_at)}` : c.started_at ? `Started ${shortDate(c.started_at)}` : `Written ${shortDate(c.created)}`;
  return (
    <li className={styles.campaign}>
      <div className={styles.campaignHead}>
        <h3>{c.subject}</h3>
        <Badge tone={TONE[c.state]}>{STATE_LABEL[c.state]}</Badge>
      </div>
      <p className="muted">
        {lists} · {when}
      </p>
      {c.state !== "draft" && c.state !== "scheduled" && (
        <div className={styles.progress}>
          <progress max={Math.max(c.recipients, 1)} value={done} aria-label={`Letters of ${c.subject} sent`} />
          <p aria-live="polite">
            {formatCount(c.progress.sent)} sent of {formatCount(c.recipients)}
            {c.progress.refused > 0 && `, ${formatCount(c.progress.refused)} refused`}
            {c.progress.skipped > 0 && `, ${formatCount(c.progress.skipped)} left the list first`}
            {c.progress.failed + c.progress.interrupted > 0 && `, ${formatCount(c.progress.failed + c.progress.interrupted)} not sent`}
          </p>
          <p className="muted">
            {formatCount(c.clicked)} {c.clicked === 1 ? "reader" : "readers"} followed a link · {formatCount(c.unsubscribed)} unsubscribed · {formatCount(c.bounced)} bounced ·{" "}
            {formatCount(c.complaints)} {c.complaints === 1 ? "complaint" : "complaints"}
          </p>
          <p className="muted">
            {formatCount(c.orders)} {c.orders === 1 ? "order" : "orders"} paid within 7 days of a click, {formatCents(c.revenue_cents)}
          </p>
        </div>
      )}
      <div className={adminStyles.actions}>
        {c.state === "draft" && (
          <>
            <Button size="small" variant="secondary" onPress={onEdit} aria-label={`Edit ${c.subject}`}>
              Edit
            </Button>
            <Button size="small" variant="secondary" onPress={onTest} aria-label={`Send a test of ${c.subject} to the studio`}>
              Send test
            </Button>
            <Button size="small" variant="accent" onPress={onSend} aria-label={`Send ${c.subject}`}>
              Send…
            </Button>
          </>
        )}
        <Button size="small" variant="ghost" onPress={onPreview} aria-label={`Preview ${c.subject}`}>
          Preview
        </Button>
        {(c.state === "sending" || c.state === "scheduled") && (
          <Button size="small" variant="secondary" onPress={onPause} aria-label={`Pause ${c.subject}`}>
            Pause
          </Button>
        )}
        {c.state === "paused" && (
          <Button size="small" variant="accent" onPress={onResume} aria-label={`Resume ${c.subject}`}>
            Resume
          </Button>
        )}
        {c.state === "draft" && (
          <Button size="small" variant="danger" onPress={onDelete} aria-label={`Delete ${c.subject}`}>
            Delete
          </Button>
        )}
        {cancelable && (
          <Button size="small" variant="danger" onPress={onCancel} aria-label={`Cancel ${c.subject}`}>
            Cancel announcement
          </Button>
        )}
      </div>
    </li>
  );
}
