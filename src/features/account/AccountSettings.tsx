// The account's address on the customer dashboard: confirm it, or move the account to another one.
// Both go through the letters of PocketBase's auth mail.
import { useState } from "react";
import { z } from "zod";
import { ClientResponseError } from "pocketbase";
import { Button } from "../../ui/Button";
import { SubmitButton, TextField, useForm } from "../../ui/form";
import { pb } from "../../lib/pocketbase";
import { messageOf, useAuth } from "./authStore";
import styles from "./linkPages.module.css";

const schema = z.object({ email: z.string().trim().includes("@", { message: "Please provide a valid email address" }) });

export default function AccountSettings() {
  const user = useAuth((s) => s.user);
  const form = useForm(schema, { email: "" });
  const [note, setNote] = useState<{ tone: "done" | "problem"; text: string } | null>(null);
  if (!user) return null;

  async function resend() {
    try {
      await pb.collection("users").requestVerification(user!.email);
      setNote({ tone: "done", text: `A new confirmation letter is on its way to ${user!.email}.` });
    } catch (err) {
      setNote({ tone: "problem", text: messageOf(err) });
    }
  }

  async function change() {
    setNote(null);
    await form.submit(async ({ email }) => {
      try {
        await pb.collection("users").requestEmailChange(email);
        form.reset();
        setNote({ tone: "done", text: `A letter is on its way to ${email}. Follow its link to move your account there; until then it keeps ${user!.email}.` });
      } catch (err) {
        const code = err instanceof ClientResponseError ? err.response?.data?.newEmail?.code : undefined;
        setNote({ tone: "problem", text: code === "validation_not_unique" || code === "validation_invalid_new_email" ? "That address already belongs to an account, or is not valid." : messageOf(err) });
      }
    });
  }

  return (
    <div className={styles.form}>
      <p>
        You sign in with <strong>{user.email}</strong>
        {user.verified ? ", a confirmed address." : ", which is not confirmed yet."}
      </p>
      {!user.verified && (
        <div className={styles.actions}>
          <Button variant="secondary" size="small" onPress={() => void resend()}>
            Send the confirmation letter again
          </Button>
        </div>
      )}
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void change();
        }}
      >
        <TextField label="New email address" type="email" autoComplete="email" value={form.values.email} onChange={(v) => form.set("email", v)} error={form.errors.email} />
        <div className={styles.actions}>
          <SubmitButton saving={form.saving} savingText="Sending..." variant="secondary">
            Change my email
          </SubmitButton>
        </div>
      </form>
      {note && (
        <p className={note.tone === "done" ? styles.done : styles.problem} role={note.tone === "done" ? "status" : "alert"}>
          {note.text}
        </p>
      )}
    </div>
  );
}
