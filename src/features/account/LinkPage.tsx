// The page a link in an account letter opens (reset password, confirm the address, confirm a new
// address): one card with its heading, what happened, what went wrong, an optional form and the
// next steps. Each page keeps its own states and words; this keeps them looking and reading alike.
import { useId, type ReactNode } from "react";
// Straight from its file, not the form index: the confirmation page has no form and should not
// load the fields with it.
import { SubmitButton } from "../../ui/form/SubmitButton";
import styles from "./linkPages.module.css";

interface LinkForm {
  /** The fields, from the one form pattern (ui/form). */
  fields: ReactNode;
  submitLabel: string;
  saving: boolean;
  onSubmit(): void;
}

interface Props {
  title: string;
  /** What the link did, announced as a status; `pending` while it is still at work. */
  status?: ReactNode;
  pending?: boolean;
  /** Who the link is for, above the form. */
  intro?: ReactNode;
  /** What went wrong, announced as an alert. */
  problem?: string;
  form?: LinkForm;
  /** The buttons that lead on. */
  actions?: ReactNode;
  /** Beside the card: the sign-in dialog a page opens. */
  children?: ReactNode;
}

export function LinkPage({ title, status, pending, intro, problem, form, actions, children }: Props) {
  const titleId = useId();
  return (
    <div className={`container ${styles.page}`}>
      <section className={styles.card} aria-labelledby={titleId}>
        <h1 id={titleId}>{title}</h1>
        {status && (
          <p className={pending ? undefined : styles.done} role="status">
            {status}
          </p>
        )}
        {intro && <p>{intro}</p>}
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        {form && (
          <form
            className={styles.form}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              form.onSubmit();
            }}
          >
            {form.fields}
            <SubmitButton saving={form.saving} savingText="Saving...">
              {form.submitLabel}
            </SubmitButton>
          </form>
        )}
        {actions && <div className={styles.actions}>{actions}</div>}
      </section>
      {children}
    </div>
  );
}
