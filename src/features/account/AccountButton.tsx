import { lazy, Suspense, useState } from "react";
import { Link } from "react-router-dom";
import { useAuth } from "./authStore";
import styles from "./account.module.css";

const AuthDialog = lazy(() => import("./AuthDialog"));

/** The navbar's way in: Sign in for visitors, My account for customers. */
export function AccountButton() {
  const user = useAuth((s) => s.user);
  const [open, setOpen] = useState(false);
  if (user) {
    return (
      <Link to={user.is_admin ? "/admin" : "/customer/dashboard"} className={styles.accountLink}>
        {user.is_admin ? "Studio" : <>My<span className={styles.wideOnly}>&nbsp;account</span></>}
      </Link>
    );
  }
  return (
    <>
      <button type="button" className={styles.accountLink} onClick={() => setOpen(true)}>
        Sign in
      </button>
      {open && (
        <Suspense fallback={null}>
          <AuthDialog isOpen={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
