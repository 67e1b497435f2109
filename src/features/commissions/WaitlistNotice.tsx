import { useState } from "react";
import { pb } from "../../lib/pocketbase";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { messageOf } from "../account";
import type { Commission } from "./types";
import styles from "./commissions.module.css";

/** A request on the waitlist: its standing, and the slot held for it once invited. */
export function WaitlistNotice({ c }: { c: Commission }) {
  const [busy, setBusy] = useState(false);
  if (c.waitlist === "waiting") return <p className="muted">On the waitlist: the studio writes to you as soon as a slot opens.</p>;
  if (c.waitlist === "lapsed") return <p className="muted">A slot was held for you and has passed to the next person waiting. Your request stays with the studio.</p>;
  if (c.waitlist !== "invited") return null;

  async function take() {
    setBusy(true);
    try {
      await pb.send(`/api/studio/commissions/${encodeURIComponent(c.id)}/take-slot`, { method: "POST" });
      toast({ title: "The slot is yours", description: "The studio will be in touch about your commission." });
    } catch (err) {
      toast({ title: "Could not take the slot", description: messageOf(err), tone: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.commissionHead} role="status">
      <span>
        <strong>A slot has opened for you.</strong> It is held since {new Date(c.invited_at.replace(" ", "T")).toLocaleString()}.
      </span>
      <Button onPress={() => void take()} isDisabled={busy}>
        Take my slot
      </Button>
    </div>
  );
}
