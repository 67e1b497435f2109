import { useState } from "react";
import { Button } from "../../../ui/Button";
import { toast } from "../../../ui/toast";
import { formatCount } from "../../../lib/money";
import { refusal, schedule, type Campaign, type ListCounts } from "./letters";
import adminStyles from "../admin.module.css";

/** Now, or at a time: the server checks again (postal address, anyone confirmed) before it takes it. */
export function SendDialog({ campaign, lists, onDone }: { campaign: Campaign; lists: ListCounts[]; onDone: () => void }) {
  const [at, setAt] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const chosen = lists.filter((l) => campaign.lists.includes(l.id));
  const most = chosen.reduce((sum, l) => sum + l.confirmed, 0);

  async function send(when: string | null) {
    setBusy(true);
    setError("");
    try {
      await schedule(campaign.id, when);
      toast({ title: when ? `Scheduled: ${campaign.subject}` : `Sending: ${campaign.subject}` });
      onDone();
    } catch (err) {
      setError(refusal(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={adminStyles.form}>
      <p>
        To the confirmed members of {chosen.map((l) => l.name).join(", ")}: at most {formatCount(most)} {most === 1 ? "letter" : "letters"}, one per address,
        however many of these lists it is on.
      </p>
      <div className={adminStyles.listEditor}>
        <label className={adminStyles.fieldLabel} htmlFor="letter-send-at">
          Send at (optional)
        </label>
        <input id="letter-send-at" type="datetime-local" className={adminStyles.textInput} value={at} onChange={(e) => setAt(e.target.value)} />
      </div>
      {error && (
        <p className={adminStyles.error} role="alert">
          {error}
        </p>
      )}
      <div className={adminStyles.formActions}>
        {at ? (
          <Button variant="accent" isDisabled={busy} onPress={() => void send(new Date(at).toISOString())}>
            Schedule
          </Button>
        ) : (
          <Button variant="accent" isDisabled={busy} onPress={() => void send(null)}>
            Send now
          </Button>
        )}
      </div>
    </div>
  );
}
