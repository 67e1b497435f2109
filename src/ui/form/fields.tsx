import { useId, type ReactNode } from "react";
import { Input, Label, TextArea, TextField as AriaTextField, Text } from "react-aria-components";
import styles from "./form.module.css";

interface Common {
  label: string;
  error?: string;
  description?: ReactNode;
  isRequired?: boolean;
  isDisabled?: boolean;
}

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
}: Common & {
  value: string;
  onChange: (v: string) => void;
  multiline?: boolean;
  type?: "text" | "email" | "password" | "tel" | "url" | "number";
  autoComplete?: string;
  name?: string;
  inputMode?: "decimal" | "numeric" | "text" | "email" | "tel" | "url";
}) {
  return (
    <AriaTextField
      className={styles.field}
      value={value}
      onChange={onChange}
      type={type}
      name={name}
      autoComplete={autoComplete}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={!!error}
      validationBehavior="aria"
    >
      <Label className={styles.label}>
        {label}
        {isRequired && <span aria-hidden="true"> *</span>}
      </Label>
      {multiline ? <TextArea className={styles.input} rows={5} /> : <Input className={styles.input} inputMode={inputMode} />}
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      {error && (
        <Text slot="errorMessage" className={styles.error} elementType="p">
          {error}
        </Text>
      )}
    </AriaTextField>
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
}: Common & { value: string; onChange: (v: string) => void; options: { value: string; label: string }[]; placeholder?: string }) {
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
          <option key={o.value} value={o.value}>
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

export function CheckboxField({ label, checked, onChange, isDisabled }: { label: string; checked: boolean; onChange: (v: boolean) => void; isDisabled?: boolean }) {
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={isDisabled} />
      {label}
    </label>
  );
}
