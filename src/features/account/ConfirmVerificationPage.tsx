// /confirm-verification?token=… from the welcome letter: confirms the address on arrival.
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import { Button, LinkButton } from "../../ui/Button";
import { ClientResponseError } from "pocketbase";
import { pb } from "../../lib/pocketbase";
import { messageOf, reloadUser, useAuth } from "./authStore";
import { readLinkToken } from "./linkToken";
import styles from "./linkPages.module.css";

type State = { kind: "working" } | { kind: "done" } | { kind: "problem"; message: string } | { kind: "resent" };

export function ConfirmVerificationPage() {
  const link = readLinkToken(useLocation().search);
  const user = useAuth((s) => s.user);
  const [state, setState] = useState<State>(() =>
    !link ? { kind: "problem", message: "This link is incomplete. Please open it again from the letter." } : { kind: "working" },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!link || started.current) return;
    started.current = true;
    pb.collection("users")
      .confirmVerification(link.token)
      .then(async () => {
        setState({ kind: "done" });
        if (pb.authStore.isValid) await reloadUser();
      })
      .catch((err) =>
        setState({
          kind: "problem",
          message:
            link.expired || (err instanceof ClientResponseError && err.status === 400)
              ? "This link has expired or is not valid any more. Sign in and ask for a new one, or use the newest letter we sent."
              : messageOf(err),
        }),
      );
  }, [link]);

  async function resend() {
    try {
      await pb.collection("users").requestVerification(user!.email);
      setState({ kind: "resent" });
    } catch (err) {
      setState({ kind: "problem", message: messageOf(err) });
    }
  }

  return (
    <div className={`container ${styles.page}`}>
      <section className={styles.card} aria-labelledby="verify-title">
        <h1 id="verify-title">{state.kind === "done" ? "Your address is confirmed" : state.kind === "problem" ? "We could not confirm your address" : "Confirming your address"}</h1>
        {state.kind === "working" && <p role="status">One moment…</p>}
        {state.kind === "done" && (
          <>
            <p className={styles.done} role="status">
              Thank you. Letters about your orders and commissions will reach {link?.email ? <strong>{link.email}</strong> : "you"}.
            </p>
            <div className={styles.actions}>
              <LinkButton href="/gallery">Visit the gallery</LinkButton>
              {user && (
                <LinkButton variant="secondary" href="/customer/dashboard">
                  My commissions
                </LinkButton>
              )}
            </div>
          </>
        )}
        {state.kind === "problem" && (
          <>
            <p className={styles.problem} role="alert">
              {state.message}
            </p>
            {user && !user.verified && (
              <div className={styles.actions}>
                <Button variant="secondary" onPress={() => void resend()}>
                  Send a new link
                </Button>
              </div>
            )}
          </>
        )}
        {state.kind === "resent" && (
          <p className={styles.done} role="status">
            A new link is on its way to <strong>{user?.email}</strong>.
          </p>
        )}
      </section>
    </div>
  );
}
