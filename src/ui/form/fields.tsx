import { useId, type ReactNode } from "react";
import styles from "./form.module.css";

interface Common {
  label: string;
  error?: string;
  description?: ReactNode;
  isRequired?: boolean;
  isDisabled?: boolean;
}

/** A text input or text area, native (no react-aria on a page's first paint), labelled and described for assistive tech. */
export function TextField({
  label,
  error,
  description,
  value,
  onChange,
  multiline,
  type = "text",
  autoComplete,
  isRequired,
  isDisabled,
  name,
  inputMode,
  min,
}: Common & {
  value: string;
  onChange: (v: string) => void;
  multiline?: boolean;
  type?: "text" | "email" | "password" | "tel" | "url" | "number" | "date" | "datetime-local";
  autoComplete?: string;
  name?: string;
  inputMode?: "decimal" | "numeric" | "text" | "email" | "tel" | "url";
  /** The earliest value a date field offers (yyyy-MM-dd). */
  min?: string;
}) {
  const id = useId();
  const describedBy = [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  const control = {
    id,
    className: styles.input,
    value,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    name,
    autoComplete,
    disabled: isDisabled,
    "aria-required": isRequired || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  };
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {isRequired && <span aria-hidden="true"> *</span>}
      </label>
      {multiline ? <textarea {...control} rows={5} /> : <input {...control} type={type} inputMode={inputMode} min={min} />}
      {description && (
        <p id={`${id}-description`} className={styles.description}>
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A native select: light, and the phone's own picker on touch screens. */
export function SelectField({
  label,
  error,
  value,
  onChange,
  options,
  placeholder,
  isRequired,
  isDisabled,
}: Common & { value: string; onChange: (v: string) => void; options: { value: string; label: string; disabled?: boolean }[]; placeholder?: string }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {isRequired && <span aria-hidden="true"> *</span>}
      </label>
      <select
        id={id}
        className={styles.input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        required={isRequired}
        disabled={isDisabled}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

export function CheckboxField({ label, checked, onChange, isDisabled, isRequired, error }: { label: string; checked: boolean; onChange: (v: boolean) => void; isDisabled?: boolean; isRequired?: boolean; error?: string }) {
  const id = useId();
  return (
    <>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          disabled={isDisabled}
          aria-required={isRequired || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {label}
      </label>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}
