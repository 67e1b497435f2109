import { useCallback, useEffect, useState } from "react";
import { PAINTING_WORLDS } from "../../../lib/catalog";
import { pb } from "../../../lib/pocketbase";
import { Button } from "../../../ui/Button";
import { toast } from "../../../ui/toast";
import { useFocusOnMount } from "../../../ui/useFocusOnMount";
import { refusal } from "../letters/letters";
import type { FieldSpec } from "../formValues";
import { WaitingList } from "./WaitingList";
import styles from "../admin.module.css";

type AnnouncedKind = "painting" | "book" | "mural" | "character";

/** The story world a painting, book or mural belongs to: its list hears of it, and of new originals. */
export const WORLD_FIELD: FieldSpec = {
  name: "world",
  label: "Story world",
  kind: "select",
  options: [{ value: "", label: "None (announced in Studio news)" }, ...Object.entries(PAINTING_WORLDS).map(([value, name]) => ({ value, label: name.replace(/^the /, "") }))],
  help: "New work is announced to its world's list. Who asked to hear of new originals from this world hears when an original of it is for sale.",
};

interface Status {
  list: string;
  list_name: string;
  send_at: string;
  announced: boolean;
  campaign: string | null;
}

const hour = (at: string) => new Date(at.replace(" ", "T")).toLocaleString(undefined, { weekday: "long", hour: "numeric", minute: "2-digit" });

/** "Announce to <its world>": the piece joins the day's one letter to that list, which the Letters tab shows and can cancel. */
function Announce({ kind, id }: { kind: AnnouncedKind; id: string }) {
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  const [justNow, setJustNow] = useState(false);
  const load = useCallback(() => {
    pb.send<Status>(`/api/studio/announcements/${kind}/${id}`, { requestKey: null }).then(setStatus, () => setStatus(null));
  }, [kind, id]);
  useEffect(load, [load]);
  if (!status) return null;

  async function announce() {
    setBusy(true);
    try {
      setStatus(await pb.send<Status>("/api/studio/announcements", { method: "POST", body: { kind, id }, requestKey: null }));
      setJustNow(true);
      toast({ title: `Announced to ${status!.list_name}`, description: `It goes in the letter of ${hour(status!.send_at)}.` });
    } catch (err) {
      toast({ title: "Not announced", description: refusal(err), tone: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.announce} role="group" aria-label="Announce">
      {status.announced ? (
        <Announced status={status} justNow={justNow} />
      ) : (
        <>
          <p className="muted">The day&apos;s new work goes to each list as one letter, {hour(status.send_at)}.</p>
          <Button size="small" variant="secondary" onPress={() => void announce()} isDisabled={busy}>
            Announce to {status.list_name}
          </Button>
        </>
      )}
    </div>
  );
}

/** Said where the Announce button was, and given its focus, so the keyboard stays in the editor. */
function Announced({ status, justNow }: { status: Status; justNow: boolean }) {
  const said = useFocusOnMount<HTMLParagraphElement>();
  return (
    <p ref={justNow ? said : undefined} tabIndex={-1} role="status">
      In the letter to {status.list_name} of {hour(status.send_at)}. See or cancel it in the Letters tab.
    </p>
  );
}

/** What an item's editor shows of its letters: announcing it, and who waits to hear it is back. */
export function PieceLetters({ kind, id }: { kind: AnnouncedKind | "merchandise"; id: string }) {
  return (
    <>
      {kind !== "merchandise" && <Announce kind={kind} id={id} />}
      {kind !== "mural" && kind !== "character" && <WaitingList kind={kind} id={id} />}
    </>
  );
}
