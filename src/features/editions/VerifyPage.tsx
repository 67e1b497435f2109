import { useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import { servedFill } from "../../ui/served-page";
import styles from "./editions.module.css";

// The ledger page is written by the server alone (pocketbase/internal/editions/verify.go), which
// checks the edition's chain of digests: the app shows what the server sent for this address, as
// the page arrived or, after a move inside the app, as the server sends it now.
const FILL = "[data-server-fill]";

/** /verify/<edition>/<n>: whether a number of an edition was issued, from its public ledger. */
export function VerifyPage() {
  const { pathname } = useLocation();
  const [html, setHtml] = useState<{ path: string; body: string } | null>(() => {
    const body = servedFill(styles.ledger);
    return body ? { path: pathname, body } : null;
  });
  const [failed, setFailed] = useState(false);
  const current = html?.path === pathname ? html.body : null;

  useEffect(() => {
    if (current !== null) return;
    let live = true;
    fetch(pathname, { headers: { Accept: "text/html" } })
      .then((r) => r.text())
      .then((text) => {
        const box = new DOMParser().parseFromString(text, "text/html").querySelector(FILL);
        if (live) setHtml({ path: pathname, body: box?.innerHTML ?? "" });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [pathname, current]);

  return (
    <div className="container section">
      <div className={styles.ledger} data-server-fill="true" aria-live="polite" aria-busy={current === null && !failed} dangerouslySetInnerHTML={{ __html: current ?? "" }} />
      {failed && <p role="alert">The ledger could not be reached. Please check your connection and try again.</p>}
    </div>
  );
}
