import type { BackgroundOutcome } from "../../lib/outbox";
import { toast } from "../toast";

/** "1 saved request", "2 saved requests": the words the connection line and its toasts count in. */
export function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Says, in the one toast, how saved requests ended when no form was open for them: the connection
 * line only ever said "Sending…", and then vanished (sent) or grew a list outside its live region
 * (refused), so a screen reader heard neither.
 */
export function sayBackgroundOutcomes(outcomes: BackgroundOutcome[]) {
  const sent = outcomes.filter((o) => o.state === "sent");
  const refused = outcomes.length - sent.length;
  const sentTitle = sent.length === 1 ? "Saved request sent" : `${plural(sent.length, "saved request", "saved requests")} sent`;
  if (refused === 0) {
    const summaries = sent.map((o) => o.summary).filter(Boolean);
    toast({ title: sentTitle, description: summaries.length > 0 ? summaries.join("; ") : undefined });
    return;
  }
  toast({
    tone: "error",
    title: refused === 1 ? "A saved request was not sent" : `${refused} saved requests were not sent`,
    description: `${sent.length > 0 ? `${sentTitle}. ` : ""}The reason is under “Not sent” at the foot of the screen.`,
  });
}
