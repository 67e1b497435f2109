import { useState, type FormEvent } from "react";
import { Dialog } from "../../ui/Dialog";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { submitAction } from "../../lib/outbox";
import type { NewsletterSignup } from "./signup";
import styles from "./newsletter.module.css";

const EMPTY: NewsletterSignup = { email: "", first_name: "", last_name: "" };

export default function NewsletterDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (o: boolean) => void }) {
  const [values, setValues] = useState(EMPTY);
  const [submitting, setSubmitting] = useState(false);
  const set = (k: keyof NewsletterSignup) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitting(true);
    const payload = { email: values.email.trim(), first_name: values.first_name.trim(), last_name: values.last_name.trim() };
    const result = await submitAction("newsletter-signup", payload, `Newsletter signup: ${payload.email}`);
    setSubmitting(false);
    if (result.state === "refused") {
      toast({ title: "Signup failed", description: result.reason, tone: "error" });
      return;
    }
    toast({
      title: "Newsletter signup successful!",
      description: result.state === "queued" ? "You're offline: we'll send your signup as soon as you're back online." : "Thank you for subscribing to our newsletter.",
    });
    setValues(EMPTY);
    onOpenChange(false);
  }

  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title="Newsletter Signup" width={480}>
      <form onSubmit={submit} className={styles.form}>
        <p className="muted">New paintings, story videos and studio news, about once a month.</p>
        <label>
          Email
          <input type="email" name="email" required autoComplete="email" value={values.email} onChange={set("email")} disabled={submitting} />
        </label>
        <label>
          First Name
          <input name="first_name" required autoComplete="given-name" value={values.first_name} onChange={set("first_name")} disabled={submitting} />
        </label>
        <label>
          Last Name
          <input name="last_name" required autoComplete="family-name" value={values.last_name} onChange={set("last_name")} disabled={submitting} />
        </label>
        <div className={styles.actions}>
          <Button variant="ghost" onPress={() => onOpenChange(false)} isDisabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={submitting}>
            {submitting ? "Subscribing..." : "Subscribe"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
