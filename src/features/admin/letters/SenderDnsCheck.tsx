import { useEffect, useState } from "react";
import { fetchSenderDns, type SenderDns } from "./letters";
import styles from "./letters.module.css";

/**
 * The sender domain's SPF, DKIM and DMARC records as the server finds them: without them Gmail and
 * Yahoo refuse or bin bulk mail, so the studio sees what is missing before the first campaign.
 */
export function SenderDnsCheck({ selector }: { selector: string }) {
  const [check, setCheck] = useState<SenderDns | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fetchSenderDns().then(
      (c) => live && (setCheck(c), setFailed(false)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [selector]);

  if (failed) return <p className="error-text">The sender domain could not be checked. Please try again.</p>;
  if (!check) return <p className="muted">Looking up the sender domain...</p>;
  const missing = check.missing ?? [];
  return (
    <div aria-live="polite">
      <p>
        {missing.length === 0
          ? `Letters from ${check.address} can be trusted by mail apps: SPF, DKIM and DMARC are in place.`
          : `Before the first campaign, ${check.domain || "the sender domain"} needs: ${missing.join(", ")}. Mail apps refuse or bin bulk letters without them.`}
      </p>
      <ul className={styles.dnsList}>
        {check.findings.map((f) => (
          <li key={f.name}>
            <strong>
              {f.name}: {f.ok ? "found" : "missing"}
            </strong>
            {f.ok ? <code className={styles.dnsRecord}>{f.record}</code> : <span> {f.advice}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
