import { useState } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { TextField } from "../../ui/form";
import { toast } from "../../ui/toast";
import { pb } from "../../lib/pocketbase";
import type { CommissionFile, Revision } from "./types";
import styles from "./commissions.module.css";

const requestRevision = (proofId: string, note: string) => pb.send<{ revision: Revision; repeated: boolean }>(`/api/studio/commission-files/${proofId}/revision`, { method: "POST", body: { note } });

/** A proof's "Request a revision", with a note for the studio; once asked, what was asked. */
export function RevisionRequest({ proof, revision }: { proof: CommissionFile; revision?: Revision }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  if (revision) return <span className={styles.revisionNote}>Revision {revision.number} requested</span>;

  async function send() {
    setSending(true);
    try {
      const { revision: r } = await requestRevision(proof.id, note);
      toast({ title: "Revision requested", description: r.included ? `Revision ${r.number} of ${r.included}: the studio has it in the thread.` : `Revision ${r.number}: the studio has it in the thread.` });
      setOpen(false);
      setNote("");
    } catch (err) {
      toast({ title: "The revision was not requested", description: err instanceof Error ? err.message : "Please try again.", tone: "error" });
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Button size="small" variant="secondary" onPress={() => setOpen(true)}>
        Request a revision
      </Button>
      <Dialog
        isOpen={open}
        onOpenChange={setOpen}
        title="Request a revision"
        width={520}
        footer={
          <Button onPress={send} isDisabled={sending}>
            {sending ? "Sending..." : "Send the request"}
          </Button>
        }
      >
        <p className="muted">On {proof.file_name}. The studio sees it in the thread, counted against the revisions your quote includes.</p>
        <TextField label="What should change? (optional)" multiline value={note} onChange={setNote} />
      </Dialog>
    </>
  );
}
