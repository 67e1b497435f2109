// /reset-password?token=… from the reset letter: choose a new password, then sign in with it.
import { useState } from "react";
import { useLocation } from "react-router-dom";
import { z } from "zod";
import { ClientResponseError } from "pocketbase";
import { Button } from "../../ui/Button";
import { TextField, useForm } from "../../ui/form";
import { pb } from "../../lib/pocketbase";
import AuthDialog, { type AuthMode } from "./AuthDialog";
import { messageOf } from "./authStore";
import { readLinkToken } from "./linkToken";
import { LinkPage } from "./LinkPage";

const schema = z
  .object({
    password: z.string().min(8, "Please choose a password of at least 8 characters."),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The two passwords do not match." });

export function ResetPasswordPage() {
  const link = readLinkToken(useLocation().search);
  const form = useForm(schema, { password: "", confirm: "" });
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState(link?.expired ? "This link has expired. Ask for a new one below." : link ? "" : "This link is incomplete. Please open it again from the letter, or ask for a new one below.");
  const [dialog, setDialog] = useState<AuthMode | null>(null);

  async function save() {
    setProblem("");
    await form.submit(async ({ password, confirm }) => {
      try {
        await pb.collection("users").confirmPasswordReset(link!.token, password, confirm);
        setDone(true);
      } catch (err) {
        setProblem(err instanceof ClientResponseError && err.status === 400 && !err.response?.data?.password
          ? "This link has expired or was already used. Ask for a new one below."
          : messageOf(err));
      }
    });
  }

  const dialogView = dialog && <AuthDialog isOpen onOpenChange={(open) => !open && setDialog(null)} initialMode={dialog} prefill={{ email: link?.email }} />;
  if (done) {
    return (
      <LinkPage
        title="Your new password is set"
        status={<>Your password has been changed{link?.email ? <> for <strong>{link.email}</strong></> : null}. Sign in with it now.</>}
        actions={<Button onPress={() => setDialog("sign-in")}>Sign in</Button>}
      >
        {dialogView}
      </LinkPage>
    );
  }
  const usable = link && !link.expired;
  return (
    <LinkPage
      title="Choose a new password"
      intro={usable && link.email ? <>For your account <strong>{link.email}</strong>.</> : undefined}
      problem={problem}
      form={
        usable
          ? {
              fields: (
                <>
                  <TextField label="New password" type="password" autoComplete="new-password" value={form.values.password} onChange={(v) => form.set("password", v)} error={form.errors.password} description="At least 8 characters." isRequired />
                  <TextField label="Repeat the new password" type="password" autoComplete="new-password" value={form.values.confirm} onChange={(v) => form.set("confirm", v)} error={form.errors.confirm} isRequired />
                </>
              ),
              submitLabel: "Save new password",
              saving: form.saving,
              onSubmit: () => void save(),
            }
          : undefined
      }
      actions={
        problem && (
          <Button variant="secondary" onPress={() => setDialog("reset")}>
            Send a new link
          </Button>
        )
      }
    >
      {dialogView}
    </LinkPage>
  );
}
