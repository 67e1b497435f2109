import { useState } from "react";
import { z } from "zod";
import { Dialog } from "../../ui/Dialog";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { SubmitButton, TextField, useForm } from "../../ui/form";
import { messageOf, requestPasswordReset, signIn, signUp, type StudioUser } from "./authStore";
import styles from "./account.module.css";

export type AuthMode = "sign-in" | "sign-up" | "reset";

const signInSchema = z.object({
  email: z.string().trim().min(1, "Please enter your email."),
  password: z.string().min(1, "Please enter your password."),
});
const signUpSchema = z.object({
  first_name: z.string().trim().min(1, "Please enter your first name."),
  last_name: z.string().trim(),
  email: z.string().trim().includes("@", { message: "Please provide a valid email address" }),
  password: z.string().min(8, "Please choose a password of at least 8 characters."),
});
const resetSchema = z.object({ email: z.string().trim().includes("@", { message: "Please provide a valid email address" }) });

interface Props {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  initialMode?: AuthMode;
  prefill?: { email?: string; first_name?: string; last_name?: string };
  /** Shown above the form, e.g. why an account is needed now. */
  intro?: string;
  onSignedIn?: (user: StudioUser) => void | Promise<void>;
}

export default function AuthDialog({ isOpen, onOpenChange, initialMode = "sign-in", prefill = {}, intro, onSignedIn }: Props) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [problem, setProblem] = useState("");
  const [resetSent, setResetSent] = useState("");
  // Each mode checks its own fields in submit(); the form itself only holds the values.
  const form = useForm(z.object({ email: z.string(), first_name: z.string(), last_name: z.string(), password: z.string() }), {
    email: prefill.email ?? "",
    first_name: prefill.first_name ?? "",
    last_name: prefill.last_name ?? "",
    password: "",
  });
  const { values, errors, set, saving } = form;

  async function submit() {
    setProblem("");
    const schema = mode === "sign-up" ? signUpSchema : mode === "sign-in" ? signInSchema : resetSchema;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      form.fail(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])));
      return;
    }
    await form.submit(async () => {
      try {
        if (mode === "reset") {
          await requestPasswordReset(values.email);
          setResetSent(values.email.trim());
          return;
        }
        const user = mode === "sign-up" ? await signUp(values) : await signIn(values.email, values.password);
        toast({ title: mode === "sign-up" ? "Account created" : "Signed in", description: `Welcome, ${user.first_name || user.email}.` });
        onOpenChange(false);
        await onSignedIn?.(user);
      } catch (err) {
        setProblem(messageOf(err));
      }
    });
  }

  const title = mode === "sign-up" ? "Create your account" : mode === "reset" ? "Reset your password" : "Sign in";
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={title} width={480}>
      {intro && <p className={styles.intro}>{intro}</p>}
      {mode === "reset" && resetSent ? (
        <div role="status" className={styles.sent}>
          <p>
            If an account exists for <strong>{resetSent}</strong>, a link to reset the password is on its way. Check your inbox.
          </p>
          <Button variant="secondary" onPress={() => (setResetSent(""), setMode("sign-in"))}>
            Back to sign in
          </Button>
        </div>
      ) : (
        <form
          className={styles.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {mode === "sign-up" && (
            <div className={styles.row}>
              <TextField label="First name" value={values.first_name} onChange={(v) => set("first_name", v)} error={errors.first_name} autoComplete="given-name" isRequired />
              <TextField label="Last name" value={values.last_name} onChange={(v) => set("last_name", v)} error={errors.last_name} autoComplete="family-name" />
            </div>
          )}
          <TextField label="Email" type="email" value={values.email} onChange={(v) => set("email", v)} error={errors.email} autoComplete="email" isRequired />
          {mode !== "reset" && (
            <TextField
              label="Password"
              type="password"
              value={values.password}
              onChange={(v) => set("password", v)}
              error={errors.password}
              autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
              description={mode === "sign-up" ? "At least 8 characters." : undefined}
              isRequired
            />
          )}
          {problem && (
            <p className={styles.problem} role="alert">
              {problem}
            </p>
          )}
          <SubmitButton saving={saving} savingText="Please wait...">
            {mode === "sign-up" ? "Create account" : mode === "reset" ? "Send reset link" : "Sign in"}
          </SubmitButton>
          <div className={styles.switches}>
            {mode !== "sign-in" && (
              <Button variant="ghost" size="small" onPress={() => setMode("sign-in")}>
                I have an account
              </Button>
            )}
            {mode !== "sign-up" && (
              <Button variant="ghost" size="small" onPress={() => setMode("sign-up")}>
                Create an account
              </Button>
            )}
            {mode === "sign-in" && (
              <Button variant="ghost" size="small" onPress={() => setMode("reset")}>
                Forgot password?
              </Button>
            )}
          </div>
        </form>
      )}
    </Dialog>
  );
}
