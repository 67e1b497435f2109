// /confirm-email-change?token=… from the letter sent to the new address: the password confirms
// the move, then the person signs in with the new address (the old session ends with the change).
import { useState } from "react";
import { useLocation } from "react-router-dom";
import { z } from "zod";
import { ClientResponseError } from "pocketbase";
import { Button } from "../../ui/Button";
import { TextField, useForm } from "../../ui/form";
import { pb } from "../../lib/pocketbase";
import AuthDialog from "./AuthDialog";
import { messageOf, signOut } from "./authStore";
import { readLinkToken } from "./linkToken";
import { LinkPage } from "./LinkPage";

const schema = z.object({ password: z.string().min(1, "Please enter your password.") });

export function ConfirmEmailChangePage() {
  const link = readLinkToken(useLocation().search);
  const form = useForm(schema, { password: "" });
  const [done, setDone] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [problem, setProblem] = useState(
    !link ? "This link is incomplete. Please open it again from the letter." : link.expired ? "This link has expired. Please ask for the change again; your account keeps its current address until then." : "",
  );

  async function save() {
    setProblem("");
    await form.submit(async ({ password }) => {
      try {
        await pb.collection("users").confirmEmailChange(link!.token, password);
        signOut();
        setDone(true);
      } catch (err) {
        const data = err instanceof ClientResponseError ? (err.response?.data ?? {}) : {};
        setProblem(data.password ? "That password is not right. Please try again." : data.token ? "This link has expired or was already used. Please ask for the change again." : messageOf(err));
      }
    });
  }

  const dialogView = signingIn && <AuthDialog isOpen onOpenChange={(open) => !open && setSigningIn(false)} initialMode="sign-in" prefill={{ email: link?.newEmail }} />;
  if (done) {
    return (
      <LinkPage
        title="Your new address is set"
        status={<>Your account now uses <strong>{link?.newEmail}</strong>. Please sign in with it.</>}
        actions={<Button onPress={() => setSigningIn(true)}>Sign in</Button>}
      >
        {dialogView}
      </LinkPage>
    );
  }
  const usable = link && !link.expired;
  return (
    <LinkPage
      title="Confirm your new address"
      intro={usable && link.newEmail ? <>Move your account from <strong>{link.email}</strong> to <strong>{link.newEmail}</strong>: enter your password to confirm.</> : undefined}
      problem={problem}
      form={
        usable
          ? {
              fields: <TextField label="Password" type="password" autoComplete="current-password" value={form.values.password} onChange={(v) => form.set("password", v)} error={form.errors.password} isRequired />,
              submitLabel: "Confirm new address",
              saving: form.saving,
              onSubmit: () => void save(),
            }
          : undefined
      }
    >
      {dialogView}
    </LinkPage>
  );
}
