import { useState } from "react";
import { pb } from "../../lib/pocketbase";
import type { Terms } from "./terms";
import type { Commission } from "./types";
import styles from "./commissions.module.css";

const fetchAcceptedTerms = (commissionId: string) => pb.send<Terms>(`/api/studio/commissions/${commissionId}/terms`, { method: "GET" });

/** "Terms version N accepted" above a commission's thread, the text fetched when opened. */
export function AcceptedTerms({ commission }: { commission: Commission }) {
  const [terms, setTerms] = useState<Terms | null>(null);
  const [problem, setProblem] = useState("");
  if (!commission.terms_version) return <p className={`muted ${styles.termsLine}`}>Sent with no terms to accept: the studio had written none yet.</p>;

  async function open() {
    if (terms) return;
    try {
      setTerms(await fetchAcceptedTerms(commission.id));
      setProblem("");
    } catch (err) {
      setProblem(err instanceof Error ? err.message : "The terms could not be loaded. Please try again.");
    }
  }

  return (
    <details className={styles.termsLine} onToggle={(e) => e.currentTarget.open && void open()} data-testid="accepted-terms">
      <summary>Terms version {commission.terms_version} accepted</summary>
      {problem && <p className="error-text">{problem}</p>}
      {!terms && !problem && <p className="muted">Loading...</p>}
      {terms && (
        <div className={styles.termsText} tabIndex={0} role="region" aria-label={`The terms accepted, version ${terms.version}`}>
          {terms.text}
        </div>
      )}
    </details>
  );
}
