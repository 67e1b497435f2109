// The one form pattern: values in state, a zod schema checked on submit, the first message per
// field shown under it, and nothing typed ever lost on an error.
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/**
 * `schema` may be a loader (`() => import("./schema").then((m) => m.schema)`): a page whose form
 * is part of its first paint then loads zod only when the form is first submitted.
 */
export function useForm<S extends FormSchema>(schema: S | (() => Promise<S>), initial: z.input<S>) {
  type Values = z.input<S> & Record<string, unknown>;
  const [values, setValues] = useState<Values>(initial as Values);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [saving, setSaving] = useState(false);
  // A refused submit moves focus to the first field in error, whose message it then reads out;
  // the form is the one whose button or field was used to submit.
  const refusedIn = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    const form = refusedIn.current;
    if (!form) return;
    refusedIn.current = null;
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

  /** Shows `found` under their fields and puts focus on the first of them. */
  function fail(found: FieldErrors<Values>) {
    refusedIn.current = document.activeElement?.closest("form") ?? null;
    setErrors(found);
  }

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  }

  /** Validates; on success runs `save` with the parsed values while `saving` is true. */
  async function submit(save: (parsed: z.output<S>) => Promise<void> | void, onInvalid?: (errors: FieldErrors<Values>) => void) {
    const submitter = document.activeElement;
    const result = (typeof schema === "function" ? await schema() : schema).safeParse(values);
    if (!result.success) {
      const found: FieldErrors<Values> = {};
      for (const issue of result.error.issues) {
        const key = issue.path[0] as keyof Values;
        if (key !== undefined && !found[key]) found[key] = issue.message;
      }
      refusedIn.current = submitter?.closest("form") ?? null;
      setErrors(found);
      onInvalid?.(found);
      return false;
    }
    setSaving(true);
    try {
      await save(result.data);
      return true;
    } finally {
      setSaving(false);
    }
  }

  return { values, errors, saving, set, setValues, setErrors, fail, submit, reset: () => setValues(initial as Values) };
}
