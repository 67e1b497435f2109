// /confirm-verification?token=… from the welcome letter: confirms the address on arrival.
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import { Button, LinkButton } from "../../ui/Button";
import { ClientResponseError } from "pocketbase";
import { pb } from "../../lib/pocketbase";
import { messageOf, reloadUser, useAuth } from "./authStore";
import { readLinkToken } from "./linkToken";
import { LinkPage } from "./LinkPage";

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

  switch (state.kind) {
    case "working":
      return <LinkPage title="Confirming your address" status="One moment…" pending />;
    case "done":
      return (
        <LinkPage
          title="Your address is confirmed"
          status={<>Thank you. Letters about your orders and commissions will reach {link?.email ? <strong>{link.email}</strong> : "you"}.</>}
          actions={
            <>
              <LinkButton href="/gallery">Visit the gallery</LinkButton>
              {user && (
                <LinkButton variant="secondary" href="/customer/dashboard">
                  My commissions
                </LinkButton>
              )}
            </>
          }
        />
      );
    case "problem":
      return (
        <LinkPage
          title="We could not confirm your address"
          problem={state.message}
          actions={
            user &&
            !user.verified && (
              <Button variant="secondary" onPress={() => void resend()}>
                Send a new link
              </Button>
            )
          }
        />
      );
    case "resent":
      return <LinkPage title="Confirming your address" status={<>A new link is on its way to <strong>{user?.email}</strong>.</>} />;
  }
}
