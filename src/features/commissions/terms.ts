// The studio's commission terms as the browser sees them: the current version (kept on this
// device, so the form can show what was last read when the signal is gone), and a commission's
// accepted version. The server checks the version and digest a request names (decision 025).
import { useCallback, useEffect, useState } from "react";
import { pb } from "../../lib/pocketbase";
import { inNextTask } from "../../lib/idle";

export interface Terms {
  /** 0: the studio has written no terms, and a request accepts none. */
  version: number;
  text: string;
  digest: string;
  created: string;
}

const KEPT = "commission_terms";

function keptTerms(): Terms | null {
  try {
    const t = JSON.parse(localStorage.getItem(KEPT) ?? "null") as Terms | null;
    return t && typeof t.version === "number" ? t : null;
  } catch {
    return null;
  }
}

export const fetchCurrentTerms = () => pb.send<Terms>("/api/studio/commission-terms", { method: "GET" });

/** The current terms: null while unknown (never read on this device and the server not reached). */
export function useCurrentTerms() {
  const [terms, setTerms] = useState<Terms | null>(keptTerms);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(async () => {
    try {
      const fresh = await fetchCurrentTerms();
      localStorage.setItem(KEPT, JSON.stringify(fresh));
      setTerms(fresh);
      setFailed(false);
      return fresh;
    } catch {
      setFailed(true);
      return null;
    }
  }, []);
  // Asked at once (a signal lost a moment later must not leave the form without them), in a task
  // of its own rather than the one that takes the page over.
  useEffect(() => inNextTask(() => void reload()), [reload]);
  return { terms, failed, reload };
}
