import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { useAuth } from "./authStore";
import styles from "./account.module.css";

const AuthDialog = lazy(() => import("./AuthDialog"));

type Label = "signIn" | "account" | "studio";

/**
 * The button's three labels share one grid cell and only the current one is visible, so the button
 * is as wide as the longest whatever the visitor's state: the page the server sends (always signed
 * out) and the app's first render for a signed-in customer put the cart and the menu in the same place.
 */
function Labels({ current }: { current: Label }) {
  const label = (which: Label) => (which === current ? styles.label : styles.spare);
  return (
    <span className={styles.labels}>
      <span className={label("signIn")} aria-hidden={current !== "signIn" || undefined}>
        Sign in
      </span>
      <span className={label("account")} aria-hidden={current !== "account" || undefined}>
        <span className={styles.wideOnly}>My&nbsp;account</span>
        <span className={styles.narrowOnly}>Account</span>
      </span>
      <span className={label("studio")} aria-hidden={current !== "studio" || undefined}>
        Studio
      </span>
    </span>
  );
}

/** The navbar's way in: Sign in for visitors, My account for customers. */
export function AccountButton() {
  const user = useAuth((s) => s.user);
  const [open, setOpen] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  // Signing in here replaces the Sign in button, which had focus before the dialog, with the
  // account link: focus goes to the link (a frame later, after the closing dialog has tried to
  // give it back to the button that is gone) instead of falling to the page's body.
  const signingInHere = useRef(false);
  useEffect(() => {
    if (!user || !signingInHere.current) return;
    // The user may be read again right after signing in: the last reading's frame does it.
    const frame = requestAnimationFrame(() => {
      signingInHere.current = false;
      link.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [user]);
  const openChange = (next: boolean) => {
    if (next) signingInHere.current = true;
    else if (!useAuth.getState().user) signingInHere.current = false;
    setOpen(next);
  };
  if (user) {
    return (
      <Link ref={link} to={user.is_admin ? "/admin" : "/customer/dashboard"} className={styles.accountLink}>
        <Labels current={user.is_admin ? "studio" : "account"} />
      </Link>
    );
  }
  return (
    <>
      <button type="button" className={styles.accountLink} onClick={() => openChange(true)}>
        <Labels current="signIn" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <AuthDialog isOpen={open} onOpenChange={openChange} />
        </Suspense>
      )}
    </>
  );
}
