import { useEffect, useId, useState, type FormEvent } from "react";
import { pb } from "../../lib/pocketbase";
import { Button } from "../../ui/Button";
import { messageOf, useAuth } from "../account";
import { REMINDER_WORDING } from "./reminderWording";
import { rememberedReminder, rememberReminder } from "./reminderStorage";
import styles from "./Cart.module.css";

/**
 * "Remind me about this cart if I don't finish": unticked until the person ticks it and gives an
 * address (a signed-in customer's is filled in). The consent is separate from the newsletter.
 */
export function CartReminder({ sessionId, code }: { sessionId: string; code: string }) {
  const user = useAuth((s) => s.user);
  const [saved, setSaved] = useState(() => rememberedReminder(sessionId));
  const [ticked, setTicked] = useState(!!saved);
  const [email, setEmail] = useState(saved || user?.email || "");
  const [said, setSaid] = useState("");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    if (!email && user?.email) setEmail(user.email);
  }, [user, email]);

  async function send(body: Record<string, unknown>) {
    setBusy(true);
    setProblem("");
    try {
      await pb.send("/api/studio/cart/reminder", { method: "POST", body: { cart_session_id: sessionId, ...body } });
      return true;
    } catch (err) {
      setProblem(messageOf(err));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function remind(e: FormEvent) {
    e.preventDefault();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return setProblem("Please enter the email address for the reminder.");
    if (await send({ email: address, wording_version: REMINDER_WORDING.version, code })) {
      rememberReminder(sessionId, address);
      setSaved(address);
      setSaid(`We'll remind ${address} if you don't finish.`);
    }
  }

  async function untick() {
    setTicked(false);
    if (!saved) return;
    if (await send({ remind: false })) {
      rememberReminder(sessionId, "");
      setSaved("");
      setSaid("No reminder will come about this cart.");
    } else {
      setTicked(true);
    }
  }

  return (
    <form className={styles.reminder} onSubmit={(e) => void remind(e)} noValidate>
      <label className={styles.reminderBox}>
        <input type="checkbox" checked={ticked} onChange={(e) => (e.target.checked ? setTicked(true) : void untick())} disabled={busy} aria-describedby={`${id}-hint`} />
        <span>{REMINDER_WORDING.label}</span>
      </label>
      <p id={`${id}-hint`} className={styles.reminderHint}>
        {REMINDER_WORDING.hint}
      </p>
      {ticked && !saved && (
        <>
          <label htmlFor={`${id}-email`}>Email for the reminder</label>
          <div className={styles.codeRow}>
            <input
              id={`${id}-email`}
              type="email"
              name="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
              maxLength={254}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
            <Button type="submit" variant="secondary" size="small" isDisabled={busy}>
              Remind me
            </Button>
          </div>
        </>
      )}
      {problem && (
        <p id={`${id}-problem`} className={styles.codeProblem} role="alert">
          {problem}
        </p>
      )}
      <p className={styles.reminderHint} role="status">
        {saved ? `We'll remind ${saved} if you don't finish.` : said}
      </p>
    </form>
  );
}
