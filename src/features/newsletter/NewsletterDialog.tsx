import { useState, type FormEvent } from "react";
import { Dialog } from "../../ui/Dialog";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { submitAction } from "../../lib/outbox";
import { CheckboxField } from "../../ui/form";
import type { NewsletterSignup } from "./signup";
import { LISTS, WORDING, WORDING_VERSION } from "./lists";
import styles from "./newsletter.module.css";

const TICKED = LISTS.filter((l) => l.checked).map((l) => l.id);
const EMPTY = { email: "", first_name: "", last_name: "" };

export default function NewsletterDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (o: boolean) => void }) {
  const [values, setValues] = useState(EMPTY);
  const [lists, setLists] = useState<string[]>(TICKED);
  const [listsError, setListsError] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!lists.length) {
      setListsError("Please choose at least one list.");
      return;
    }
    setSubmitting(true);
    const payload: NewsletterSignup = {
      email: values.email.trim(),
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      lists: LISTS.filter((l) => lists.includes(l.id)).map((l) => l.id),
      wording_version: WORDING_VERSION,
    };
    const result = await submitAction("newsletter-signup", payload, `Newsletter signup: ${payload.email}`);
    setSubmitting(false);
    if (result.state === "refused") {
      toast({ title: "Signup failed", description: result.reason, tone: "error" });
      return;
    }
    toast({
      title: "Newsletter signup successful!",
      description:
        result.state === "queued"
          ? "Thank you for subscribing to our newsletter. You're offline: we'll send your signup as soon as you're back online, then a letter to confirm it."
          : "Thank you for subscribing to our newsletter. We sent a letter to confirm: your letters start when you press its button.",
    });
    setValues(EMPTY);
    setLists(TICKED);
    onOpenChange(false);
  }

  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title="Newsletter Signup" width={480}>
      <form onSubmit={submit} className={styles.form}>
        <p className="muted">{WORDING}</p>
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
        <fieldset className={styles.lists} aria-describedby={listsError ? "newsletter-lists-error" : undefined}>
          <legend>Letters about</legend>
          {LISTS.map((l) => (
            <CheckboxField
              key={l.id}
              label={l.name}
              checked={lists.includes(l.id)}
              isDisabled={submitting}
              onChange={(on) => {
                setListsError("");
                setLists((now) => (on ? [...now, l.id] : now.filter((id) => id !== l.id)));
              }}
            />
          ))}
          {listsError && (
            <p id="newsletter-lists-error" className={styles.error} role="alert">
              {listsError}
            </p>
          )}
        </fieldset>
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
