import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "../../ui/Button";
import { useFocusOnMount } from "../../ui/useFocusOnMount";
import { TextField } from "../../ui/form/fields";
import { submitAction } from "../../lib/outbox";
import { useAuth } from "../account/authStore";
import type { NotifyMeProps, Wish } from "./wish";
import { WISH_WORDING, WISH_WORDING_VERSION } from "./wording";
import styles from "./wishes.module.css";

/** The address field "Tell me when it's back" opens (NotifyMe.tsx), and what it says once sent. */
export function WishForm({ item, label, what, onDone }: NotifyMeProps & { label: string; onDone: (d: { email: string; queued: boolean }) => void }) {
  const id = useId();
  const signedIn = useAuth((s) => s.user?.email ?? "");
  const [email, setEmail] = useState(signedIn);
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);
  // The field takes focus from the button it replaces, and again when its address is refused.
  const form = useRef<HTMLFormElement>(null);
  const focusField = () => form.current?.querySelector<HTMLInputElement>("input")?.focus();
  useEffect(() => {
    const frame = requestAnimationFrame(focusField);
    return () => cancelAnimationFrame(frame);
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setError("Please provide a valid email address.");
      focusField();
      return;
    }
    setSending(true);
    const payload: Wish = { ...item, email: address, wording_version: WISH_WORDING_VERSION };
    const result = await submitAction("wish", payload, `Tell me when it's back: ${what}`);
    setSending(false);
    if (result.state === "refused") {
      setError(result.reason);
      focusField();
      return;
    }
    onDone({ email: address, queued: result.state === "queued" });
  }

  return (
    <form ref={form} className={styles.form} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <p id={`${id}-title`} className={styles.title}>
        {label}
      </p>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        isRequired
        value={email}
        onChange={(v) => (setEmail(v), setError(""))}
        isDisabled={sending}
        error={error}
        description={WISH_WORDING}
      />
      <Button type="submit" size="small" className={styles.send} isDisabled={sending}>
        {sending ? "Sending..." : "Notify me"}
      </Button>
    </form>
  );
}

export function Done({ email, queued, what }: { email: string; queued: boolean; what: string }) {
  const said = useFocusOnMount<HTMLParagraphElement>();
  return (
    <p ref={said} tabIndex={-1} className={styles.done} role="status">
      {queued
        ? `You're offline: we'll send your request as soon as you're back online, then write to ${email} once about ${what}.`
        : `Thank you. We'll write to ${email} once about ${what}. If this address is new to our letters, press the button in the letter we just sent to confirm it first.`}
    </p>
  );
}
